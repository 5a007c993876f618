// Who may call a route or resource verb, checked before any input is read (docs/decisions/014,
// 019): `anyone` (visitors too), `viewer` (signed in, else UNAUTHORIZED) or `admin` (a signed-in
// operator, else ADMIN_REQUIRED). The operator check reads the database, so app.ts hands it in
// once (`registerAdminCheck`) and every dispatcher asks the same question the same way.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '@corkboard/shared/app-error';
import type { Database } from '@corkboard/db/schema';
import type { Viewer } from '../plugins/app/viewer.ts';
import { isActiveAdmin } from './admin.repository.ts';
import { requireViewer } from './viewer.ts';

export type Access = 'viewer' | 'anyone' | 'admin';
export type ViewerOf<A extends Access> = A extends 'anyone' ? Viewer | null : Viewer;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this signed-in person is an operator (registerAdminCheck). */
    isAdmin(viewer: Viewer): Promise<boolean>;
  }
}

export function registerAdminCheck(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorate('isAdmin', (viewer: Viewer) => isActiveAdmin(db, viewer.id));
}

/** The request's viewer if `access` lets them in; throws UNAUTHORIZED / ADMIN_REQUIRED. */
export async function checkAccess<A extends Access>(
  request: FastifyRequest,
  access: A,
): Promise<ViewerOf<A>> {
  if (access === 'anyone') return request.viewer as ViewerOf<A>;
  const viewer = requireViewer(request.viewer);
  if (access === 'admin' && !(await request.server.isAdmin(viewer))) {
    throw new AppError('ADMIN_REQUIRED');
  }
  return viewer;
}

// GET /healthz for load balancers and the e2e harness: 200 when the database answers.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRawRoute } from '../../core/http/route.ts';
import { pingDatabase } from './health.repository.ts';

export const healthRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRawRoute(app, {
    method: 'GET',
    url: '/healthz',
    summary: 'Health probe: 200 when the database answers, 503 SERVICE_UNAVAILABLE otherwise',
    tags: ['meta'],
    access: 'anyone',
    produces: { 'application/json': z.object({ status: z.literal('ok'), db: z.literal('ok') }) },
    handler: async ({ reply }) => {
      try {
        await pingDatabase(deps.db);
      } catch (error) {
        // The error handler logs 5xx answers with their cause.
        throw new AppError('SERVICE_UNAVAILABLE', { data: { db: 'unavailable' }, cause: error });
      }
      // Never cached: a stale "ok" would hide an outage.
      return reply.header('Cache-Control', 'no-store').send({ status: 'ok', db: 'ok' });
    },
  });
  done();
};

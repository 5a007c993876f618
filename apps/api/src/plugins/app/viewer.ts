// Who is asking. The resolver is a seam: by default the app reads the Better Auth session cookie
// (plugins/auth/session-viewer.ts); tests plug in a resolver to act as any user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface Viewer {
  id: string;
}

/**
 * Resolves the viewer of a request. The reply is passed so a resolver can forward cookies (a
 * refreshed or cleared session cookie).
 */
export type ViewerResolver = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Viewer | null | Promise<Viewer | null>;

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export const visitorResolver: ViewerResolver = () => null;

export function registerViewer(
  app: FastifyInstance,
  resolveViewer: ViewerResolver = visitorResolver,
): void {
  app.decorateRequest('viewer', null);
  // A callback hook: a resolver that knows at once (no session cookie: a visitor) answers without
  // a promise, and the request goes on in the same tick (docs/decisions/196).
  app.addHook('onRequest', (request, reply, done) => {
    let resolved: Viewer | null | Promise<Viewer | null>;
    try {
      resolved = resolveViewer(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (!(resolved instanceof Promise)) {
      request.viewer = resolved;
      done();
      return;
    }
    resolved.then(
      (viewer) => {
        request.viewer = viewer;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}

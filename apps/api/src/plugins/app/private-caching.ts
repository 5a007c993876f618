// Personal answers are never stored by a browser cache or a shared proxy (issue 13: private
// answers carried no Cache-Control). Any answer to a signed-in request that did not choose its
// own caching (media files are immutable and public) is `private, no-store`.
import type { FastifyInstance } from 'fastify';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function registerPrivateCaching(app: FastifyInstance): void {
  // A callback hook: nothing here waits, so no promise per answer (docs/decisions/196).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.viewer !== null && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
    done(null, payload);
  });
}

// Every write drops the caches that could now be wrong, on every process, before the writer
// hears back (docs/decisions/144 and 145): the visitor page cache (a pin saved, edited or
// deleted, a board renamed or made secret, a profile changed, a follow) and the session cache (a
// sign-out, a revoked session, a password change, a suspension). One rule for every unsafe
// request rather than a call in each of the many services that write: a service added later
// cannot forget it, and a write is visible on the next read everywhere. Failed requests (4xx)
// wrote nothing and drop nothing, so a flood of refused requests cannot empty the caches.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageCache } from '../../lib/page-cache.ts';
import { SESSIONS_TOPIC } from '../../lib/session-cache.ts';
import type { InvalidationBus } from '../../lib/shared-state.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Frequent writes that change neither a public page nor a session: the browser's error and
 * performance log and the ad impression/click events (visitors are shown no ads).
 */
export const WRITES_THAT_CHANGE_NO_PAGE: readonly string[] = ['/v3/client_log/', '/v3/ads/events/'];

function changesSharedState(request: FastifyRequest, status: number): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  if (status >= 400 && status < 500) return false;
  const path = request.url.split('?', 1)[0] ?? '';
  return !WRITES_THAT_CHANGE_NO_PAGE.some((prefix) => path.startsWith(prefix));
}

export function registerWriteInvalidation(
  app: FastifyInstance,
  pages: PageCache,
  bus: InvalidationBus,
): void {
  // A callback hook: reads (most answers) leave at the first test without a promise
  // (docs/decisions/196); a write's answer waits for the invalidation as before.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!changesSharedState(request, reply.statusCode)) {
      done(null, payload);
      return;
    }
    bus.publish(SESSIONS_TOPIC);
    pages
      .invalidate()
      .catch((error: unknown) => {
        request.log.warn(
          { err: error },
          'visitor pages not invalidated; stored pages expire within their TTL',
        );
      })
      .finally(() => done(null, payload));
  });
}

// A global per-IP request budget so one client cannot starve the others.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '@corkboard/shared/app-error';
import { REDIS_PREFIX } from '../../lib/shared-state.ts';

/** The budget window; RATE_LIMIT_MAX requests fit in it. */
export const RATE_LIMIT_WINDOW = '1 minute';

/**
 * Immutable, cache-friendly files are exempt: one scroll through a pin grid loads dozens of
 * images and would otherwise spend the whole budget meant for API calls.
 */
const EXEMPT_PREFIXES = ['/media/', '/assets/'];

/**
 * With `redis` (REDIS_URL), every API process counts in the same place, so the budget is per
 * address across all of them (ADR 105); without it, per process.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  max: number,
  redis?: Redis,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: RATE_LIMIT_WINDOW,
    ...(redis
      ? {
          redis,
          nameSpace: `${REDIS_PREFIX}rl:`,
          // Redis away: serve the request rather than fail it (ADR 105). The auth limits that
          // guard passwords and e-mails live in the database and still hold.
          skipOnError: true,
        }
      : {}),
    allowList: (request) => EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix)),
    // Thrown by the plugin, so it reaches the one error handler and becomes the envelope.
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  // The limiter hooks every route, but the not-found handler is not a route, and it serves every
  // page load (the SPA) and unknown API path (issue 13: 3,000 of 3,000 page loads from one
  // address were served). Same budget, same store, checked before any body is read.
  const limitUnrouted = app.rateLimit();
  // A callback hook: a routed request (the route's own limiter counts it) passes without a
  // promise (docs/decisions/196).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) {
      done();
      return;
    }
    limitUnrouted.call(app, request, reply).then(
      () => done(),
      (error: unknown) => done(error as Error),
    );
  });
}

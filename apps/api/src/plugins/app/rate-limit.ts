// A per-address request budget on every route, page load and unknown path, so one client cannot
// starve the others (issue 13).
//
// The budget is counted by one synchronous `onRequest` hook of our own (docs/decisions/202):
// with the counts in this process a request is counted and passed in the tick it arrived in, with
// no promise — @fastify/rate-limit's hook took four promises and an async key/allow-list step per
// request, the largest share of a cached visitor page's cost after the socket write. With
// REDIS_URL the counts live in Redis and every process shares them (ADR 105). The answers are the
// plugin's: the same `x-ratelimit-*` headers on every counted answer, `retry-after` and
// RATE_LIMITED (429) past the budget, the same address key (IPv6 by /64) and the same Redis keys.
//
// Routes that declare their own `rateLimit` (sign-in steps, settings writes, client logs…) keep
// @fastify/rate-limit, registered for them alone: their budgets are separate, as before.
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '@corkboard/shared/app-error';
import {
  localRequestBudget,
  redisRequestBudget,
  type BudgetCount,
  type RequestBudget,
} from '../../lib/request-budget.ts';
import { REDIS_PREFIX } from '../../lib/shared-state.ts';

/** The budget window; RATE_LIMIT_MAX requests fit in it. */
export const RATE_LIMIT_WINDOW = '1 minute';
export const RATE_LIMIT_WINDOW_MS = 60_000;
/**
 * Not in the spec (ADR 202). Addresses whose window this process remembers; past it the oldest
 * window is forgotten. 100,000 windows are a few megabytes.
 */
export const RATE_LIMIT_TRACKED_ADDRESSES = 100_000;
/** Where the shared counts live in Redis: the key prefix @fastify/rate-limit was given. */
export const RATE_LIMIT_REDIS_PREFIX = `${REDIS_PREFIX}rl:`;

export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
  retryAfter: 'retry-after',
} as const;

/**
 * Immutable, cache-friendly files are exempt: one scroll through a pin grid loads dozens of
 * images and would otherwise spend the whole budget meant for API calls.
 */
const EXEMPT_PREFIXES = ['/media/', '/assets/'];

/** The budget's key: the address, an IPv6 one by its /64 (as @fastify/rate-limit keyed it). */
export function budgetKey(ip: string): string {
  // normalizeIP parses every address as IPv6 first (a long regular expression); an IPv4 address
  // has no colon and comes out lower-cased, which is what this does without the parse.
  return ip.includes(':') ? normalizeIP(ip) : ip.toLowerCase();
}

function isExempt(request: FastifyRequest): boolean {
  return EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix));
}

/**
 * With `redis` (REDIS_URL), every API process counts in the same place, so the budget is per
 * address across all of them (ADR 105); without it, per process.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  max: number,
  redis?: Redis,
): Promise<void> {
  // Only for routes with their own `config.rateLimit` (global: false).
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: RATE_LIMIT_WINDOW,
    ...(redis
      ? {
          redis,
          nameSpace: RATE_LIMIT_REDIS_PREFIX,
          // Redis away: serve the request rather than fail it (ADR 105). The auth limits that
          // guard passwords and e-mails live in the database and still hold.
          skipOnError: true,
        }
      : {}),
    // Thrown by the plugin, so it reaches the one error handler and becomes the envelope.
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  registerRequestBudget(
    app,
    max,
    redis
      ? redisRequestBudget(redis, RATE_LIMIT_WINDOW_MS, RATE_LIMIT_REDIS_PREFIX)
      : localRequestBudget(RATE_LIMIT_WINDOW_MS, RATE_LIMIT_TRACKED_ADDRESSES),
  );
}

/** Headers and outcome of one counted request. */
function applyCount(
  reply: FastifyReply,
  max: number,
  count: BudgetCount,
  limit: string,
): AppError | undefined {
  const reset = String(Math.ceil(count.ttlMs / 1000));
  void reply.header(RATE_LIMIT_HEADERS.limit, limit);
  if (count.current <= max) {
    void reply.header(RATE_LIMIT_HEADERS.remaining, String(max - count.current));
    void reply.header(RATE_LIMIT_HEADERS.reset, reset);
    return undefined;
  }
  void reply.header(RATE_LIMIT_HEADERS.remaining, '0');
  void reply.header(RATE_LIMIT_HEADERS.reset, reset);
  void reply.header(RATE_LIMIT_HEADERS.retryAfter, reset);
  return new AppError('RATE_LIMITED');
}

/**
 * The budget of every request that is not a file and whose route has no budget of its own —
 * routed or not: the not-found handler serves every page load (the SPA) and unknown API path
 * (issue 13: 3,000 of 3,000 page loads from one address were served). Checked on arrival,
 * before any cookie, session or body is read.
 */
export function registerRequestBudget(
  app: FastifyInstance,
  max: number,
  budget: RequestBudget,
): void {
  const limit = String(max);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.rateLimit !== undefined || isExempt(request)) {
      done();
      return;
    }
    budget.hit(budgetKey(request.ip), (error, count) => {
      // Redis away: serve the request rather than fail it (ADR 105), as skipOnError did.
      if (error !== null || count === undefined) {
        done();
        return;
      }
      const refused = applyCount(reply, max, count, limit);
      if (refused === undefined) done();
      else done(refused);
    });
  });
}

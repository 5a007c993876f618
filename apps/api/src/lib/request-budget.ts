// Counts requests per address in fixed windows: the per-address budget of every route
// (plugins/app/rate-limit.ts, docs/decisions/202). In this process by default, answered in the
// same tick (no promise, no microtask: every request, cached page or not, passes here); in
// Valkey/Redis when REDIS_URL is set, so N processes share one budget per address (ADR 105).
//
// The arithmetic is @fastify/rate-limit's (its LocalStore and RedisStore, which counted this
// budget before ADR 202): a window starts at an address's first request and lasts `windowMs`;
// the count and the time left are answered after counting this request. The Redis keys are the
// ones that plugin used (`corkboard:rl:<address>`), so processes of both versions share counts
// during a rolling deploy.
import type { Redis } from 'ioredis';

/** The count after this request, and how long the address's window still runs. */
export interface BudgetCount {
  current: number;
  ttlMs: number;
}

export type BudgetCallback = (error: Error | null, count: BudgetCount | undefined) => void;

export interface RequestBudget {
  /**
   * Counts one request of `key`. The callback is called in the same tick when the counts are in
   * this process, after one round trip when they are in Redis.
   */
  hit(key: string, callback: BudgetCallback): void;
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * In this process. At most `maxKeys` addresses are remembered; past that the one whose window
 * started longest ago is forgotten (a Map keeps insertion order, and a renewed window is
 * re-inserted), so a flood from many addresses cannot grow memory without bound.
 */
export function localRequestBudget(
  windowMs: number,
  maxKeys: number,
  nowMs: () => number = Date.now,
): RequestBudget {
  const windows = new Map<string, Window>();
  return {
    hit(key, callback) {
      const now = nowMs();
      let window = windows.get(key);
      if (window === undefined || window.startedAt + windowMs <= now) {
        if (window !== undefined) windows.delete(key);
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
        if (windows.size > maxKeys) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
      }
      window.count += 1;
      callback(null, { current: window.count, ttlMs: window.startedAt + windowMs - now });
    },
  };
}

/**
 * INCR, and on the window's first request PEXPIRE: one atomic step, so N processes count one
 * window. A key left without an expiry (none should be) gets one rather than living forever.
 */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    ttl = left
  end
end
return { current, ttl }
`;

/** The ioredis command defined below (EVALSHA of HIT_SCRIPT, falling back to EVAL). */
const HIT_COMMAND = 'corkboardBudgetHit';

type HitCommand = (
  key: string,
  windowMs: number,
  callback: (error: Error | null | undefined, result?: [number, number]) => void,
) => void;

export function redisRequestBudget(redis: Redis, windowMs: number, prefix: string): RequestBudget {
  if (!(HIT_COMMAND in redis))
    redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
  const run = (redis as unknown as Record<typeof HIT_COMMAND, HitCommand>)[HIT_COMMAND].bind(redis);
  return {
    hit(key, callback) {
      run(`${prefix}${key}`, windowMs, (error, result) => {
        if (error || result === undefined) {
          callback(error ?? new Error('request budget: no answer from Redis'), undefined);
          return;
        }
        callback(null, { current: Number(result[0]), ttlMs: Number(result[1]) });
      });
    },
  };
}

// What several API processes must share beyond the database (docs/decisions/105): the per-address
// rate-limit counters and "this cache is stale" signals. With REDIS_URL, a Valkey/Redis carries
// both; without it they stay in this process, which is exactly right for one process.
import { Redis } from 'ioredis';

/**
 * Not in the spec. How long start-up waits for Redis before refusing to start: a server that
 * cannot share its limits would quietly give every process its own budget.
 */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/** The prefix of every key and channel we use, so a shared Redis can hold other things too. */
export const REDIS_PREFIX = 'corkboard:';

const INVALIDATE_PATTERN = `${REDIS_PREFIX}invalidate:*`;

/**
 * "Drop your cached copy of <topic>", to every process (this one included, at once). A `detail`
 * (e.g. a person's id, ADR 209) narrows what to drop; listeners that do not need one ignore it.
 */
export interface InvalidationBus {
  publish(topic: string, detail?: string): void;
  subscribe(topic: string, listener: InvalidationListener): void;
}

export type InvalidationListener = (detail: string | undefined) => void;

/** The Redis message of a publish without a detail (what every message was before ADR 209). */
const NO_DETAIL = '1';

export interface SharedState {
  bus: InvalidationBus;
  /** The connection rate limits count through; undefined: in-process counters. */
  redis: Redis | undefined;
  close(): Promise<void>;
}

export interface SharedStateLog {
  warn(fields: object, message: string): void;
}

export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

class Listeners {
  readonly #byTopic = new Map<string, Set<InvalidationListener>>();

  add(topic: string, listener: InvalidationListener): void {
    const set = this.#byTopic.get(topic) ?? new Set();
    set.add(listener);
    this.#byTopic.set(topic, set);
  }

  run(topic: string, detail: string | undefined): void {
    for (const listener of this.#byTopic.get(topic) ?? []) listener(detail);
  }
}

/** One process: the bus is a call. */
export function localSharedState(): SharedState {
  const listeners = new Listeners();
  return {
    bus: {
      publish: (topic, detail) => listeners.run(topic, detail),
      subscribe: (topic, listener) => listeners.add(topic, listener),
    },
    redis: undefined,
    close: () => Promise.resolve(),
  };
}

function redisClient(url: string, log: SharedStateLog): Redis {
  const client = new Redis(url, {
    // Fail a command fast rather than queue it while Redis is away: the rate limiter then lets
    // the request through (skipOnError) instead of holding it (ADR 105).
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    lazyConnect: true,
  });
  // Only the message: the URL may carry a password.
  client.on('error', (error: Error) =>
    log.warn({ err: { message: error.message } }, 'redis error'),
  );
  return client;
}

/**
 * Connects to the Redis at `url` (two connections: commands, and the subscription, which Redis
 * dedicates to it). Refuses to start when it does not answer within REDIS_CONNECT_TIMEOUT_MS.
 */
export async function redisSharedState(url: string, log: SharedStateLog): Promise<SharedState> {
  const redis = redisClient(url, log);
  const subscriber = redisClient(url, log);
  const listeners = new Listeners();
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.psubscribe(INVALIDATE_PATTERN);
  } catch (error) {
    redis.disconnect();
    subscriber.disconnect();
    const where = new URL(url);
    throw new RedisUnavailableError(
      `REDIS_URL is set, but ${where.hostname}:${where.port || '6379'} did not answer: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    // A detail travels as the message, prefixed so that it is never mistaken for NO_DETAIL.
    const detail = message.startsWith('=') ? message.slice(1) : undefined;
    listeners.run(channel.slice(`${REDIS_PREFIX}invalidate:`.length), detail);
  });
  return {
    bus: {
      publish(topic, detail) {
        // Here at once (the writer reads its own write), everywhere else through Redis; this
        // process hears its own message too, and dropping a cache twice costs one reload.
        listeners.run(topic, detail);
        const message = detail === undefined ? NO_DETAIL : `=${detail}`;
        redis.publish(`${REDIS_PREFIX}invalidate:${topic}`, message).catch((error: unknown) => {
          log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) }, topic },
            'cache invalidation not sent; other processes catch up when their copy expires',
          );
        });
      },
      subscribe: (topic, listener) => listeners.add(topic, listener),
    },
    redis,
    async close() {
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
}

export function connectSharedState(
  url: string | undefined,
  log: SharedStateLog,
): Promise<SharedState> {
  return url === undefined ? Promise.resolve(localSharedState()) : redisSharedState(url, log);
}

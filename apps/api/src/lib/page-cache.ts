// The server-side cache of serialized visitor pages (docs/decisions/144): the bytes of a
// signed-out answer and its ETag, keyed by the request. In this process by default; in
// Valkey/Redis when REDIS_URL is set, so every API process reads the one copy.
//
// Correctness rests on a generation number, not on timing: a reader notes the generation before
// it queries the database and stores its answer under that generation; a write bumps the
// generation after it commits (awaited before the writer gets its answer). A reader that raced a
// write therefore stores under a generation nobody reads again, and the first read after a write
// — on any process — misses and sees the write.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { REDIS_PREFIX, type InvalidationBus } from './shared-state.ts';

/** Not in the spec. How long a stored visitor page lives without a write (ADR 144). */
export const VISITOR_PAGE_TTL_MS = 60_000;
/** Not in the spec. The in-process cache's bound: serialized bytes of all entries (ADR 144). */
export const VISITOR_PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** The bus topic of "a public page may have changed" (ADR 105's InvalidationBus). */
export const VISITOR_PAGES_TOPIC = 'visitor-pages';

export interface CachedPage {
  etag: string;
  /**
   * The answer's UTF-8 bytes, encoded once when stored: a hit writes them as they are. (A string
   * body was re-encoded on every hit, and for a 40 kB page that was the largest single cost of
   * answering from the cache: docs/decisions/196.)
   */
  body: Buffer;
}

/** A lookup's answer: the entry if one is stored, and the generation to store a fresh one under. */
export interface PageLookup {
  generation: string;
  page: CachedPage | undefined;
}

export interface PageCache {
  get(key: string): Promise<PageLookup>;
  /**
   * The same lookup without waiting, when the cache is in this process (undefined: ask `get`).
   * A hit then goes out in the tick it arrived in (docs/decisions/196).
   */
  readonly getNow?: (key: string) => PageLookup;
  set(key: string, generation: string, page: CachedPage): Promise<void>;
  /** Drops every entry on every process; resolves once the next read anywhere misses. */
  invalidate(): Promise<void>;
}

/** A strong ETag of the exact bytes. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** One process: a byte-bounded LRU; the bus (a call here) bumps the generation and empties it. */
export function localPageCache(bus: InvalidationBus): PageCache {
  let generation = 0;
  const entries = new LRUCache<string, CachedPage & { generation: number }>({
    maxSize: VISITOR_PAGE_CACHE_MAX_BYTES,
    sizeCalculation: (page) => page.body.length + page.etag.length + 64,
    ttl: VISITOR_PAGE_TTL_MS,
  });
  bus.subscribe(VISITOR_PAGES_TOPIC, () => {
    generation += 1;
    entries.clear();
  });
  const getNow = (key: string): PageLookup => {
    const entry = entries.get(key);
    return {
      generation: String(generation),
      page: entry?.generation === generation ? entry : undefined,
    };
  };
  return {
    get: (key) => Promise.resolve(getNow(key)),
    getNow,
    set(key, stored, page) {
      if (stored === String(generation)) entries.set(key, { ...page, generation });
      return Promise.resolve();
    },
    invalidate() {
      bus.publish(VISITOR_PAGES_TOPIC);
      return Promise.resolve();
    },
  };
}

const GENERATION_KEY = `${REDIS_PREFIX}pages:generation`;
/** Between the ETag (ASCII) and the body in a stored entry. */
const NEWLINE = 0x0a;
const ENTRY_PREFIX = `${REDIS_PREFIX}pages:`;

/** The generation and, in the same round trip, the entry stored under it. */
const LOOKUP_SCRIPT = `
local generation = redis.call('GET', KEYS[1]) or '0'
return { generation, redis.call('GET', ARGV[1] .. generation .. ':' .. ARGV[2]) }
`;

function entryKey(generation: string, key: string): string {
  return `${ENTRY_PREFIX}${generation}:${hashKey(key)}`;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * Several processes: entries live in Redis, so there is one copy to drop. A write INCRs the
 * generation (awaited), which makes every process's next lookup miss; it also publishes on the
 * bus for anything a process keeps of its own. Entries of old generations expire by their TTL.
 */
export function redisPageCache(redis: Redis, bus: InvalidationBus): PageCache {
  return {
    async get(key) {
      // As bytes: the body goes out as it came (no decoding to a string and encoding back).
      const [generation, stored] = (await redis.callBuffer('eval', [
        LOOKUP_SCRIPT,
        1,
        GENERATION_KEY,
        ENTRY_PREFIX,
        hashKey(key),
      ])) as [Buffer, Buffer | null];
      if (stored === null) return { generation: generation.toString(), page: undefined };
      const newline = stored.indexOf(NEWLINE);
      return {
        generation: generation.toString(),
        page: { etag: stored.toString('latin1', 0, newline), body: stored.subarray(newline + 1) },
      };
    },
    async set(key, generation, page) {
      await redis.set(
        entryKey(generation, key),
        Buffer.concat([Buffer.from(`${page.etag}\n`, 'latin1'), page.body]),
        'PX',
        VISITOR_PAGE_TTL_MS,
      );
    },
    async invalidate() {
      await redis.incr(GENERATION_KEY);
      bus.publish(VISITOR_PAGES_TOPIC);
    },
  };
}

export function createPageCache(redis: Redis | undefined, bus: InvalidationBus): PageCache {
  return redis === undefined ? localPageCache(bus) : redisPageCache(redis, bus);
}

/**
 * Not in the spec (ADR 197): the key prefix of values other than visitor answers kept in the page
 * cache (a visitor answer's key is `<variant>|<url>`, and its URL starts with '/').
 */
const VALUE_KEY_PREFIX = 'value:';

/**
 * A JSON value computed from shared data (ADR 197), kept under the same generation rule as the
 * visitor pages: `load` runs on a miss, and its value is stored under the generation noted
 * before it ran, so a value that raced a write is never read. A cache that fails (Redis away)
 * costs the cache, never the answer. `load`'s value must be plain JSON (what it reads back).
 */
export async function readThrough<T>(
  pages: PageCache,
  key: string,
  load: () => Promise<T>,
  onCacheError: (error: unknown) => void,
): Promise<T> {
  const fullKey = `${VALUE_KEY_PREFIX}${key}`;
  let generation: string | undefined;
  try {
    const lookup = await pages.get(fullKey);
    if (lookup.page !== undefined) return JSON.parse(lookup.page.body.toString('utf8')) as T;
    generation = lookup.generation;
  } catch (error) {
    onCacheError(error);
  }
  return loadAndStore(pages, fullKey, generation, load, onCacheError);
}

/**
 * Parsed values of `readThroughShared`, by the stored bytes they were read from. An in-process
 * cache hands back the same Buffer on every hit, so a value is parsed once per generation; a
 * Redis hit is a new Buffer each time and is parsed as `readThrough` does (ADR 203).
 */
const parsedValues = new WeakMap<Buffer, unknown>();

/**
 * Not in the spec (ADR 203): how many values `readThroughShared` keeps parsed by key and
 * generation for a cache outside the process (Redis), where each hit is a new Buffer. A value
 * stored under a generation is that generation's value, so the copy parsed once serves until the
 * next write; the bound keeps many keys (feed bookmarks) from growing the process.
 */
export const SHARED_VALUES_BY_GENERATION_MAX = 256;
const parsedByGeneration = new LRUCache<string, { generation: string; value: object }>({
  max: SHARED_VALUES_BY_GENERATION_MAX,
});

/** Freezes a parsed JSON value and everything in it (a reader that writes to it throws). */
function deepFreeze(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * `readThrough` for a value read on every request and never changed by its readers (ADR 203:
 * the live-ad set, the home feed's shared newest-first page): a hit returns the one parsed copy
 * of that stored value (in process: by its bytes; Redis: by key and generation) instead of
 * parsing it again — frozen, so a reader that tried to change what every request shares would
 * throw rather than corrupt it. Callers treat the value as read-only.
 */
export async function readThroughShared<T>(
  pages: PageCache,
  key: string,
  load: () => Promise<T>,
  onCacheError: (error: unknown) => void,
): Promise<T> {
  const fullKey = `${VALUE_KEY_PREFIX}${key}`;
  let generation: string | undefined;
  try {
    const lookup = pages.getNow?.(fullKey) ?? (await pages.get(fullKey));
    if (lookup.page !== undefined) {
      const { body } = lookup.page;
      const known = parsedValues.get(body);
      if (known !== undefined) return known as T;
      const byGeneration = parsedByGeneration.get(fullKey);
      if (byGeneration?.generation === lookup.generation) return byGeneration.value as T;
      const parsed = deepFreeze(JSON.parse(body.toString('utf8')) as unknown) as T;
      parsedValues.set(body, parsed);
      if (pages.getNow === undefined && typeof parsed === 'object' && parsed !== null) {
        parsedByGeneration.set(fullKey, { generation: lookup.generation, value: parsed });
      }
      return parsed;
    }
    generation = lookup.generation;
  } catch (error) {
    onCacheError(error);
  }
  // The value loaded here is the one later hits return (the same object: ADR 209 keys what it
  // keeps per viewer by it), frozen like them.
  return loadAndStore(pages, fullKey, generation, load, onCacheError, (body, stored, value) => {
    const shared = deepFreeze(value);
    parsedValues.set(body, shared);
    if (pages.getNow === undefined && typeof shared === 'object' && shared !== null) {
      parsedByGeneration.set(fullKey, { generation: stored, value: shared });
    }
  });
}

/**
 * A miss of readThrough/readThroughShared: loads the value and stores it under the generation
 * the lookup saw (none when the cache failed: the value is only answered).
 */
async function loadAndStore<T>(
  pages: PageCache,
  fullKey: string,
  generation: string | undefined,
  load: () => Promise<T>,
  onCacheError: (error: unknown) => void,
  onStored?: (body: Buffer, generation: string, value: T) => void,
): Promise<T> {
  const value = await load();
  if (generation !== undefined) {
    const body = Buffer.from(JSON.stringify(value), 'utf8');
    onStored?.(body, generation, value);
    await pages.set(fullKey, generation, { etag: '', body }).catch(onCacheError);
  }
  return value;
}

// A short-lived, per-process cache of "this session cookie is this person" (issue 13: a signed-in
// request should not look its session up in the database every time; docs/decisions/145). Any
// write that may end a session (sign-out, revocation, password change, suspension, …) publishes
// SESSIONS_TOPIC on the InvalidationBus (ADR 105) and every process empties its copy; a lost
// message costs at most SESSION_CACHE_TTL_MS.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.ts';
import type { InvalidationBus } from './shared-state.ts';

/** Not in the spec. How long a looked-up session is trusted without asking again (ADR 145). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Not in the spec. Sessions remembered per process (ADR 145). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** The bus topic of "a session may have ended". */
export const SESSIONS_TOPIC = 'sessions';

export interface CachedSession {
  userId: string;
  token: string;
  /** The session's own expiry; the entry never outlives it. */
  expiresAt: Date;
}

export class SessionCache {
  readonly #now: Clock;
  /** Bumped by every invalidation: a lookup that raced one is not stored (see `set`). */
  #generation = 0;
  readonly #entries = new LRUCache<string, CachedSession & { until: number }>({
    max: SESSION_CACHE_MAX_ENTRIES,
  });

  constructor(bus: InvalidationBus, now: Clock) {
    this.#now = now;
    bus.subscribe(SESSIONS_TOPIC, () => {
      this.#generation += 1;
      this.#entries.clear();
    });
  }

  /** Keyed by a hash of the cookies, so no token sits in memory as a key. */
  static keyOf(cookies: string): string {
    return createHash('sha256').update(cookies).digest('base64url');
  }

  get(key: string): CachedSession | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until <= this.#now().getTime()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Note this before reading the database; hand it to `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** Stores a lookup unless an invalidation came since it began (it may be a revoked session). */
  set(key: string, generation: number, session: CachedSession): void {
    if (generation !== this.#generation) return;
    const until = Math.min(
      this.#now().getTime() + SESSION_CACHE_TTL_MS,
      session.expiresAt.getTime(),
    );
    this.#entries.set(key, { ...session, until });
  }
}

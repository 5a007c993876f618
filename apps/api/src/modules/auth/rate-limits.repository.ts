// Fixed-window counters in auth_rate_limits. One statement per hit (an upsert), so concurrent
// requests on several servers can never both read a stale count and slip past a limit.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export interface WindowRule {
  /** The window starts at the first hit and lasts this long. */
  readonly windowMs: number;
  /** Hits allowed in one window (a lock, if any, starts at this hit). */
  readonly max: number;
  /** When set, reaching `max` locks the key until now + lockMs. */
  readonly lockMs?: number;
}

export interface CounterState {
  count: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export interface CounterRow {
  count: number;
  window_started_at: Date | string;
  locked_until: Date | string | null;
}

export function counterState(row: CounterRow): CounterState {
  return {
    count: row.count,
    windowStartedAt: new Date(row.window_started_at),
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
  };
}

/** Counts one hit on `key` at `now` and answers the counter after it. */
export async function recordHit(
  db: Kysely<Database>,
  key: string,
  rule: WindowRule,
  now: Date,
): Promise<CounterState> {
  const cutoff = new Date(now.getTime() - rule.windowMs);
  const lockUntil = rule.lockMs === undefined ? null : new Date(now.getTime() + rule.lockMs);
  // The explicit casts give every parameter a type, which PostgreSQL needs inside CASE.
  const result = await sql<CounterRow>`
    INSERT INTO auth_rate_limits AS r (key, count, window_started_at, locked_until)
    VALUES (
      ${key}, 1, ${now}::timestamptz,
      CASE WHEN 1 >= ${rule.max}::int THEN ${lockUntil}::timestamptz END
    )
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_started_at <= ${cutoff}::timestamptz THEN 1 ELSE r.count + 1 END,
      window_started_at = CASE
        WHEN r.window_started_at <= ${cutoff}::timestamptz THEN ${now}::timestamptz
        ELSE r.window_started_at END,
      locked_until = CASE
        WHEN (CASE WHEN r.window_started_at <= ${cutoff}::timestamptz THEN 1 ELSE r.count + 1 END)
          >= ${rule.max}::int
        THEN COALESCE(${lockUntil}::timestamptz, r.locked_until)
        ELSE r.locked_until END
    RETURNING count, window_started_at, locked_until`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);
  return counterState(row);
}

export async function readCounter(
  db: Kysely<Database>,
  key: string,
): Promise<CounterState | undefined> {
  const row = await db
    .selectFrom('auth_rate_limits')
    .select(['count', 'window_started_at', 'locked_until'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row === undefined ? undefined : counterState(row);
}

export async function clearCounter(db: Kysely<Database>, key: string): Promise<void> {
  await clearCounters(db, [key]);
}

/** Clears several counters in one statement (a successful log-in clears its client's ones). */
export async function clearCounters(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('auth_rate_limits').where('key', 'in', keys).execute();
}

/** Deletes counters whose window and lock are both over; `maxWindowMs` is the longest window. */
export async function purgeCounters(
  db: Kysely<Database>,
  now: Date,
  maxWindowMs: number,
): Promise<number> {
  const result = await db
    .deleteFrom('auth_rate_limits')
    .where('window_started_at', '<', new Date(now.getTime() - maxWindowMs))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// pin_client_events (the client's pin log) and browser_extension_events (client-log.service.ts).
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export async function insertClientEvent(
  db: Kysely<Database>,
  row: Insertable<Database['pin_client_events']>,
): Promise<void> {
  await db.insertInto('pin_client_events').values(row).execute();
}

/** Removes events created before `before`; answers how many went. */
export async function deleteClientEventsBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('pin_client_events')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertExtensionEvent(
  db: Kysely<Database>,
  row: Insertable<Database['browser_extension_events']>,
): Promise<void> {
  await db.insertInto('browser_extension_events').values(row).execute();
}

/** Removes extension events created before `before`; answers how many went. */
export async function deleteExtensionEventsBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('browser_extension_events')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertPerformanceSample(
  db: Kysely<Database>,
  row: Insertable<Database['visitor_performance_samples']>,
): Promise<void> {
  await db.insertInto('visitor_performance_samples').values(row).execute();
}

export async function deletePerformanceSamplesBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('visitor_performance_samples')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Count and p50/p75/p95 per metric of the samples with a value since `since`. */
export async function performancePercentiles(
  db: Kysely<Database>,
  since: Date,
): Promise<
  { metric: string; n: string; p50: number | null; p75: number | null; p95: number | null }[]
> {
  const result = await sql<{
    metric: string;
    n: string;
    p50: number | null;
    p75: number | null;
    p95: number | null;
  }>`SELECT metric, count(*) AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS p50,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY value) AS p95
    FROM visitor_performance_samples
    WHERE created_at >= ${since} AND value IS NOT NULL
    GROUP BY metric`.execute(db);
  return result.rows;
}

/** How the profiler ended (complete / disabled) since `since`. */
export async function profilerEndStates(
  db: Kysely<Database>,
  since: Date,
): Promise<{ state: string | null; n: string }[]> {
  return db
    .selectFrom('visitor_performance_samples')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('metric', '=', 'image_visible')
    .where('created_at', '>=', since)
    .groupBy('state')
    .execute();
}

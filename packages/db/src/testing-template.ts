// What testing.ts (in the workers) and testing-global-setup.ts (in vitest's main process) share:
// making a migrated template and naming, reaching and waiting for test databases. No vitest
// import here: the main process loads it too.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { kyselyOverPglite, openPglite } from './create-db.ts';
import { migrateToLatest } from './migrations.ts';

/** How long close() waits for a test database's connections to go before dropping it. */
const DROP_WAIT_ATTEMPTS = 200;
const DROP_WAIT_STEP_MS = 10;

/** A dump of a freshly migrated PGlite database. */
export async function migratedPgliteDump(): Promise<Blob | File> {
  const pglite = await openPglite(undefined);
  const db = kyselyOverPglite(pglite);
  await migrateToLatest(db as Kysely<unknown>);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  return dump;
}

/** `postgres://…/postgres` with the database part replaced. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh name for a throwaway database (safe to use unquoted). */
export function testDatabaseName(prefix = 'corkboard_test'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/**
 * Waits (bounded) until nobody is connected to `name`. pool.end() resolves before the server has
 * seen every connection go; dropping WITH (FORCE) or cloning meanwhile would kill or trip over
 * those backends, and their clients report the FATAL as an unhandled error.
 */
export async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < DROP_WAIT_ATTEMPTS; attempt++) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, DROP_WAIT_STEP_MS));
  }
}

// Test databases: each test file gets its own. On PGlite that is a clone of a migrated template
// (cheap); with DATABASE_URL set it is a fresh database on that server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { kyselyOverPglite, openPglite, type DbHandle } from './create-db.ts';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';

let template: Promise<Blob | File> | undefined;

/** How long close() waits for a test database's connections to go before dropping it. */
const DROP_WAIT_ATTEMPTS = 200;
const DROP_WAIT_STEP_MS = 10;

/** A dump of a freshly migrated database, made once per test worker. */
async function migratedTemplate(): Promise<Blob | File> {
  const pglite = await openPglite(undefined);
  const db = kyselyOverPglite(pglite);
  await migrateToLatest(db as Kysely<unknown>);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  return dump;
}

export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return createServerTestDb(url);
  template ??= migratedTemplate();
  const pglite = await openPglite(undefined, await template);
  const db = kyselyOverPglite(pglite);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function createServerTestDb(url: string): Promise<DbHandle> {
  const name = `corkboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: testUrl.toString(), max: 5 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db as Kysely<unknown>);
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      // pool.end() resolves before the server has seen every connection go; dropping WITH
      // (FORCE) would then kill those backends, and their clients report the FATAL as an
      // unhandled error. Wait (bounded) until the database has no backends left.
      for (let attempt = 0; attempt < DROP_WAIT_ATTEMPTS; attempt++) {
        const { rows } = await dropper.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, DROP_WAIT_STEP_MS));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

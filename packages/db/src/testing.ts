// Test databases: each test file gets its own, restored from one migrated template.
// - PGlite (default): a new in-memory instance loaded from a dump of a migrated database.
// - DATABASE_URL set: `CREATE DATABASE … TEMPLATE <migrated template>` on that server, dropped
//   afterwards.
// The template is made once per run by testing-global-setup.ts (vitest globalSetup of the
// integration project) and its location handed over with provide/inject. A test that runs
// without that setup (another project, a single file run with another config) makes its own
// template once per worker: slower, same result.
import { readFile } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { PreparingClient } from './prepared.ts';
import {
  kyselyOverPglite,
  openPglite,
  rememberQueueConnection,
  type DbHandle,
} from './create-db.ts';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';
import {
  databaseUrl,
  migratedPgliteDump,
  testDatabaseName,
  waitUntilUnused,
} from './testing-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of a migrated PGlite database (PGlite runs). */
    pgliteTemplateDump?: string;
    /** Name of a migrated database on DATABASE_URL's server to clone (PostgreSQL runs). */
    postgresTemplateDatabase?: string;
  }
}

let pgliteTemplate: Promise<Blob | File> | undefined;

function pgliteTemplateDump(): Promise<Blob | File> {
  const path = inject('pgliteTemplateDump');
  pgliteTemplate ??= path
    ? readFile(path).then((bytes) => new Blob([bytes]))
    : migratedPgliteDump();
  return pgliteTemplate;
}

export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return createServerTestDb(url);
  const pglite = await openPglite(undefined, await pgliteTemplateDump());
  const db = kyselyOverPglite(pglite);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function createServerTestDb(url: string): Promise<DbHandle> {
  const name = testDatabaseName();
  const template = inject('postgresTemplateDatabase');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  // The production pool's client (create-db.ts), so marked queries run prepared here too.
  const pool = new pg.Pool({
    connectionString: databaseUrl(url, name),
    max: 5,
    Client: PreparingClient,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  rememberQueueConnection(db, { kind: 'postgres', connectionString: databaseUrl(url, name) });
  if (!template) await migrateToLatest(db as Kysely<unknown>);
  return {
    db,
    kind: 'postgres',
    url: databaseUrl(url, name),
    close: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await waitUntilUnused(dropper, name);
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

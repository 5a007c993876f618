// One Kysely instance over either embedded PGlite (default, data under DATA_DIR) or a real
// PostgreSQL server (when DATABASE_URL is set). Both speak the same SQL dialect.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparingPglite } from './pglite-prepared.ts';
import { PreparingClient } from './prepared.ts';
import type { Database } from './schema.ts';

export interface DbConfig {
  /** postgres://… — when set, a PostgreSQL server is used instead of PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's data (`<dataDir>/pgdata`); `memory://` keeps it in memory. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The connection string of a PostgreSQL database (for tests that start server processes). */
  url?: string;
  close(): Promise<void>;
}

// int8 (ids, count(*)) comes back as a string from both drivers, so ids stay exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value);

// Dates stay 'YYYY-MM-DD' strings: a birthday has no time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

const PGLITE_PARSERS = {
  [types.INT8]: (value: string) => value,
  [types.DATE]: (value: string) => value,
};

/**
 * Opens PGlite on `<dataDir>/pgdata` (or in memory). `loadDataDir` starts from a dump, which is
 * how tests get a migrated copy cheaply (PGlite's clone() drops the parsers above).
 */
export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob | File,
): Promise<PGlite> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  let location: string | undefined;
  if (!inMemory) {
    location = join(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  return PGlite.create(location, {
    extensions: { pg_trgm },
    parsers: PGLITE_PARSERS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/**
 * How a second client (the durable job queue, docs/decisions/139) reaches the database behind a
 * Kysely instance: the same embedded PGlite (one connection, shared) or the server's URL.
 */
export type QueueConnection =
  { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; connectionString: string };

const queueConnections = new WeakMap<Kysely<Database>, QueueConnection>();

/** Records where `db` lives, for `queueConnectionOf` (createDb and the test databases call it). */
export function rememberQueueConnection(db: Kysely<Database>, connection: QueueConnection): void {
  queueConnections.set(db, connection);
}

export function queueConnectionOf(db: Kysely<Database>): QueueConnection | undefined {
  return queueConnections.get(db);
}

export function kyselyOverPglite(pglite: PGlite): Kysely<Database> {
  // Queries and DML run as named prepared statements in PGlite's one session (ADR 205); the job
  // queue keeps the instance itself.
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite: preparingPglite(pglite) }),
  });
  rememberQueueConnection(db, { kind: 'pglite', pglite });
  return db;
}

export async function createDb(config: DbConfig): Promise<DbHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      // Marked queries run as named prepared statements (prepared.ts, ADR 197).
      Client: PreparingClient,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    rememberQueueConnection(db, { kind: 'postgres', connectionString: config.databaseUrl });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await openPglite(config.dataDir);
  const db = kyselyOverPglite(pglite);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

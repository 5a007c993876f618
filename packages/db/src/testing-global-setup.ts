// Vitest globalSetup of the integration project: migrates one template database per run, so each
// test file only restores it (testing.ts). On PGlite the template is a dump file; with
// DATABASE_URL it is a database on that server, cloned with CREATE DATABASE … TEMPLATE.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from './migrations.ts';
import {
  databaseUrl,
  migratedPgliteDump,
  testDatabaseName,
  waitUntilUnused,
} from './testing-template.ts';

async function withAdmin<T>(url: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

async function pgliteTemplate(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-test-template-'));
  const path = join(dir, 'migrated.tar');
  const dump = await migratedPgliteDump();
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateDump', path);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, url: string): Promise<() => Promise<void>> {
  const name = testDatabaseName('corkboard_template');
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const drop = () =>
    withAdmin(url, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  try {
    const pool = new pg.Pool({ connectionString: databaseUrl(url, name), max: 1 });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    await migrateToLatest(db);
    await db.destroy();
    await withAdmin(url, async (admin) => {
      // CREATE DATABASE … TEMPLATE refuses a source with sessions: make sure ours are gone, and
      // that nobody connects to the template by mistake.
      await waitUntilUnused(admin, name);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    });
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplateDatabase', name);
  return drop;
}

export async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const url = process.env.DATABASE_URL;
  return url ? postgresTemplate(project, url) : pgliteTemplate(project);
}

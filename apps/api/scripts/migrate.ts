// `npm run db:migrate`: brings the configured database (DATABASE_URL, or PGlite in DATA_DIR) up
// to date. The server also migrates on start; this is for deployments that migrate first.
import type { Kysely } from 'kysely';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { loadConfig } from '../src/config/config.ts';

const config = loadConfig();
const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await migrateToLatest(database.db as Kysely<unknown>);
  const applied = (result.results ?? []).filter((step) => step.status === 'Success');
  if (applied.length === 0) console.log('The database is already up to date.');
  for (const step of applied) console.log(`Applied migration ${step.migrationName}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}

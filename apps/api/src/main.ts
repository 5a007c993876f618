// The production entry point: config → database (migrated) → storage → app → first-start demo
// seed → listen. `node apps/api/src/main.ts` (npm start builds the web app first).
// PROCESS_ROLE (decision 139): `all` (default) serves HTTP and works the durable jobs; `api`
// serves HTTP and only queues jobs; `worker` works jobs and listens on nothing.
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { seedIfEmpty } from '@corkboard/db/seed/seed-demo';
import { demoImageStore } from './modules/media/image-files.ts';
import { createStorage } from '@corkboard/media/create-storage';
import { buildApp } from './app.ts';
import { preloadCommonPasswords } from '@corkboard/shared/auth/common-passwords.server';
import { ConfigError, loadConfig } from './config/config.ts';
import { setDemoPasswords } from './modules/auth/demo-credentials.ts';

/** In-flight requests get this long to finish on shutdown before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.processRole !== 'all' && !config.databaseUrl) {
    // PGlite is one process's database: an API and a worker apart need a PostgreSQL server.
    throw new ConfigError([
      `PROCESS_ROLE=${config.processRole} needs DATABASE_URL (the embedded database serves one process; use PROCESS_ROLE=all)`,
    ]);
  }
  const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db as Kysely<unknown>);
  const storage = createStorage({ dataDir: config.dataDir, s3: config.s3 });
  // Load the common-password list now, so the first signup does not wait for it.
  preloadCommonPasswords();
  // Feed and search reads go to the replica when there is one (ADR 107); it is never migrated.
  const replica =
    config.databaseReplicaUrl === undefined
      ? undefined
      : await createDb({ databaseUrl: config.databaseReplicaUrl, dataDir: config.dataDir });
  const app = await buildApp({ db: database.db, readDb: replica?.db, storage, config });

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      // A second Ctrl-C means "now".
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => replica?.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  if (config.processRole === 'worker') {
    await app.ready();
    console.log('Corkboard worker is running (jobs only, no HTTP)');
    return;
  }

  const seeded = await seedIfEmpty(database.db, demoImageStore(storage), (message) =>
    app.log.info(message),
  );
  if (seeded) {
    const withPassword = await setDemoPasswords(database.db);
    app.log.info({ users: withPassword }, 'seeded the demo content into the empty database');
  }

  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  console.log(`Corkboard is running at http://${displayHost(config.host)}:${port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Corkboard failed to start:', error);
  }
  process.exit(1);
});

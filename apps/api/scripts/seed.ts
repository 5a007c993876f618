// `npm run db:seed`: writes the demo content into an EMPTY database (migrating it first). A
// database that already has users is left alone: seeding it would mix demo rows into real data,
// and there is deliberately no --force. Start from a fresh DATA_DIR (or database) to reseed.
// `npm run db:seed -- --pins 1000000` adds that many pins copied from the demo's (images shared)
// for the benches at size (packages/db/src/seed/seed-bulk-pins.ts).
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { DEMO_USERS } from '@corkboard/db/seed/demo-content';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { addBulkPins } from '@corkboard/db/seed/seed-bulk-pins';
import { seedIfEmpty } from '@corkboard/db/seed/seed-demo';
import { demoImageStore } from '../src/modules/media/image-files.ts';
import { createStorage } from '@corkboard/media/create-storage';
import { loadConfig } from '../src/config/config.ts';
import { DEMO_PASSWORD, setDemoPasswords } from '../src/modules/auth/demo-credentials.ts';

const { values } = parseArgs({ options: { pins: { type: 'string' } } });
const extraPins = values.pins === undefined ? 0 : Number(values.pins.replaceAll('_', ''));
if (!Number.isSafeInteger(extraPins) || extraPins < 0) {
  console.error(`--pins wants a whole number, not "${values.pins}"`);
  process.exit(2);
}
/** Every person in the database is a demo person. */
async function holdsOnlyTheDemo(db: Kysely<Database>): Promise<boolean> {
  const demo = DEMO_USERS.map((user) => user.username);
  const others = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('username', 'not in', demo)
    .executeTakeFirstOrThrow();
  return Number(others.n) === 0;
}

const config = loadConfig();
const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db as Kysely<unknown>);
  const storage = createStorage({ dataDir: config.dataDir, s3: config.s3 });
  const seeded = await seedIfEmpty(database.db, demoImageStore(storage), (message) =>
    console.log(message),
  );
  if (seeded) {
    await setDemoPasswords(database.db);
    console.log(`Seeded the demo content. Every demo person's password is "${DEMO_PASSWORD}".`);
  }
  // The bulk pins copy the demo's, so they also go into a database that holds only the demo
  // (a run whose bulk part failed, or a bench database grown step by step).
  if (extraPins > 0 && (seeded || (await holdsOnlyTheDemo(database.db)))) {
    const bulk = await addBulkPins(database.db, extraPins, (message) => console.log(message));
    console.log(
      `Added ${bulk.pins.toLocaleString('en')} pins in ${bulk.seconds.toFixed(1)} s (images shared with the demo's pins).`,
    );
  } else if (!seeded) {
    console.error(
      'The database already has users, so the demo seed was not written. ' +
        'Point DATA_DIR (or DATABASE_URL) at an empty database to seed it.',
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}

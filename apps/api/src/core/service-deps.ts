// What services need from the app: the database and the storage that turns keys into URLs.
// Passing them explicitly keeps services testable without a Fastify instance.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';

export interface ServiceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
}

export function depsOf(app: { db: Kysely<Database>; storage: MediaStorage }): ServiceDeps {
  return { db: app.db, storage: app.storage };
}

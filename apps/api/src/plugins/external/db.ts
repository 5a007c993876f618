// The database handle, shared by every route. The caller (main.ts or a test) owns its lifetime
// and closes it after the app, so the app never closes a database it did not open.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export function registerDb(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorate('db', db);
}

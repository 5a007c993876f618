// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Operators (docs/decisions/019): several features have an admin side (review queues, advisory
// and reputation lists, identity providers, experiments). One flag on the person decides who may
// use them; it is granted from the shell (`npm run admin -- grant <username>`) or by the demo seed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false`.execute(db);
  // Few rows are true: a partial index keeps "who are the operators" cheap without indexing
  // every person.
  await sql`CREATE INDEX users_admin_idx ON users (id) WHERE is_admin`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX users_admin_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN is_admin`.execute(db);
}

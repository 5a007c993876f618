// Frozen in time: never edit after it has shipped; add a new migration instead.
// Per-person image storage (issue 13, decision 099): who first stored an image and how many bytes
// its files take, so a person's usage is one indexed sum.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE images
      ADD COLUMN bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
      ADD COLUMN uploaded_by_id bigint REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`
    CREATE INDEX images_uploaded_by_idx ON images (uploaded_by_id) INCLUDE (bytes)
      WHERE uploaded_by_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS images_uploaded_by_idx`.execute(db);
  await sql`ALTER TABLE images DROP COLUMN IF EXISTS uploaded_by_id, DROP COLUMN IF EXISTS bytes`.execute(
    db,
  );
}

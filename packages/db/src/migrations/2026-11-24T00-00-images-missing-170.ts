// Frozen in time: never edit after it has shipped; add a new migration instead.
// The 170x board-card variant (decision 143): images stored before it existed lack it until the
// backfill job makes it. A partial index over exactly those rows keeps the start-up check ("any
// left?") and each batch's "next ones by id" cheap, and empties itself as the backfill finishes.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX images_missing_170_idx ON images (id)
      WHERE (variants -> '170x') IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS images_missing_170_idx`.execute(db);
}

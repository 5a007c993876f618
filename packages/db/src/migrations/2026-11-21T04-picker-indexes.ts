// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// The board picker's 'Top choices' (saving.md §2.4) without reading every board: the most recent
// boards are found from a person's newest boards and newest saves, walking these two indexes from
// the top, instead of computing the recency of each of thousands of boards.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A person's boards, newest created first.
  await sql`CREATE INDEX boards_owner_created_idx ON boards (owner_id, created_at DESC)`.execute(
    db,
  );
  // A person's saves, newest first by time (pins_pinner_idx orders by id; the app's clock sets
  // created_at, so the two orders can differ), id breaking ties for paging through them.
  await sql`CREATE INDEX pins_pinner_created_idx ON pins (pinner_id, created_at DESC, id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['pins_pinner_created_idx', 'boards_owner_created_idx']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
}

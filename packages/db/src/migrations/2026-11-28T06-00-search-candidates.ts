// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Search ranks a bounded candidate set (docs/decisions/193-search-candidates.md): the newest
// matching pins (walking pins_pkey backwards) and the most-saved matching pins, walking this
// index. Partial: only pins saved again at least once, so it stays small (most pins never are)
// and a never-saved pin costs nothing to keep here. At 1,000,300 pins (the 1M seed, almost none
// saved) it is built in about a second: a scan of the table, no sort to speak of.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX pins_saved_idx ON pins (save_count DESC, id DESC) WHERE save_count > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS pins_saved_idx`.execute(db);
}

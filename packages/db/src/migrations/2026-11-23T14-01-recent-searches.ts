// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// - recent_searches: the last searches of a signed-in person (typeahead, business.md §7), one row
//   per folded query, the newest RECENT_SEARCHES_MAX kept by the service.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE recent_searches (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      query_key text NOT NULL,
      query text NOT NULL CHECK (length(query) BETWEEN 1 AND 200),
      scope text NOT NULL,
      searched_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, query_key)
    )`.execute(db);
  await sql`CREATE INDEX recent_searches_user_idx ON recent_searches (user_id, searched_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recent_searches`.execute(db);
}

// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Topics (issue 12, the first-run tour; docs/decisions/082):
// - board_topics: the topics a board is filed under (a pin on it is in those topics);
// - user_topics: the topics a person picked; their home feed puts pins in them first.
// Topic ids are the shared list's (packages/shared/src/topics/topics.ts), checked at the edge.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE board_topics (
    board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
    topic text NOT NULL CHECK (topic ~ '^[a-z][a-z0-9_]{0,39}$'),
    PRIMARY KEY (board_id, topic)
  )`.execute(db);
  await sql`CREATE INDEX board_topics_topic_idx ON board_topics (topic, board_id)`.execute(db);

  await sql`CREATE TABLE user_topics (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    topic text NOT NULL CHECK (topic ~ '^[a-z][a-z0-9_]{0,39}$'),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, topic)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_topics`.execute(db);
  await sql`DROP TABLE board_topics`.execute(db);
}

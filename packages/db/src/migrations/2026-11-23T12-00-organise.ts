// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Following and organising (issue 10, docs/decisions/050–056): a pin's alt text and its place in
// a custom order on its board and in its section; a board's layout, sensitivity screen and when
// its pin order was last arranged; each member's own state of a board (archived, place on their
// profile); a person's profile sort; the bulk action running on a board; the outbox of image
// files to remove once nothing references them; and the indexes the Following feed, the
// followers lists and the orphan check read.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Pins: alt text (pin edit), and the custom order (ADR 053): NULL means "not placed yet", shown
  // before the placed pins, newest first; placed pins follow by position.
  await sql`ALTER TABLE pins ADD COLUMN alt_text text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE pins ADD COLUMN board_position bigint`.execute(db);
  await sql`ALTER TABLE pins ADD COLUMN section_position bigint`.execute(db);
  await sql`CREATE INDEX pins_board_order_idx ON pins (board_id, (board_position IS NOT NULL), board_position, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX pins_section_order_idx ON pins (section_id, (section_position IS NOT NULL), section_position, id DESC) WHERE section_id IS NOT NULL`.execute(
    db,
  );

  // Boards: saving.md §3 layout, sensitivityScreen and boardOrderModifiedAt.
  await sql`ALTER TABLE boards ADD COLUMN layout text NOT NULL DEFAULT 'default' CHECK (layout IN ('default', 'grid', 'thumbnail'))`.execute(
    db,
  );
  await sql`ALTER TABLE boards ADD COLUMN sensitivity_reason text CHECK (sensitivity_reason IN ('graphic', 'self_harm', 'adult'))`.execute(
    db,
  );
  await sql`ALTER TABLE boards ADD COLUMN board_order_modified_at timestamptz`.execute(db);

  // A member's own state of a board (owner or collaborator): archived for them (archivedByMeAt)
  // and its place on their profile's custom order.
  await sql`
    CREATE TABLE board_member_states (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      board_id bigint NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
      profile_position bigint,
      archived_at timestamptz,
      PRIMARY KEY (user_id, board_id)
    )`.execute(db);
  await sql`CREATE INDEX board_member_states_board_idx ON board_member_states (board_id)`.execute(
    db,
  );

  // How a person's profile sorts their boards, and when they last arranged them by hand.
  await sql`ALTER TABLE users ADD COLUMN profile_board_sort text NOT NULL DEFAULT 'last_saved' CHECK (profile_board_sort IN ('last_saved', 'alphabetical', 'custom'))`.execute(
    db,
  );
  await sql`ALTER TABLE users ADD COLUMN board_order_modified_at timestamptz`.execute(db);

  // The bulk action running on a board (ADR 051): claimed before the work, removed after it;
  // a claim older than its expiry is taken over (a crashed process does not block a board).
  await sql`
    CREATE TABLE board_actions (
      board_id bigint PRIMARY KEY REFERENCES boards(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('move', 'delete', 'board')),
      token text NOT NULL,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      started_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);

  // Image files to remove from storage once their row is gone (ADR 054): written in the same
  // transaction as the delete, worked off after the commit. A done row stays a while as a trace,
  // so a save of the same bytes that stored its files just before they were removed puts them
  // back.
  await sql`
    CREATE TABLE media_deletions (
      sha256 text PRIMARY KEY,
      keys jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX media_deletions_pending_idx ON media_deletions (created_at) WHERE done_at IS NULL`.execute(
    db,
  );

  // The orphan check asks "does anything still use this image?" of every referencing table.
  await sql`CREATE INDEX users_avatar_image_idx ON users (avatar_image_id) WHERE avatar_image_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX media_uploads_image_idx ON media_uploads (image_id)`.execute(db);

  // Followers / following lists, newest first; and who follows a board (secret-board cleanup).
  await sql`CREATE INDEX user_follows_follower_created_idx ON user_follows (follower_id, created_at DESC, followee_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX user_follows_followee_created_idx ON user_follows (followee_id, created_at DESC, follower_id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'media_deletions_pending_idx',
    'user_follows_followee_created_idx',
    'user_follows_follower_created_idx',
    'media_uploads_image_idx',
    'users_avatar_image_idx',
    'pins_section_order_idx',
    'pins_board_order_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  for (const table of ['media_deletions', 'board_actions', 'board_member_states']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS board_order_modified_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS profile_board_sort`.execute(db);
  for (const column of ['board_order_modified_at', 'sensitivity_reason', 'layout']) {
    await sql`ALTER TABLE boards DROP COLUMN IF EXISTS ${sql.id(column)}`.execute(db);
  }
  for (const column of ['section_position', 'board_position', 'alt_text']) {
    await sql`ALTER TABLE pins DROP COLUMN IF EXISTS ${sql.id(column)}`.execute(db);
  }
}

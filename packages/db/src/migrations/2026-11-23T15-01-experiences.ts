// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// The experience platform (issue 12; business.md §3 "Experience", §4.4, §7; docs/decisions/081):
// - experiences: what operators define (placement, display data, audience, dates, caps);
// - user_experiences: each person's status for an experience (viewed, completed, dismissed, …).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE experiences (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    placement_id integer NOT NULL CHECK (placement_id > 0),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    priority integer NOT NULL DEFAULT 0,
    triggerable boolean NOT NULL DEFAULT false,
    display_data jsonb NOT NULL,
    audience jsonb NOT NULL DEFAULT '{}',
    starts_at timestamptz,
    ends_at timestamptz,
    max_views_per_person integer CHECK (max_views_per_person > 0),
    max_people integer CHECK (max_people > 0),
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
  )`.execute(db);
  await sql`CREATE INDEX experiences_placement_idx ON experiences (placement_id, priority DESC, id)`.execute(
    db,
  );

  await sql`CREATE TABLE user_experiences (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    experience_id bigint NOT NULL REFERENCES experiences (id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN
      ('triggered', 'viewed', 'completed', 'completed_without_homefeed', 'dismissed')),
    view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
    triggered_at timestamptz,
    first_viewed_at timestamptz,
    last_viewed_at timestamptz,
    ended_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, experience_id)
  )`.execute(db);
  // "How many people saw it" (max_people) and the admin's counts per status.
  await sql`CREATE INDEX user_experiences_experience_idx ON user_experiences (experience_id, status)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_experiences`.execute(db);
  await sql`DROP TABLE experiences`.execute(db);
}

// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Offsite link checks (issue 12; business.md §5.3; docs/decisions/080):
// - offsite_domains: the operators' reputation list for outbound links;
// - offsite_clicks: every outbound click through /offsite/, for ad reporting (deduplicated).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE offsite_domains (
    domain text PRIMARY KEY CHECK (domain = lower(domain) AND length(domain) BETWEEN 1 AND 253),
    status text NOT NULL CHECK (status IN ('blocked', 'suspicious', 'porn', 'allowed')),
    note text NOT NULL DEFAULT '' CHECK (length(note) <= 300),
    updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE offsite_clicks (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    pin_id bigint REFERENCES pins (id) ON DELETE SET NULL,
    is_third_party_ad boolean NOT NULL DEFAULT false,
    user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    visitor_id text,
    subject text NOT NULL,
    url text NOT NULL,
    domain text NOT NULL,
    status text NOT NULL CHECK (status IN ('ok', 'blocked', 'suspicious', 'porn')),
    token smallint CHECK (token BETWEEN 0 AND 1000),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // Ad reporting counts a pin's clicks over a period; dedup looks up a subject's recent clicks.
  await sql`CREATE INDEX offsite_clicks_pin_idx ON offsite_clicks (pin_id, created_at) WHERE pin_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX offsite_clicks_subject_idx ON offsite_clicks (subject, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX offsite_clicks_created_idx ON offsite_clicks (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE offsite_clicks`.execute(db);
  await sql`DROP TABLE offsite_domains`.execute(db);
}

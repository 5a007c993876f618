// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Search advisories (business.md §2.4, §3; docs/decisions/073):
// - search_advisories: the operators' list mapping a term or a pattern to an advisory. The match
//   text is kept as typed (match_text) and folded (match_key: accents and case folded, spaces
//   collapsed, by the service); a pattern also keeps its LIKE form (like_pattern, `*` → `%`) so
//   one query finds every entry matching a search. notices holds the shared AdvisoryNotice[].
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_advisories (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    match_kind text NOT NULL CHECK (match_kind IN ('term', 'pattern')),
    match_text text NOT NULL CHECK (length(match_text) BETWEEN 1 AND 200),
    match_key text NOT NULL CHECK (length(match_key) BETWEEN 1 AND 400),
    like_pattern text CHECK ((match_kind = 'pattern') = (like_pattern IS NOT NULL)),
    advisory text NOT NULL CHECK (length(advisory) BETWEEN 1 AND 100),
    severity smallint NOT NULL CHECK (severity IN (0, 1, 2)),
    advisory_type smallint NOT NULL CHECK (advisory_type BETWEEN 0 AND 99),
    resource_country text CHECK (resource_country ~ '^[A-Z]{2}$'),
    notices jsonb NOT NULL DEFAULT '[]',
    updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // One entry per match and country; terms are found through this index's prefix.
  await sql`CREATE UNIQUE INDEX search_advisories_match_idx
    ON search_advisories (match_kind, match_key, (coalesce(resource_country, '')))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE search_advisories`.execute(db);
}

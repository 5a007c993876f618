// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Quick-promote steps, earned events and audience exclusions (issue 11; docs/decisions/181–185):
// - ad_terms_acceptances: an ad account's acceptance of the advertising and data-processing
//   terms (the GDPR step), one row per terms version, with who accepted and when.
// - ad_audiences.audience_type and size: customer lists (hashed e-mails) and engagement
//   audiences (people who saved the business's pins); members are matched by hash.
// - ad_earned_pins: saves of a promoted pin made during its campaign (and saves of those), whose
//   engagement counts as earned for the ad.
// - ad_viewer_days: the dedupe of saves and of earned impressions per viewer, ad and day.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ad_terms_acceptances (
      ad_account_id bigint NOT NULL REFERENCES ad_accounts(id) ON DELETE CASCADE,
      terms_version text NOT NULL,
      accepted_by_id bigint REFERENCES users(id) ON DELETE SET NULL,
      accepted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (ad_account_id, terms_version)
    )`.execute(db);

  await sql`ALTER TABLE ad_audiences
    ADD COLUMN audience_type text NOT NULL DEFAULT 'CUSTOMER_LIST'
      CHECK (audience_type IN ('CUSTOMER_LIST', 'ENGAGEMENT')),
    ADD COLUMN size integer NOT NULL DEFAULT 0 CHECK (size >= 0)`.execute(db);
  // Matching a viewer: their e-mail hash against the members of a few audiences.
  await sql`CREATE INDEX ad_audience_members_hash_idx ON ad_audience_members (email_sha256)`.execute(
    db,
  );

  await sql`
    CREATE TABLE ad_earned_pins (
      pin_id bigint PRIMARY KEY REFERENCES pins(id) ON DELETE CASCADE,
      ad_id bigint NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX ad_earned_pins_ad_idx ON ad_earned_pins (ad_id)`.execute(db);

  await sql`ALTER TABLE ad_viewer_days
    ADD COLUMN saves integer NOT NULL DEFAULT 0 CHECK (saves >= 0),
    ADD COLUMN last_save_at timestamptz,
    ADD COLUMN earned_impressions integer NOT NULL DEFAULT 0 CHECK (earned_impressions >= 0),
    ADD COLUMN last_earned_impression_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ad_viewer_days
    DROP COLUMN last_earned_impression_at, DROP COLUMN earned_impressions,
    DROP COLUMN last_save_at, DROP COLUMN saves`.execute(db);
  await sql`DROP TABLE ad_earned_pins`.execute(db);
  await sql`DROP INDEX ad_audience_members_hash_idx`.execute(db);
  await sql`ALTER TABLE ad_audiences DROP COLUMN size, DROP COLUMN audience_type`.execute(db);
  await sql`DROP TABLE ad_terms_acceptances`.execute(db);
}

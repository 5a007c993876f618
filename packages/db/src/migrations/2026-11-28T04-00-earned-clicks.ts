// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Earned closeups and earned outbound clicks (issue 11; docs/decisions/191): the dedupe of each
// per viewer, ad and UTC day, beside ADR 184's earned impressions and saves. The daily rollups
// already have `earned_closeups` and `earned_outbound_clicks` (the first business migration).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ad_viewer_days
    ADD COLUMN earned_closeups integer NOT NULL DEFAULT 0 CHECK (earned_closeups >= 0),
    ADD COLUMN last_earned_closeup_at timestamptz,
    ADD COLUMN earned_outbound_clicks integer NOT NULL DEFAULT 0
      CHECK (earned_outbound_clicks >= 0),
    ADD COLUMN last_earned_outbound_click_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ad_viewer_days
    DROP COLUMN last_earned_outbound_click_at, DROP COLUMN earned_outbound_clicks,
    DROP COLUMN last_earned_closeup_at, DROP COLUMN earned_closeups`.execute(db);
}

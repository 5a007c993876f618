// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Even pacing (issue 11; docs/decisions/108): an ad group's delivery type, as Pinterest's Ads API
// names it. STANDARD (the default, and every existing group) spreads the budget over the day or
// the schedule; ACCELERATED serves as fast as the budget allows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ad_groups ADD COLUMN pacing_delivery_type text NOT NULL DEFAULT 'STANDARD'
    CHECK (pacing_delivery_type IN ('STANDARD', 'ACCELERATED'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ad_groups DROP COLUMN pacing_delivery_type`.execute(db);
}

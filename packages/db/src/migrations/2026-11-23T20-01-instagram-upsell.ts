// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// The Instagram upsell (saving.md §2.8; docs/decisions/129) goes through the experience platform
// like the extension upsell (ADR 083): it shows only when its placement (instagram_upsell, id 5)
// serves an experience. This defines that experience — for everyone, no dates, one view per
// person ("shown once"), the web's own copy — and seeds its test flag, web_instagram_upsell,
// fully on (kept as a kill switch on /admin/experiments/).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO experiences (placement_id, name, display_data, audience, max_views_per_person)
    VALUES (5, 'Instagram upsell', '{"kind":"upsell","anchor":"none"}', '{}', 1)`.execute(db);
  await sql`INSERT INTO experiments (name, description)
    VALUES ('web_instagram_upsell', ${'saving.md §2.8: the Instagram upsell may replace the create page success view after a save from Instagram (ADR 129). Fully on, kept as a kill switch.'})`.execute(
    db,
  );
  await sql`INSERT INTO experiment_groups (experiment, name, position, basis_points)
    VALUES ('web_instagram_upsell', 'control', 0, 0), ('web_instagram_upsell', 'enabled', 1, 10000)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM experiments WHERE name = 'web_instagram_upsell'`.execute(db);
  await sql`DELETE FROM experiences WHERE placement_id = 5 AND name = 'Instagram upsell'`.execute(
    db,
  );
}

// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// The browser-extension upsell now goes through the experience platform (issue 12;
// docs/decisions/083): it shows only when its placement (extension_upsell, id 4) serves an
// experience. This defines the one that keeps today's behaviour — for everyone, no dates, no
// caps, the web's own copy — so the upsell keeps showing where the nag rule allows it. Operators
// change, end or delete it on /admin/experiences/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO experiences (placement_id, name, display_data, audience)
    VALUES (4, 'Browser extension upsell', '{"kind":"upsell","anchor":"none"}', '{}')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM experiences WHERE placement_id = 4 AND name = 'Browser extension upsell'`.execute(
    db,
  );
}

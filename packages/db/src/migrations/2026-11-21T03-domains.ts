// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Official users of link domains and the pin-saved dialog's metric (docs/decisions/013):
// saving.md §3 Pin (read) "linkDomain with officialUser" needs to know which person speaks for a
// website, and §2.9 "On show, the dialog logs a render and a 'promote' or 'send' metric" is
// stored with the other client events.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One official user per domain (the primary key); a person may have several domains. The
  // domain is written the way pins.domain is (lower-case host without `www.`), so a pin finds
  // its official user with one equality join. How a domain gets verified (a meta tag or DNS
  // record check) is not built yet: rows come from the seed and from operators.
  await sql`
    CREATE TABLE verified_domains (
      domain text PRIMARY KEY
        CHECK (domain <> '' AND domain = lower(domain) AND domain NOT LIKE 'www.%'),
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      verified_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX verified_domains_user_idx ON verified_domains (user_id)`.execute(db);

  // The pin-saved dialog's render: a third event with its metric ('send', or 'promote' when the
  // promote button is offered). Only that event carries a metric.
  await sql`ALTER TABLE pin_client_events DROP CONSTRAINT pin_client_events_event_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE pin_client_events
      ADD CONSTRAINT pin_client_events_event_check
        CHECK (event IN ('pin_create_success', 'pin_create_fail', 'pin_saved_dialog_render')),
      ADD COLUMN metric text CHECK (metric IN ('send', 'promote')),
      ADD CONSTRAINT pin_client_events_metric_event_check
        CHECK ((metric IS NOT NULL) = (event = 'pin_saved_dialog_render'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM pin_client_events WHERE event = 'pin_saved_dialog_render'`.execute(db);
  await sql`
    ALTER TABLE pin_client_events
      DROP CONSTRAINT IF EXISTS pin_client_events_metric_event_check,
      DROP COLUMN IF EXISTS metric,
      DROP CONSTRAINT IF EXISTS pin_client_events_event_check`.execute(db);
  await sql`
    ALTER TABLE pin_client_events
      ADD CONSTRAINT pin_client_events_event_check
        CHECK (event IN ('pin_create_success', 'pin_create_fail'))`.execute(db);
  await sql`DROP TABLE IF EXISTS verified_domains`.execute(db);
}

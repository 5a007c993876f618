// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Invoices under the minimum charge carry over (issue 11; docs/decisions/173, revised): an
// invoice too small to charge is not charged, and its amount is added to the ad account's next
// invoice, which records how much it took in; the small one names the invoice it went into.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ad_invoices
    ADD COLUMN carried_in_micro bigint NOT NULL DEFAULT 0 CHECK (carried_in_micro >= 0),
    ADD COLUMN carried_into_invoice_id bigint REFERENCES ad_invoices(id) ON DELETE SET NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ad_invoices DROP COLUMN carried_into_invoice_id, DROP COLUMN carried_in_micro`.execute(
    db,
  );
}

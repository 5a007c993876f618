// All SQL of billing (docs/decisions/171–173): the billing profile and its card, invoices with
// their per-campaign lines, charge attempts, order lines and month totals read from the ad
// delivery's daily rollups (the recorded spend), and billing's rows in the console history.
import { sql, type Kysely } from 'kysely';
import type { AdInvoiceStatus, Database } from '@corkboard/db/schema';
import type { BillingProfileInput } from '@corkboard/shared/business/billing';

type Db = Kysely<Database>;

export interface ProfileRow {
  ad_account_id: string;
  legal_name: string;
  billing_email: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country: string;
  tax_id: string | null;
  provider_customer_id: string | null;
  payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  updated_at: Date;
}

const PROFILE_COLUMNS = [
  'ad_account_id',
  'legal_name',
  'billing_email',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'tax_id',
  'provider_customer_id',
  'payment_method_id',
  'card_brand',
  'card_last4',
  'card_exp_month',
  'card_exp_year',
  'updated_at',
] as const;

export function findProfile(db: Db, adAccountId: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('ad_billing_profiles')
    .select(PROFILE_COLUMNS)
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirst();
}

/** The profile row, locked until the transaction ends (one billing write at a time per account). */
export function lockProfile(trx: Db, adAccountId: string): Promise<ProfileRow | undefined> {
  return trx
    .selectFrom('ad_billing_profiles')
    .select(PROFILE_COLUMNS)
    .where('ad_account_id', '=', adAccountId)
    .forUpdate()
    .executeTakeFirst();
}

export async function upsertProfile(
  trx: Db,
  adAccountId: string,
  input: BillingProfileInput,
  now: Date,
): Promise<void> {
  const values = {
    legal_name: input.legal_name,
    billing_email: input.billing_email,
    address_line1: input.address_line1,
    address_line2: input.address_line2,
    city: input.city,
    region: input.region,
    postal_code: input.postal_code,
    country: input.country,
    tax_id: input.tax_id,
  };
  await trx
    .insertInto('ad_billing_profiles')
    .values({ ad_account_id: adAccountId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('ad_account_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export async function setCustomer(trx: Db, adAccountId: string, customerId: string): Promise<void> {
  await trx
    .updateTable('ad_billing_profiles')
    .set({ provider_customer_id: customerId })
    .where('ad_account_id', '=', adAccountId)
    .execute();
}

export async function setCard(
  trx: Db,
  adAccountId: string,
  card: { id: string; brand: string; last4: string; expMonth: number; expYear: number } | null,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('ad_billing_profiles')
    .set({
      payment_method_id: card?.id ?? null,
      card_brand: card?.brand ?? null,
      card_last4: card?.last4 ?? null,
      card_exp_month: card?.expMonth ?? null,
      card_exp_year: card?.expYear ?? null,
      updated_at: now,
    })
    .where('ad_account_id', '=', adAccountId)
    .execute();
}

export async function insertBillingHistory(
  trx: Db,
  values: {
    adAccountId: string;
    actorId: string | null;
    action: string;
    changes: Record<string, unknown>;
  },
): Promise<void> {
  await trx
    .insertInto('ad_change_history')
    .values({
      ad_account_id: values.adAccountId,
      actor_id: values.actorId,
      entity_type: 'BILLING',
      entity_id: values.adAccountId,
      action: values.action,
      changes: JSON.stringify(values.changes),
    })
    .execute();
}

// ---- invoices -------------------------------------------------------------------------------

export interface InvoiceRow {
  id: string;
  ad_account_id: string;
  invoice_sequence: number;
  month: string;
  amount_micro: string;
  currency: string;
  status: AdInvoiceStatus;
  failure_message: string | null;
  charge_attempts: number;
  issued_at: Date;
  paid_at: Date | null;
  carried_in_micro: string;
  /** The number's sequence of the invoice this one was carried into, or null. */
  carried_into_sequence: number | null;
}

const INVOICE_COLUMNS = sql<InvoiceRow>`id, ad_account_id, invoice_sequence,
  to_char(month, 'YYYY-MM-DD') AS month, amount_micro::text AS amount_micro, currency, status,
  failure_message, charge_attempts, issued_at, paid_at, carried_in_micro::text AS carried_in_micro,
  (SELECT n.invoice_sequence FROM ad_invoices n WHERE n.id = ad_invoices.carried_into_invoice_id)
    AS carried_into_sequence`;

export async function listInvoices(
  db: Db,
  adAccountId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<InvoiceRow[]> {
  const before = beforeId === undefined ? sql`` : sql`AND id < ${beforeId}`;
  const result = await sql<InvoiceRow>`SELECT ${INVOICE_COLUMNS} FROM ad_invoices
    WHERE ad_account_id = ${adAccountId} ${before} ORDER BY id DESC LIMIT ${limit}`.execute(db);
  return result.rows;
}

export async function findInvoice(
  db: Db,
  adAccountId: string,
  invoiceId: string,
  lock = false,
): Promise<InvoiceRow | undefined> {
  const forUpdate = lock ? sql`FOR UPDATE` : sql``;
  const result = await sql<InvoiceRow>`SELECT ${INVOICE_COLUMNS} FROM ad_invoices
    WHERE ad_account_id = ${adAccountId} AND id = ${invoiceId} ${forUpdate}`.execute(db);
  return result.rows[0];
}

export async function findInvoiceById(db: Db, invoiceId: string): Promise<InvoiceRow | undefined> {
  const result = await sql<InvoiceRow>`SELECT ${INVOICE_COLUMNS} FROM ad_invoices
    WHERE id = ${invoiceId}`.execute(db);
  return result.rows[0];
}

export interface InvoiceLineRow {
  campaign_id: string;
  campaign_name: string;
  amount_micro: string;
}

export function invoiceLines(db: Db, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .selectFrom('ad_invoice_lines')
    .select(['campaign_id', 'campaign_name', 'amount_micro'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('campaign_id')
    .execute();
}

/** Recorded spend of one month per campaign (days in [from, to)), campaigns with spend only. */
export async function monthSpendByCampaign(
  db: Db,
  adAccountId: string,
  from: string,
  to: string,
): Promise<InvoiceLineRow[]> {
  const result = await sql<InvoiceLineRow>`
    SELECT r.campaign_id, c.name AS campaign_name, SUM(r.spend_micro)::text AS amount_micro
    FROM ad_daily_rollups r JOIN ad_campaigns c ON c.id = r.campaign_id
    WHERE r.ad_account_id = ${adAccountId} AND r.day >= ${from} AND r.day < ${to}
    GROUP BY r.campaign_id, c.name
    HAVING SUM(r.spend_micro) > 0
    ORDER BY r.campaign_id`.execute(db);
  return result.rows;
}

/** Spend recorded since `from` (this month so far). */
export async function spendSince(db: Db, adAccountId: string, from: string): Promise<number> {
  const result = await sql<{ spend: string | null }>`
    SELECT SUM(spend_micro)::text AS spend FROM ad_daily_rollups
    WHERE ad_account_id = ${adAccountId} AND day >= ${from}`.execute(db);
  return Number(result.rows[0]?.spend ?? 0);
}

/** Ad accounts with spend in [from, to) and no invoice for that month yet, at most `limit`. */
export async function accountsToInvoice(
  db: Db,
  from: string,
  to: string,
  limit: number,
): Promise<string[]> {
  const result = await sql<{ ad_account_id: string }>`
    SELECT r.ad_account_id FROM ad_daily_rollups r
    WHERE r.day >= ${from} AND r.day < ${to}
      AND NOT EXISTS (SELECT 1 FROM ad_invoices i
                      WHERE i.ad_account_id = r.ad_account_id AND i.month = ${from})
    GROUP BY r.ad_account_id
    HAVING SUM(r.spend_micro) > 0
    ORDER BY r.ad_account_id
    LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => row.ad_account_id);
}

/**
 * Issues the month's invoice with its lines in the caller's transaction: the ad account row is
 * locked so the next number is taken by one writer at a time; answers undefined when the month
 * already has its invoice.
 */
export async function insertInvoice(
  trx: Db,
  values: {
    adAccountId: string;
    month: string;
    currency: string;
    lines: InvoiceLineRow[];
    now: Date;
    /** Whether an earlier uncharged invoice of this amount is carried into this one. */
    carriesOver: (amountMicro: bigint) => boolean;
  },
): Promise<string | undefined> {
  await sql`SELECT id FROM ad_accounts WHERE id = ${values.adAccountId} FOR UPDATE`.execute(trx);
  const existing = await trx
    .selectFrom('ad_invoices')
    .select('id')
    .where('ad_account_id', '=', values.adAccountId)
    .where('month', '=', values.month)
    .executeTakeFirst();
  if (existing) return undefined;
  const last = await sql<{ last: number | null }>`
    SELECT MAX(invoice_sequence) AS last FROM ad_invoices
    WHERE ad_account_id = ${values.adAccountId}`.execute(trx);
  const sequence = Number(last.rows[0]?.last ?? 0) + 1;
  // Earlier invoices never charged because they were under the minimum: their amounts are due
  // with this one (rows locked under the account's lock, so two runs cannot carry one twice).
  const earlier = await sql<{ id: string; amount_micro: string }>`
    SELECT id, amount_micro::text AS amount_micro FROM ad_invoices
    WHERE ad_account_id = ${values.adAccountId} AND month < ${values.month}
      AND status = 'ISSUED' AND charge_attempts = 0 AND carried_into_invoice_id IS NULL
    FOR UPDATE`.execute(trx);
  const carried = earlier.rows.filter((row) => values.carriesOver(BigInt(row.amount_micro)));
  const carriedMicro = carried.reduce((sum, row) => sum + BigInt(row.amount_micro), 0n);
  const total =
    values.lines.reduce((sum, line) => sum + BigInt(line.amount_micro), 0n) + carriedMicro;
  const invoice = await trx
    .insertInto('ad_invoices')
    .values({
      ad_account_id: values.adAccountId,
      month: values.month,
      amount_micro: total.toString(),
      currency: values.currency,
      status: 'ISSUED',
      invoice_sequence: sequence,
      issued_at: values.now,
      carried_in_micro: carriedMicro.toString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (carried.length > 0) {
    await trx
      .updateTable('ad_invoices')
      .set({ carried_into_invoice_id: invoice.id })
      .where(
        'id',
        'in',
        carried.map((row) => row.id),
      )
      .execute();
  }
  if (values.lines.length > 0) {
    await trx
      .insertInto('ad_invoice_lines')
      .values(
        values.lines.map((line) => ({
          invoice_id: invoice.id,
          campaign_id: line.campaign_id,
          campaign_name: line.campaign_name,
          amount_micro: line.amount_micro,
        })),
      )
      .execute();
  }
  return invoice.id;
}

export async function setInvoiceStatus(
  trx: Db,
  invoiceId: string,
  values: {
    status: AdInvoiceStatus;
    failureMessage: string | null;
    paidAt: Date | null;
    attempted: boolean;
  },
): Promise<void> {
  await trx
    .updateTable('ad_invoices')
    .set((eb) => ({
      status: values.status,
      failure_message: values.failureMessage,
      paid_at: values.paidAt,
      ...(values.attempted ? { charge_attempts: eb('charge_attempts', '+', 1) } : {}),
    }))
    .where('id', '=', invoiceId)
    .execute();
}

// ---- charges --------------------------------------------------------------------------------

export interface ChargeRow {
  id: string;
  invoice_id: string;
  invoice_sequence: number;
  amount_minor: string;
  currency: string;
  status: 'SUCCEEDED' | 'FAILED';
  card_brand: string | null;
  card_last4: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Date;
}

export async function insertCharge(
  trx: Db,
  values: {
    adAccountId: string;
    invoiceId: string;
    amountMinor: number;
    currency: string;
    status: 'SUCCEEDED' | 'FAILED';
    provider: string;
    providerPaymentId: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
    failureCode: string | null;
    failureMessage: string | null;
    now: Date;
  },
): Promise<void> {
  await trx
    .insertInto('ad_billing_charges')
    .values({
      ad_account_id: values.adAccountId,
      invoice_id: values.invoiceId,
      amount_minor: values.amountMinor,
      currency: values.currency,
      status: values.status,
      provider: values.provider,
      provider_payment_id: values.providerPaymentId,
      card_brand: values.cardBrand,
      card_last4: values.cardLast4,
      failure_code: values.failureCode,
      failure_message: values.failureMessage,
      created_at: values.now,
    })
    .execute();
}

export async function listCharges(
  db: Db,
  adAccountId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<ChargeRow[]> {
  const before = beforeId === undefined ? sql`` : sql`AND c.id < ${beforeId}`;
  const result = await sql<ChargeRow>`
    SELECT c.id, c.invoice_id, i.invoice_sequence, c.amount_minor::text AS amount_minor,
      c.currency, c.status, c.card_brand, c.card_last4, c.failure_code, c.failure_message,
      c.created_at
    FROM ad_billing_charges c JOIN ad_invoices i ON i.id = c.invoice_id
    WHERE c.ad_account_id = ${adAccountId} ${before}
    ORDER BY c.id DESC LIMIT ${limit}`.execute(db);
  return result.rows;
}

// ---- order lines ----------------------------------------------------------------------------

export interface OrderLineRow {
  day: string;
  campaign_id: string;
  campaign_name: string;
  spend_micro: string;
}

/** Spend per campaign per day in [from, to] (inclusive days), newest day first; offset paged. */
export async function orderLines(
  db: Db,
  adAccountId: string,
  range: { from: string; to: string },
  offset: number,
  limit: number,
): Promise<OrderLineRow[]> {
  const result = await sql<OrderLineRow>`
    SELECT to_char(r.day, 'YYYY-MM-DD') AS day, r.campaign_id, c.name AS campaign_name,
      SUM(r.spend_micro)::text AS spend_micro
    FROM ad_daily_rollups r JOIN ad_campaigns c ON c.id = r.campaign_id
    WHERE r.ad_account_id = ${adAccountId} AND r.day >= ${range.from} AND r.day <= ${range.to}
    GROUP BY r.day, r.campaign_id, c.name
    HAVING SUM(r.spend_micro) > 0
    ORDER BY r.day DESC, r.campaign_id DESC
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return result.rows;
}

// Billing of an ad account (business.md §2.1 /billing/; issue 11; docs/decisions/171–173).
// Every read asks requireAdvertiser for view_billing and every change for manage_billing (ADR
// 100: OWNER and FINANCE_MANAGER manage, ADMIN also reads); quick promote asks only whether the
// account has billing, which campaign managers may know. Changes are written with their
// console-history row in one transaction. The card goes to the payment provider and only its
// brand, last four digits and expiry are stored. Invoices are issued per month from the
// recorded spend (the daily rollups ad delivery writes) by the `billing-monthly-invoices` job,
// which then charges the payment method; each attempt is a charge row, a failure included.
import { AppError } from '@corkboard/shared/app-error';
import {
  invoiceNumber,
  minorUnitsOf,
  type BillingCharge,
  type BillingOverview,
  type BillingProfile,
  type BillingProfileInput,
  type Invoice,
  type OrderLine,
  type PaymentMethodInput,
} from '@corkboard/shared/business/billing';
import { hasCapability } from '@corkboard/shared/business/permissions';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  decodeIdBookmark,
  decodeOffsetBookmark,
  keysetPage,
  offsetPage,
  type Page,
} from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { reportRange } from '../ad-reporting/reporting.service.ts';
import { findAdvertiser, requireAdvertiser } from '../business/business.service.ts';
import {
  accountsToInvoice,
  findInvoice,
  findInvoiceById,
  findProfile,
  insertBillingHistory,
  insertCharge,
  insertInvoice,
  invoiceLines,
  listCharges,
  listInvoices,
  lockProfile,
  monthSpendByCampaign,
  orderLines,
  setCard,
  setCustomer,
  setInvoiceStatus,
  spendSince,
  upsertProfile,
  type ChargeRow,
  type InvoiceRow,
  type ProfileRow,
} from './billing.repository.ts';
import { INVOICE_CARRIED_IN_LINE, INVOICE_SELLER, renderInvoicePdf } from './invoice-pdf.ts';
import { PaymentProviderError, type PaymentProvider, type SavedCard } from './payment-provider.ts';

/**
 * Decision (173): the smallest amount charged, in minor units (Stripe's minimum for USD and EUR).
 * An invoice under it is issued and shown but not charged; its amount is carried into the ad
 * account's next invoice (which may carry it on again while the sum stays under it).
 */
export const BILLING_MINIMUM_CHARGE_MINOR = 50;
/** Decision (173): order lines shown at most (a page offset past it is refused). */
export const ORDER_LINES_MAX_RESULTS = 10_000;
/** Ad accounts one pass of the monthly job invoices before it looks again. */
export const INVOICE_BATCH = 100;

type Deps = Pick<AppDeps, 'db' | 'now' | 'log'>;

function serializeProfile(row: ProfileRow, currency: string): BillingProfile {
  return {
    legal_name: row.legal_name,
    billing_email: row.billing_email,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country: row.country,
    tax_id: row.tax_id,
    currency,
    updated_at: row.updated_at.toISOString(),
  };
}

function serializeInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: invoiceNumber(row.ad_account_id, row.invoice_sequence),
    month: row.month.slice(0, 7),
    currency: row.currency,
    amount_in_micro_currency: Number(row.amount_micro),
    amount_due_minor: minorUnitsOf(Number(row.amount_micro)),
    status: row.status,
    failure_message: row.failure_message,
    issued_at: row.issued_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    carried_in_micro_currency: Number(row.carried_in_micro),
    carried_into_number:
      row.carried_into_sequence === null
        ? null
        : invoiceNumber(row.ad_account_id, row.carried_into_sequence),
  };
}

function serializeCharge(adAccountId: string) {
  return (row: ChargeRow): BillingCharge => ({
    id: row.id,
    invoice_id: row.invoice_id,
    invoice_number: invoiceNumber(adAccountId, row.invoice_sequence),
    amount_minor: Number(row.amount_minor),
    currency: row.currency,
    status: row.status,
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    failure_code: row.failure_code,
    failure_message: row.failure_message,
    created_at: row.created_at.toISOString(),
  });
}

/** 'YYYY-MM-01' of the month `date` is in (UTC). */
export function monthStartOf(date: Date): string {
  return `${date.toISOString().slice(0, 7)}-01`;
}

/** 'YYYY-MM-01' of the month after `monthStart`. */
export function nextMonthStart(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-01' of the month before the one `date` is in. */
export function previousMonthStart(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 10);
}

function hasBilling(profile: ProfileRow | undefined): boolean {
  return profile !== undefined && profile.payment_method_id !== null;
}

// ---- reads ----------------------------------------------------------------------------------

export async function billingOverview(
  deps: Deps,
  provider: PaymentProvider,
  viewer: Viewer,
  advertiserId: string,
): Promise<BillingOverview> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_billing');
  const profile = await findProfile(deps.db, account.id);
  return {
    advertiser_id: account.id,
    currency: account.currency,
    profile: profile ? serializeProfile(profile, account.currency) : null,
    payment_method:
      profile?.payment_method_id && profile.card_last4
        ? {
            brand: profile.card_brand ?? 'card',
            last4: profile.card_last4,
            exp_month: profile.card_exp_month ?? 0,
            exp_year: profile.card_exp_year ?? 0,
          }
        : null,
    has_billing: hasBilling(profile),
    processor: provider.kind,
    card_entry: provider.cardEntry
      ? { api_url: provider.cardEntry.apiUrl, publishable_key: provider.cardEntry.publishableKey }
      : null,
    unbilled_spend_in_micro_currency: await spendSince(
      deps.db,
      account.id,
      monthStartOf(deps.now()),
    ),
  };
}

/**
 * Quick promote's question (business.md §4.1 "valid business and billing"): whether the ad
 * account has a billing profile and a payment method. Whoever may read billing or run
 * campaigns may ask; nothing else about billing is answered.
 */
export async function billingStatus(
  deps: Deps,
  viewer: Viewer,
  advertiserId: string,
): Promise<{ has_billing: boolean }> {
  const { account, permissions } = await requireAdvertiser(
    deps,
    viewer,
    advertiserId,
    'view_reporting',
  );
  if (
    !hasCapability(permissions, 'view_billing') &&
    !hasCapability(permissions, 'manage_campaigns')
  ) {
    throw new AppError('BUSINESS_PERMISSION_DENIED', { data: { capability: 'view_billing' } });
  }
  return { has_billing: hasBilling(await findProfile(deps.db, account.id)) };
}

export async function invoices(
  deps: Deps,
  viewer: Viewer,
  advertiserId: string,
  page: PageRequest,
): Promise<Page<Invoice>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_billing');
  const rows = await listInvoices(deps.db, account.id, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, serializeInvoice);
}

export async function charges(
  deps: Deps,
  viewer: Viewer,
  advertiserId: string,
  page: PageRequest,
): Promise<Page<BillingCharge>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_billing');
  const rows = await listCharges(deps.db, account.id, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, serializeCharge(account.id));
}

export async function billingOrderLines(
  deps: Deps,
  viewer: Viewer,
  advertiserId: string,
  range: { startDate: string | undefined; endDate: string | undefined },
  page: PageRequest,
): Promise<Page<OrderLine>> {
  const offset = decodeOffsetBookmark(page.bookmark, ORDER_LINES_MAX_RESULTS);
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_billing');
  const days = reportRange(deps.now(), range);
  const rows = await orderLines(deps.db, account.id, days, offset, page.pageSize + 1);
  return offsetPage(rows, offset, page.pageSize, ORDER_LINES_MAX_RESULTS, (row) => ({
    day: row.day,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    spend_in_micro_currency: Number(row.spend_micro),
  }));
}

/** The invoice as a PDF download (view_billing). */
export async function invoiceDocument(
  deps: Deps,
  viewer: Viewer,
  advertiserId: string,
  invoiceId: string,
): Promise<{ filename: string; body: Uint8Array }> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_billing');
  const invoice = await findInvoice(deps.db, account.id, invoiceId);
  if (!invoice) throw new AppError('BILLING_INVOICE_NOT_FOUND');
  const [lines, profile] = await Promise.all([
    invoiceLines(deps.db, invoice.id),
    findProfile(deps.db, account.id),
  ]);
  const number = invoiceNumber(account.id, invoice.invoice_sequence);
  const body = await renderInvoicePdf({
    number,
    month: invoice.month.slice(0, 7),
    issuedAt: invoice.issued_at,
    currency: invoice.currency,
    status: invoice.status,
    seller: INVOICE_SELLER,
    billTo: profile
      ? {
          legalName: profile.legal_name,
          lines: [
            profile.address_line1,
            ...(profile.address_line2 ? [profile.address_line2] : []),
            [profile.postal_code, profile.city, profile.region].filter(Boolean).join(' '),
            profile.country,
          ],
          taxId: profile.tax_id,
          email: profile.billing_email,
        }
      : null,
    advertiser: { id: account.id, name: account.name },
    lines: [
      ...lines.map((line) => ({
        campaignId: line.campaign_id,
        campaignName: line.campaign_name,
        amountMicro: Number(line.amount_micro),
      })),
      ...(Number(invoice.carried_in_micro) > 0
        ? [
            {
              campaignId: '',
              campaignName: INVOICE_CARRIED_IN_LINE,
              amountMicro: Number(invoice.carried_in_micro),
            },
          ]
        : []),
    ],
    carriedInto:
      invoice.carried_into_sequence === null
        ? null
        : invoiceNumber(account.id, invoice.carried_into_sequence),
  });
  return { filename: `${number}.pdf`, body };
}

// ---- changes --------------------------------------------------------------------------------

const PROFILE_FIELDS = [
  'legal_name',
  'billing_email',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'tax_id',
] as const;

function providerFailure(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    if (error.kind === 'declined') {
      throw new AppError('BILLING_CARD_DECLINED', {
        detail: error.message,
        ...(error.declineCode ? { data: { decline_code: error.declineCode } } : {}),
      });
    }
    if (error.kind === 'invalid')
      throw new AppError('BILLING_CARD_INVALID', { detail: error.message });
    throw new AppError('BILLING_PROVIDER_UNAVAILABLE', { cause: error });
  }
  throw error;
}

/** PUT …/billing/profile/ (manage_billing): creates or replaces the billing profile. */
export async function saveBillingProfile(
  deps: Deps,
  provider: PaymentProvider,
  viewer: Viewer,
  advertiserId: string,
  input: BillingProfileInput,
): Promise<BillingOverview> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_billing');
  const customerId = await deps.db.transaction().execute(async (trx) => {
    const before = await lockProfile(trx, account.id);
    await upsertProfile(trx, account.id, input, deps.now());
    // Field names only: the history is read by everyone with reports, the values are billing's.
    const changed = PROFILE_FIELDS.filter((field) =>
      before ? before[field] !== input[field] : true,
    );
    await insertBillingHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      action: before ? 'billing_profile_update' : 'billing_profile_create',
      changes: { fields: changed },
    });
    return before?.provider_customer_id ?? null;
  });
  if (customerId) {
    // The provider's copy of the name and e-mail follows; invoices print ours either way.
    await provider
      .saveCustomer(
        { advertiserId: account.id, name: input.legal_name, email: input.billing_email },
        customerId,
      )
      .catch((error: unknown) => {
        deps.log.warn({ err: error, ad_account_id: account.id }, 'billing: customer update failed');
      });
  }
  return billingOverview(deps, provider, viewer, advertiserId);
}

/** PUT …/billing/payment_method/ (manage_billing): sets up the card and makes it the one charged. */
export async function savePaymentMethod(
  deps: Deps,
  provider: PaymentProvider,
  viewer: Viewer,
  advertiserId: string,
  input: PaymentMethodInput,
): Promise<BillingOverview> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_billing');
  // With Stripe the browser hands the card to Stripe itself; a number sent here is refused
  // unread, so no card number passes through (or could be logged by) our servers.
  if ('card' in input && provider.cardEntry) throw new AppError('BILLING_CARD_DETAILS_REFUSED');
  const profile = await findProfile(deps.db, account.id);
  if (!profile) throw new AppError('BILLING_PROFILE_REQUIRED');
  let card: SavedCard;
  try {
    let customerId = profile.provider_customer_id;
    if (!customerId) {
      customerId = await provider.saveCustomer(
        { advertiserId: account.id, name: profile.legal_name, email: profile.billing_email },
        null,
      );
      await setCustomer(deps.db, account.id, customerId);
    }
    card =
      'card' in input
        ? await provider.setUpCard(customerId, input.card)
        : await provider.setUpPaymentMethod(customerId, input.payment_method_id);
  } catch (error) {
    providerFailure(error);
  }
  const replaced = await deps.db.transaction().execute(async (trx) => {
    const before = await lockProfile(trx, account.id);
    await setCard(
      trx,
      account.id,
      {
        id: card.paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      },
      deps.now(),
    );
    await insertBillingHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      action: before?.payment_method_id ? 'payment_method_replace' : 'payment_method_add',
      changes: { brand: card.brand, last4: card.last4 },
    });
    return before?.payment_method_id ?? null;
  });
  if (replaced && replaced !== card.paymentMethodId) {
    await provider.detach(replaced).catch((error: unknown) => {
      deps.log.warn({ err: error, ad_account_id: account.id }, 'billing: detach failed');
    });
  }
  return billingOverview(deps, provider, viewer, advertiserId);
}

/**
 * POST …/billing/invoices/{id}/pay/ (manage_billing): charges an unpaid invoice now, e.g. after
 * a failed charge and a new card. Answers the invoice with its new status (a decline included).
 */
export async function payInvoice(
  deps: Deps,
  provider: PaymentProvider,
  viewer: Viewer,
  advertiserId: string,
  invoiceId: string,
): Promise<Invoice> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_billing');
  const invoice = await findInvoice(deps.db, account.id, invoiceId);
  if (!invoice) throw new AppError('BILLING_INVOICE_NOT_FOUND');
  if (
    invoice.status === 'PAID' ||
    minorUnitsOf(Number(invoice.amount_micro)) < BILLING_MINIMUM_CHARGE_MINOR
  ) {
    throw new AppError('BILLING_INVOICE_NOT_PAYABLE');
  }
  if (!hasBilling(await findProfile(deps.db, account.id))) {
    throw new AppError('BILLING_PAYMENT_METHOD_REQUIRED');
  }
  try {
    await chargeInvoice(deps, provider, invoice.id, viewer.id);
  } catch (error) {
    providerFailure(error);
  }
  const after = await findInvoice(deps.db, account.id, invoice.id);
  if (!after) throw new AppError('BILLING_INVOICE_NOT_FOUND');
  return serializeInvoice(after);
}

// ---- invoicing and charging (the monthly job) -----------------------------------------------

/**
 * Charges one invoice with the ad account's payment method and records the attempt: PAID, or
 * PAYMENT_FAILED with the decline, or NO_PAYMENT_METHOD when there is none. The provider's
 * idempotency key names the invoice and the attempt number, so a run retried after the provider
 * answered charges once, and of two runs racing only the first records (the invoice row is
 * locked and its attempt count compared). Throws PaymentProviderError('unavailable') when the
 * provider cannot be reached: the job retries.
 */
export async function chargeInvoice(
  deps: Deps,
  provider: PaymentProvider,
  invoiceId: string,
  actorId: string | null,
): Promise<void> {
  const invoice = await findInvoiceById(deps.db, invoiceId);
  if (!invoice || invoice.status === 'PAID') return;
  const amountMinor = minorUnitsOf(Number(invoice.amount_micro));
  if (amountMinor < BILLING_MINIMUM_CHARGE_MINOR) return;
  const profile = await findProfile(deps.db, invoice.ad_account_id);
  if (!profile?.payment_method_id || !profile.provider_customer_id) {
    await setInvoiceStatus(deps.db, invoice.id, {
      status: 'NO_PAYMENT_METHOD',
      failureMessage: null,
      paidAt: null,
      attempted: false,
    });
    return;
  }
  const attempt = invoice.charge_attempts + 1;
  const number = invoiceNumber(invoice.ad_account_id, invoice.invoice_sequence);
  const outcome = await provider.charge({
    customerId: profile.provider_customer_id,
    paymentMethodId: profile.payment_method_id,
    amountMinor,
    currency: invoice.currency,
    description: `Corkboard Ads invoice ${number}`,
    idempotencyKey: `corkboard-invoice-${invoice.id}-attempt-${attempt}`,
    metadata: { invoice_number: number, ad_account_id: invoice.ad_account_id },
  });
  await deps.db.transaction().execute(async (trx) => {
    const current = await findInvoice(trx, invoice.ad_account_id, invoice.id, true);
    if (
      !current ||
      current.status === 'PAID' ||
      current.charge_attempts !== invoice.charge_attempts
    ) {
      return;
    }
    const now = deps.now();
    await insertCharge(trx, {
      adAccountId: invoice.ad_account_id,
      invoiceId: invoice.id,
      amountMinor,
      currency: invoice.currency,
      status: outcome.status,
      provider: provider.kind,
      providerPaymentId: outcome.providerPaymentId,
      cardBrand: profile.card_brand,
      cardLast4: profile.card_last4,
      failureCode: outcome.status === 'FAILED' ? outcome.failureCode : null,
      failureMessage: outcome.status === 'FAILED' ? outcome.failureMessage : null,
      now,
    });
    await setInvoiceStatus(trx, invoice.id, {
      status: outcome.status === 'SUCCEEDED' ? 'PAID' : 'PAYMENT_FAILED',
      failureMessage: outcome.status === 'FAILED' ? outcome.failureMessage : null,
      paidAt: outcome.status === 'SUCCEEDED' ? now : null,
      attempted: true,
    });
    await insertBillingHistory(trx, {
      adAccountId: invoice.ad_account_id,
      actorId,
      action: outcome.status === 'SUCCEEDED' ? 'charge_succeeded' : 'charge_failed',
      changes: {
        invoice: number,
        amount_minor: amountMinor,
        currency: invoice.currency,
        ...(outcome.status === 'FAILED' ? { failure_code: outcome.failureCode } : {}),
      },
    });
  });
}

/** Issues one ad account's invoice for the month starting `monthStart`; its id, or undefined. */
export async function issueInvoice(
  deps: Deps,
  adAccountId: string,
  monthStart: string,
): Promise<string | undefined> {
  const account = await findAdvertiser(deps, adAccountId);
  if (!account) return undefined;
  const lines = await monthSpendByCampaign(
    deps.db,
    adAccountId,
    monthStart,
    nextMonthStart(monthStart),
  );
  if (lines.length === 0) return undefined;
  return deps.db.transaction().execute((trx) =>
    insertInvoice(trx, {
      adAccountId,
      month: monthStart,
      currency: account.currency,
      lines,
      now: deps.now(),
      carriesOver: (micro) => minorUnitsOf(Number(micro)) < BILLING_MINIMUM_CHARGE_MINOR,
    }),
  );
}

/**
 * The month-boundary run: invoices every ad account with recorded spend in the month starting
 * `monthStart` (default: the month before now), then charges each of that month's invoices not
 * yet attempted. Safe to run again: a month has one invoice per account, and charged invoices
 * are not charged again.
 */
export async function runMonthlyInvoicing(
  deps: Deps,
  provider: PaymentProvider,
  monthStart: string = previousMonthStart(deps.now()),
): Promise<{ issued: number; charged: number }> {
  const end = nextMonthStart(monthStart);
  let issued = 0;
  for (;;) {
    const accounts = await accountsToInvoice(deps.db, monthStart, end, INVOICE_BATCH);
    if (accounts.length === 0) break;
    let progressed = false;
    for (const accountId of accounts) {
      if (await issueInvoice(deps, accountId, monthStart)) {
        issued += 1;
        progressed = true;
      }
    }
    // An account that cannot be invoiced (disabled) would come back forever.
    if (!progressed) break;
  }
  let charged = 0;
  let after = '0';
  for (;;) {
    const pending = await deps.db
      .selectFrom('ad_invoices')
      .select('id')
      .where('month', '=', monthStart)
      .where('status', 'in', ['ISSUED', 'NO_PAYMENT_METHOD'])
      .where('charge_attempts', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(INVOICE_BATCH)
      .execute();
    if (pending.length === 0) break;
    for (const { id } of pending) {
      await chargeInvoice(deps, provider, id, null);
      charged += 1;
      after = id;
    }
  }
  return { issued, charged };
}

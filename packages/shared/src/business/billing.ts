// Billing in the advertiser console (business.md §2.1 /billing/ and its sub-pages; issue 11;
// docs/decisions/171–173): the billing profile's fields and rules (one schema for the web form
// and the API), the card form, the answers, and the money rules invoices follow: spend is
// integer micro-currency; an invoice's total is the month's recorded spend; the amount charged
// is that total in the currency's minor units (cents), rounded half up; the per-campaign lines
// of an invoice are rounded to cents by largest remainder so the printed lines add up to the
// printed total exactly.
import { z } from 'zod';
import { MICRO_CURRENCY_FACTOR } from './money.ts';

/** Decision (171): field limits of the billing profile. */
export const BILLING_LIMITS = {
  legalName: 120,
  email: 254,
  addressLine: 120,
  city: 80,
  region: 80,
  postalCode: 20,
  taxId: 40,
} as const;

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/**
 * The billing profile as the form sends it (PUT …/billing/profile/). The currency is the ad
 * account's (fixed when the account is created, §9 "Currency by country") and is not edited here.
 */
export const billingProfileInputSchema = z.object({
  legal_name: trimmed(BILLING_LIMITS.legalName),
  billing_email: z.string().trim().max(BILLING_LIMITS.email).pipe(z.email()),
  address_line1: trimmed(BILLING_LIMITS.addressLine),
  address_line2: optionalTrimmed(BILLING_LIMITS.addressLine),
  city: trimmed(BILLING_LIMITS.city),
  region: optionalTrimmed(BILLING_LIMITS.region),
  postal_code: trimmed(BILLING_LIMITS.postalCode),
  country: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/)),
  tax_id: z
    .string()
    .trim()
    .max(BILLING_LIMITS.taxId)
    .regex(/^[A-Za-z0-9 .\-/]*$/)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type BillingProfileInput = z.output<typeof billingProfileInputSchema>;
export type BillingProfileForm = z.input<typeof billingProfileInputSchema>;

/** Decision (172): a card's expiry year may be at most this many years ahead. */
export const CARD_MAX_YEARS_AHEAD = 20;

/**
 * A card as the payment-method form sends it. The number goes to the payment provider and is
 * never stored or logged (docs/decisions/172); only brand, last four digits and expiry are kept.
 */
export const cardInputSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/)),
  exp_month: z.coerce.number().int().min(1).max(12),
  exp_year: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});
export type CardInput = z.output<typeof cardInputSchema>;

/**
 * PUT …/billing/payment_method/: a card typed into the console's form, or the id of a payment
 * method the browser already created at the provider (Stripe.js / Elements), never both.
 */
export const paymentMethodInputSchema = z.union([
  z.object({ card: cardInputSchema }).strict(),
  z.object({ payment_method_id: z.string().regex(/^pm_[A-Za-z0-9_]{1,100}$/) }).strict(),
]);
export type PaymentMethodInput = z.output<typeof paymentMethodInputSchema>;

/** Luhn's check, as card forms and processors apply it. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface BillingProfile {
  legal_name: string;
  billing_email: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country: string;
  tax_id: string | null;
  /** The ad account's currency (ISO 4217). */
  currency: string;
  updated_at: string;
}

export interface PaymentMethodSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** GET …/billing/: what the billing pages and quick promote's billing step need to know. */
export interface BillingOverview {
  advertiser_id: string;
  currency: string;
  profile: BillingProfile | null;
  payment_method: PaymentMethodSummary | null;
  /** Quick promote's "valid billing info" (business.md §4.1): a profile and a payment method. */
  has_billing: boolean;
  /** Which processor takes the card: Stripe, or the local test processor (no real charge). */
  processor: 'stripe' | 'test';
  /**
   * Where the browser sends card details itself (Stripe: `POST {api_url}/v1/payment_methods` with
   * the publishable key), so the number never reaches our server; null with the local test
   * processor, which takes test cards through our API.
   */
  card_entry: { api_url: string; publishable_key: string } | null;
  /** Spend recorded this month so far (micro-currency), not yet invoiced. */
  unbilled_spend_in_micro_currency: number;
}

export const INVOICE_STATUSES = ['ISSUED', 'PAID', 'PAYMENT_FAILED', 'NO_PAYMENT_METHOD'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface Invoice {
  id: string;
  /** 'CB-{advertiserId}-{000001}', sequential per ad account. */
  number: string;
  /** The invoiced month, 'YYYY-MM'. */
  month: string;
  currency: string;
  amount_in_micro_currency: number;
  /** What is charged, in the currency's minor units (cents). */
  amount_due_minor: number;
  status: InvoiceStatus;
  failure_message: string | null;
  issued_at: string;
  paid_at: string | null;
  /** Earlier invoices under the minimum charge included in this one's amount (micro-currency). */
  carried_in_micro_currency: number;
  /** For an invoice under the minimum charge: the later invoice its amount was added to. */
  carried_into_number: string | null;
}

export const CHARGE_STATUSES = ['SUCCEEDED', 'FAILED'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export interface BillingCharge {
  id: string;
  invoice_id: string;
  invoice_number: string;
  amount_minor: number;
  currency: string;
  status: ChargeStatus;
  card_brand: string | null;
  card_last4: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
}

export interface OrderLine {
  day: string;
  campaign_id: string;
  campaign_name: string;
  spend_in_micro_currency: number;
}

/** The number every document shows: 'CB-{advertiserId}-{sequence, 6 digits}'. */
export function invoiceNumber(advertiserId: string, sequence: number): string {
  return `CB-${advertiserId}-${String(sequence).padStart(6, '0')}`;
}

/** Micro-currency per minor unit (cent) of a two-decimal currency. */
export const MICRO_PER_MINOR_UNIT = MICRO_CURRENCY_FACTOR / 100;

/** The amount charged for `micro` of spend: cents, rounded half up (spend is never negative). */
export function minorUnitsOf(micro: number): number {
  return Math.floor((micro + MICRO_PER_MINOR_UNIT / 2) / MICRO_PER_MINOR_UNIT);
}

/** "12.34" for 1234 cents. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Each line's share in cents such that the cents add up to minorUnitsOf(sum of lines): every
 * line is rounded down, and the cents left over go to the lines with the largest remainders
 * (ties to the earlier line).
 */
export function allocateMinorUnits(linesMicro: readonly number[]): number[] {
  const total = minorUnitsOf(linesMicro.reduce((sum, micro) => sum + micro, 0));
  const floors = linesMicro.map((micro) => Math.floor(micro / MICRO_PER_MINOR_UNIT));
  let left = total - floors.reduce((sum, cents) => sum + cents, 0);
  const order = linesMicro
    .map((micro, index) => ({ index, remainder: micro % MICRO_PER_MINOR_UNIT }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const result = [...floors];
  for (const { index } of order) {
    if (left <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

// Input and answer schemas of the billing routes (typed against @corkboard/shared/business/billing).
import { z } from 'zod';
import {
  CHARGE_STATUSES,
  INVOICE_STATUSES,
  type BillingCharge,
  type BillingOverview,
  type Invoice,
  type OrderLine,
} from '@corkboard/shared/business/billing';
import { fieldErrors } from '../../core/http/input.ts';
import { idSchema } from '../../core/schemas.ts';

// One definition, in the shared kernel (core/schemas.ts).
import { advertiserParamsSchema } from '../../core/schemas.ts';

export { advertiserParamsSchema };
export const invoiceParamsSchema = advertiserParamsSchema.extend({ invoiceId: idSchema });

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

export const orderLinesQuerySchema = z.object({
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
});
export const rangeErrors = fieldErrors({
  start_date: 'REPORT_RANGE_INVALID',
  end_date: 'REPORT_RANGE_INVALID',
});

const profileSchema = z.object({
  legal_name: z.string(),
  billing_email: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  tax_id: z.string().nullable(),
  currency: z.string(),
  updated_at: z.string(),
});

export const overviewSchema = z.object({
  advertiser_id: z.string(),
  currency: z.string(),
  profile: profileSchema.nullable(),
  payment_method: z
    .object({
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
    })
    .nullable(),
  has_billing: z.boolean(),
  processor: z.enum(['stripe', 'test']),
  card_entry: z.object({ api_url: z.string(), publishable_key: z.string() }).nullable(),
  unbilled_spend_in_micro_currency: z.number().int(),
}) satisfies z.ZodType<BillingOverview>;

export const statusSchema = z.object({ has_billing: z.boolean() });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  month: z.string(),
  currency: z.string(),
  amount_in_micro_currency: z.number().int(),
  amount_due_minor: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  failure_message: z.string().nullable(),
  issued_at: z.string(),
  paid_at: z.string().nullable(),
  carried_in_micro_currency: z.number().int(),
  carried_into_number: z.string().nullable(),
}) satisfies z.ZodType<Invoice>;

export const chargeSchema = z.object({
  id: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  status: z.enum(CHARGE_STATUSES),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<BillingCharge>;

export const orderLineSchema = z.object({
  day: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  spend_in_micro_currency: z.number().int(),
}) satisfies z.ZodType<OrderLine>;

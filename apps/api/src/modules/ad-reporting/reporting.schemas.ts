// Input and answer schemas of the console's reporting, overview and history routes (typed
// against @corkboard/shared/business/reporting).
import { z } from 'zod';
import {
  AD_OBJECTIVES,
  AD_STATUSES,
  type HistoryEntry,
} from '@corkboard/shared/business/campaigns';
import {
  REPORT_COLUMNS,
  REPORT_GRANULARITIES,
  REPORT_LEVELS,
  reportPreferencesSchema,
  type OverviewDay,
  type ReportMetrics,
  type ReportOverview,
  type ReportRow,
} from '@corkboard/shared/business/reporting';
import { fieldErrors } from '../../core/http/input.ts';
import { idSchema } from '../../core/schemas.ts';

// One definition, in the shared kernel (core/schemas.ts).
export { advertiserParamsSchema } from '../../core/schemas.ts';
export const reportParamsSchema = z.object({
  advertiserId: idSchema,
  level: z.enum(REPORT_LEVELS),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

export const rangeQuerySchema = z.object({
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
});

export const reportQuerySchema = rangeQuerySchema.extend({
  granularity: z.enum(REPORT_GRANULARITIES).default('TOTAL'),
  campaign_id: idSchema.optional(),
  objective_type: z.enum(AD_OBJECTIVES).optional(),
});

/** `columns=spend,clicks` (comma-separated), else the reader's saved columns. */
export const exportQuerySchema = reportQuerySchema.extend({
  columns: z
    .string()
    .max(400)
    .transform((value) => value.split(',').filter((column) => column !== ''))
    .pipe(reportPreferencesSchema.shape.columns)
    .optional(),
});

/**
 * A level the console does not build is no such endpoint (ROUTE_NOT_FOUND, 404); dates and
 * columns have their own codes. No new codes: the registry ships in the first-visit bundle.
 */
export const reportErrors = fieldErrors({
  level: 'ROUTE_NOT_FOUND',
  start_date: 'REPORT_RANGE_INVALID',
  end_date: 'REPORT_RANGE_INVALID',
  columns: 'REPORT_COLUMNS_INVALID',
});

export const preferencesErrors = fieldErrors({ columns: 'REPORT_COLUMNS_INVALID' });

export const historyQuerySchema = z.object({
  // BILLING: the billing module's changes (docs/decisions/171).
  entity_type: z.enum(['CAMPAIGN', 'AD_GROUP', 'AD', 'BILLING']).optional(),
});

const metricFields = {
  spend_in_micro_currency: z.number().int(),
  impressions: z.number().int(),
  paid_impressions: z.number().int(),
  earned_impressions: z.number().int(),
  clicks: z.number().int(),
  paid_clicks: z.number().int(),
  earned_clicks: z.number().int(),
  closeups: z.number().int(),
  paid_closeups: z.number().int(),
  earned_closeups: z.number().int(),
  outbound_clicks: z.number().int(),
  paid_outbound_clicks: z.number().int(),
  earned_outbound_clicks: z.number().int(),
  saves: z.number().int(),
  paid_saves: z.number().int(),
  earned_saves: z.number().int(),
  ctr: z.number().nullable(),
  cpc_in_micro_currency: z.number().int().nullable(),
  cpm_in_micro_currency: z.number().int().nullable(),
};

const metricsSchema: z.ZodType<ReportMetrics> = z.object(metricFields);
const overviewDaySchema: z.ZodType<OverviewDay> = z.object({ day: z.string(), ...metricFields });

export const overviewSchema: z.ZodType<ReportOverview> = z.object({
  start_date: z.string(),
  end_date: z.string(),
  currency: z.string(),
  totals: metricsSchema,
  days: z.array(overviewDaySchema),
});

export const reportRowSchema: z.ZodType<ReportRow> = z.object({
  level: z.enum(REPORT_LEVELS),
  id: z.string(),
  name: z.string(),
  status: z.enum(AD_STATUSES),
  objective_type: z.enum(AD_OBJECTIVES),
  campaign: z.object({ id: z.string(), name: z.string() }),
  ad_group: z.object({ id: z.string(), name: z.string() }).nullable(),
  day: z.string().nullable(),
  ...metricFields,
});

export const preferencesAnswerSchema = z.object({ columns: z.array(z.enum(REPORT_COLUMNS)) });

export const historyEntrySchema: z.ZodType<HistoryEntry> = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), username: z.string(), full_name: z.string() }).nullable(),
  entity_type: z.enum(['CAMPAIGN', 'AD_GROUP', 'AD', 'BILLING', 'MEMBER']),
  entity_id: z.string(),
  entity_name: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

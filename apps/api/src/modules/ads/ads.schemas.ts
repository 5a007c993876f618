// Input and answer schemas of the ads routes (typed against @corkboard/shared/business/campaigns).
import { z } from 'zod';
import {
  AD_OBJECTIVES,
  AD_REVIEW_STATUSES,
  AD_STATUSES,
  BUDGET_TYPES,
  REJECTION_REASONS,
  OPERATOR_REJECTION_REASONS,
  type AdReviewItem,
  type CampaignAdSummary,
  type CampaignDay,
  type CampaignDetail,
  type CampaignItem,
  type QuickPromoteResult,
  type RejectionReason,
} from '@corkboard/shared/business/campaigns';
import { fieldErrors } from '../../core/http/input.ts';
import { idSchema } from '../../core/schemas.ts';

// One definition, in the shared kernel (core/schemas.ts).
export { advertiserParamsSchema } from '../../core/schemas.ts';
export const quickPromoteParamsSchema = z.object({ advertiserId: idSchema, pinId: idSchema });
export const campaignParamsSchema = z.object({ advertiserId: idSchema, campaignId: idSchema });
export const campaignStatusBodySchema = z.object({ status: z.enum(['ACTIVE', 'PAUSED']) });

export const quickPromoteErrors = fieldErrors({
  budget_in_micro_currency: 'AD_BUDGET_INVALID',
  destination_url: 'AD_DESTINATION_URL_INVALID',
  inclusive_end_date: 'AD_END_DATE_INVALID',
});

export const quickPromoteResultSchema: z.ZodType<QuickPromoteResult> = z.object({
  campaign_id: z.string(),
  ad_group_id: z.string(),
  ad_id: z.string(),
  review_status: z.enum(AD_REVIEW_STATUSES),
  rejection_reasons: z.array(z.enum(REJECTION_REASONS)),
});

const campaignFields = {
  id: z.string(),
  ad_account_id: z.string(),
  name: z.string(),
  objective_type: z.enum(AD_OBJECTIVES),
  status: z.enum(AD_STATUSES),
  ads_client_type: z.enum(['quick_promote', 'console']),
  created_at: z.string(),
  updated_at: z.string(),
  review_summary: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
  budget_in_micro_currency: z.number().int(),
  spend_in_micro_currency: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number().nullable(),
};

export const campaignItemSchema: z.ZodType<CampaignItem> = z.object(campaignFields);

const campaignAdSchema: z.ZodType<CampaignAdSummary> = z.object({
  id: z.string(),
  ad_group_id: z.string(),
  pin_id: z.string(),
  pin_title: z.string(),
  name: z.string(),
  destination_url: z.string(),
  status: z.enum(AD_STATUSES),
  review_status: z.enum(AD_REVIEW_STATUSES),
  rejection_reasons: z.array(z.enum(REJECTION_REASONS)),
  budget_type: z.enum(BUDGET_TYPES),
  budget_in_micro_currency: z.number().int(),
  billable_event: z.enum(['CLICKTHROUGH', 'IMPRESSION']),
  targeting_spec: z.object({
    LOCATION: z.array(z.string()),
    AGE_BUCKET: z.array(z.string()),
    GENDER: z.array(z.string()),
    INTEREST: z.array(z.string()),
    KEYWORD: z.array(z.string()),
    AUDIENCE_EXCLUDE: z.array(z.string()),
  }),
  start_time: z.string(),
  end_time: z.string().nullable(),
});

export const campaignDetailSchema: z.ZodType<CampaignDetail> = z.object({
  ...campaignFields,
  ads: z.array(campaignAdSchema),
});

export const adParamsSchema = z.object({ adId: idSchema });

export const adReviewBodySchema = z.object({
  status: z.enum(['APPROVED', 'REJECTED']),
  reasons: z
    .array(z.enum(OPERATOR_REJECTION_REASONS as [RejectionReason, ...RejectionReason[]]))
    .max(OPERATOR_REJECTION_REASONS.length)
    .default([]),
});

export const adReviewItemSchema: z.ZodType<AdReviewItem> = z.object({
  id: z.string(),
  name: z.string(),
  destination_url: z.string(),
  created_at: z.string(),
  pin: z.object({ id: z.string(), title: z.string(), image_url: z.string() }),
  business_name: z.string(),
  advertiser_id: z.string(),
});

export const adReviewOutcomeSchema = z.object({
  id: z.string(),
  review_status: z.enum(['APPROVED', 'REJECTED']),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

export const campaignDaysQuerySchema = z.object({
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
});

export const campaignDaysErrors = fieldErrors({
  start_date: 'REPORT_RANGE_INVALID',
  end_date: 'REPORT_RANGE_INVALID',
});

export const campaignDaySchema: z.ZodType<CampaignDay> = z.object({
  day: z.string(),
  spend_in_micro_currency: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number().nullable(),
});

/** POST /v3/ads/events/: a promoted pin shown (IMPRESSION) or opened (CLOSEUP). */
export const adEventBodySchema = z.object({
  tracking_params: idSchema,
  event: z.enum(['IMPRESSION', 'CLOSEUP']),
});

export const adEventOutcomeSchema = z.object({ counted: z.boolean() });

export const adHideAnswerSchema = z.object({ ad_id: z.string(), hidden: z.boolean() });

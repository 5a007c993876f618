// Campaigns → ad groups → ads as the console and the API speak them (Pinterest Ads API v5 shapes;
// business.md §2.1 Ads, §9 objectives; docs/decisions/102, 103). Money is integer micro-currency.
import { z } from 'zod';
import { MAX_BUDGET_UNITS, MAX_DURATION_DAYS } from './quick-promote.ts';
import { toMicroCurrency } from './money.ts';
import { AGE_BUCKETS, INTEREST_TOPIC_IDS, TARGETING_GENDERS } from './targeting.ts';

/** business.md §9 "Campaign objectives: CONSIDERATION, WEB_CONVERSION, CATALOG_SALES", and awareness. */
export const AD_OBJECTIVES = [
  'AWARENESS',
  'CONSIDERATION',
  'WEB_CONVERSION',
  'CATALOG_SALES',
] as const;
export type AdObjective = (typeof AD_OBJECTIVES)[number];

export const AD_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const AD_REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AdReviewState = (typeof AD_REVIEW_STATUSES)[number];

export const BUDGET_TYPES = ['DAILY', 'LIFETIME'] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];

export type BillableEvent = 'CLICKTHROUGH' | 'IMPRESSION';

/**
 * What an objective pays for (docs/decisions/104): traffic and catalog sales per outbound click
 * (CPC), awareness and web conversion per thousand impressions (CPM).
 */
export function billableEventOf(objective: AdObjective): BillableEvent {
  return objective === 'CONSIDERATION' || objective === 'CATALOG_SALES'
    ? 'CLICKTHROUGH'
    : 'IMPRESSION';
}

/** Not in the spec: the bid when none is given — 0.50 per click, 5.00 per thousand impressions. */
export const DEFAULT_CPC_BID_MICRO = 500_000;
export const DEFAULT_CPM_BID_MICRO = 5_000_000;

export function defaultBidMicro(event: BillableEvent): number {
  return event === 'CLICKTHROUGH' ? DEFAULT_CPC_BID_MICRO : DEFAULT_CPM_BID_MICRO;
}

/** What one billable event costs: the CPC bid, or the CPM bid / 1000 (rounded, at least 1). */
export function costPerEventMicro(event: BillableEvent, bidMicro: number): number {
  return event === 'CLICKTHROUGH' ? bidMicro : Math.max(1, Math.round(bidMicro / 1000));
}

/** Why an ad is rejected: the automatic checks' reasons and the operators'. */
export const REJECTION_REASONS = [
  'DESTINATION_URL_BLOCKED',
  'DESTINATION_URL_SUSPICIOUS',
  'DESTINATION_URL_ADULT',
  'IMAGE_TOO_SMALL',
  'IMAGE_ASPECT_RATIO',
  'MISLEADING',
  'PROHIBITED_PRODUCT',
  'LOW_QUALITY',
  'ADULT_CONTENT',
  'OTHER',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** The reasons an operator picks from in the review queue. */
export const OPERATOR_REJECTION_REASONS: readonly RejectionReason[] = [
  'MISLEADING',
  'PROHIBITED_PRODUCT',
  'LOW_QUALITY',
  'ADULT_CONTENT',
  'DESTINATION_URL_BLOCKED',
  'OTHER',
];

export interface TargetingSpec {
  LOCATION: string[];
  AGE_BUCKET: string[];
  GENDER: string[];
  INTEREST: string[];
  KEYWORD: string[];
  AUDIENCE_EXCLUDE: string[];
}

export interface AdItem {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  pin_id: string;
  name: string;
  destination_url: string;
  status: AdStatus;
  review_status: AdReviewState;
  rejection_reasons: RejectionReason[];
  pin: { id: string; title: string; image_url: string | null };
}

export interface AdGroupItem {
  id: string;
  campaign_id: string;
  name: string;
  status: AdStatus;
  budget_type: BudgetType;
  budget_in_micro_currency: number;
  bid_in_micro_currency: number;
  billable_event: BillableEvent;
  targeting_spec: TargetingSpec;
  auto_targeting_enabled: boolean;
  start_time: string;
  end_time: string | null;
  optimization_goal_metadata: Record<string, unknown> | null;
  ads: AdItem[];
}

export interface CampaignItem {
  id: string;
  ad_account_id: string;
  name: string;
  objective_type: AdObjective;
  status: AdStatus;
  ads_client_type: 'quick_promote' | 'console';
  created_at: string;
  updated_at: string;
  /** Summed over the campaign's ads. */
  review_summary: { pending: number; approved: number; rejected: number };
  /** The daily budgets of its ad groups, summed. */
  budget_in_micro_currency: number;
  /** From the daily rollups (paid and earned together for impressions and clicks). */
  spend_in_micro_currency: number;
  impressions: number;
  /** Closeups (the promoted pin opened) and outbound clicks through /offsite/ (ADR 104). */
  clicks: number;
  /** Paid clicks / paid impressions (ADR 191), null before the first paid impression. */
  ctr: number | null;
}

/** One day of a campaign's delivery (docs/decisions/104). */
export interface CampaignDay {
  /** UTC day, 'YYYY-MM-DD'. */
  day: string;
  spend_in_micro_currency: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
}

/**
 * clicks / impressions rounded to 4 decimals; null without impressions. Reports pass paid
 * figures only (ADR 191).
 */
export function clickThroughRate(clicks: number, impressions: number): number | null {
  return impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : null;
}

/** Not in the spec: the longest date range one report covers (as REPORT_RANGE_INVALID says). */
export const REPORT_MAX_RANGE_DAYS = 366;
/** Not in the spec: a report without dates covers the last 30 days up to today. */
export const REPORT_DEFAULT_RANGE_DAYS = 30;

/** One ad in a campaign's detail, with its ad group's budget, schedule and targeting. */
export interface CampaignAdSummary {
  id: string;
  ad_group_id: string;
  pin_id: string;
  pin_title: string;
  name: string;
  destination_url: string;
  status: AdStatus;
  review_status: AdReviewState;
  rejection_reasons: RejectionReason[];
  budget_type: BudgetType;
  budget_in_micro_currency: number;
  billable_event: BillableEvent;
  targeting_spec: TargetingSpec;
  start_time: string;
  end_time: string | null;
}

export interface CampaignDetail extends CampaignItem {
  ads: CampaignAdSummary[];
}

/** One pending ad in the operators' review queue. */
export interface AdReviewItem {
  id: string;
  name: string;
  destination_url: string;
  created_at: string;
  pin: { id: string; title: string; image_url: string };
  business_name: string;
  advertiser_id: string;
}

export interface QuickPromoteResult {
  campaign_id: string;
  ad_group_id: string;
  ad_id: string;
  review_status: AdReviewState;
  rejection_reasons: RejectionReason[];
}

export interface ConversionTag {
  id: string;
  name: string;
  created_at: string;
}

export interface AdDraft {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  updated_at: string;
}

export interface HistoryEntry {
  id: string;
  actor: { id: string; username: string; full_name: string } | null;
  entity_type: 'CAMPAIGN' | 'AD_GROUP' | 'AD' | 'BILLING' | 'MEMBER';
  entity_id: string;
  /** The campaign's, ad group's or ad's current name; null once it is gone. */
  entity_name: string | null;
  action: string;
  changes: Record<string, unknown>;
  created_at: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const decimalId = z.string().regex(/^[1-9][0-9]{0,18}$/, 'Must be a numeric id');
const keywordSchema = z.string().trim().toLowerCase().min(1).max(80);

/** Not in the spec: the most ads one console campaign is created with. */
export const CAMPAIGN_MAX_ADS = 20;
/** Not in the spec: keywords per ad group. */
export const AD_GROUP_MAX_KEYWORDS = 50;

export const targetingSpecSchema = z.object({
  LOCATION: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .min(1)
    .max(50),
  AGE_BUCKET: z.array(z.enum(AGE_BUCKETS)).max(AGE_BUCKETS.length).default([]),
  GENDER: z.array(z.enum(TARGETING_GENDERS)).max(TARGETING_GENDERS.length).default([]),
  INTEREST: z
    .array(z.string().refine((id) => INTEREST_TOPIC_IDS.includes(id), 'Unknown interest'))
    .max(INTEREST_TOPIC_IDS.length)
    .default([]),
  KEYWORD: z.array(keywordSchema).max(AD_GROUP_MAX_KEYWORDS).default([]),
  AUDIENCE_EXCLUDE: z.array(decimalId).max(20).default([]),
});

export const budgetMicroSchema = z.number().int().positive().max(toMicroCurrency(MAX_BUDGET_UNITS));

export const adGroupInputSchema = z.object({
  name: z.string().trim().min(1).max(255),
  budget_type: z.enum(BUDGET_TYPES),
  budget_in_micro_currency: budgetMicroSchema,
  bid_in_micro_currency: budgetMicroSchema.optional(),
  start_date: z.string().regex(ISO_DATE),
  /** Inclusive; null runs until stopped (daily budgets only). */
  end_date: z.string().regex(ISO_DATE).nullable().default(null),
  targeting_spec: targetingSpecSchema,
  auto_targeting_enabled: z.boolean().default(false),
  conversion_tag_id: decimalId.optional(),
  conversion_event: z.string().max(40).optional(),
});

export const adInputSchema = z.object({
  pin_id: decimalId,
  name: z.string().trim().max(255).optional(),
  destination_url: z.string().trim().min(1).max(2048),
});

/** POST /v3/ads/advertisers/{id}/campaigns/ (the console's create and duplicate). */
export const campaignCreateSchema = z.object({
  name: z.string().trim().min(1).max(255),
  objective_type: z.enum(AD_OBJECTIVES),
  status: z.enum(['ACTIVE', 'PAUSED']).default('ACTIVE'),
  ad_group: adGroupInputSchema,
  ads: z.array(adInputSchema).min(1).max(CAMPAIGN_MAX_ADS),
  /** The draft this create publishes (deleted in the same transaction). */
  draft_id: decimalId.optional(),
});
export type CampaignCreateInput = z.output<typeof campaignCreateSchema>;
export type CampaignCreateBody = z.input<typeof campaignCreateSchema>;

/** PUT /v3/ads/advertisers/{id}/campaigns/{campaignId}/ (edit): the same shape, ads by id or new. */
export const campaignUpdateSchema = campaignCreateSchema.omit({ draft_id: true }).extend({
  status: z.enum(AD_STATUSES),
  ads: z
    .array(adInputSchema.extend({ id: decimalId.optional() }))
    .min(1)
    .max(CAMPAIGN_MAX_ADS),
});
export type CampaignUpdateInput = z.output<typeof campaignUpdateSchema>;

/** Days between two ISO dates, inclusive of both. */
export function inclusiveDays(startDate: string, endDate: string): number {
  return (
    Math.round(
      (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000,
    ) + 1
  );
}

export { MAX_DURATION_DAYS };

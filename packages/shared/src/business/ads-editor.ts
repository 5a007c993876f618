// The console's campaign editor (business.md §2.1 Ads: create, edit, edit_draft, duplicate,
// campaign_mode; docs/decisions/176–178, 192): one campaign with its ad groups (1 to
// CAMPAIGN_MAX_AD_GROUPS), each with its ads, in Pinterest Ads API v5 shapes (money in micro-currency, targeting_spec keys, pacing_delivery_type). The web
// form and the server parse the same schemas.
import { z } from 'zod';
import {
  AD_OBJECTIVES,
  AD_REVIEW_STATUSES,
  AD_STATUSES,
  BUDGET_TYPES,
  CAMPAIGN_MAX_ADS,
  adInputSchema,
  budgetMicroSchema,
  targetingSpecSchema,
  type AdObjective,
  type AdReviewState,
  type AdStatus,
  type BillableEvent,
  type BudgetType,
  type RejectionReason,
  type TargetingSpec,
} from './campaigns.ts';

/** Pinterest's delivery types (docs/decisions/108): STANDARD paces, ACCELERATED does not. */
export const PACING_DELIVERY_TYPES = ['STANDARD', 'ACCELERATED'] as const;
export type PacingDeliveryType = (typeof PACING_DELIVERY_TYPES)[number];

/**
 * Not in the spec (docs/decisions/192): the most ad groups a campaign has in the editor. Each has
 * up to CAMPAIGN_MAX_ADS ads; a campaign's draft still has to fit AD_DRAFT_MAX_BYTES.
 */
export const CAMPAIGN_MAX_AD_GROUPS = 10;
/** Not in the spec: the longest campaign, ad group or ad name (Pinterest's limit). */
export const AD_NAME_MAX_LENGTH = 255;
/** Not in the spec: a draft's stored form, at most this many bytes of JSON. */
export const AD_DRAFT_MAX_BYTES = 32_768;
/** Not in the spec: conversion events a web-conversion ad group may optimise for. */
export const CONVERSION_EVENTS = [
  'PAGE_VISIT',
  'SIGNUP',
  'ADD_TO_CART',
  'CHECKOUT',
  'LEAD',
] as const;

const ISO_DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a date');
const decimalId = z.string().regex(/^[1-9][0-9]{0,18}$/, 'Must be a numeric id');
const nameSchema = z.string().trim().min(1).max(AD_NAME_MAX_LENGTH);

const editorAdSchema = adInputSchema.extend({
  name: z.string().trim().max(AD_NAME_MAX_LENGTH).optional(),
  status: z.enum(['ACTIVE', 'PAUSED']).default('ACTIVE'),
});

/** One ad group with its ads (its budget, schedule and targeting are its own). */
export const editorAdGroupSchema = z.object({
  name: nameSchema,
  status: z.enum(['ACTIVE', 'PAUSED']).default('ACTIVE'),
  budget_type: z.enum(BUDGET_TYPES),
  budget_in_micro_currency: budgetMicroSchema,
  /** The CPC or CPM bid; the objective's default when left out. */
  bid_in_micro_currency: budgetMicroSchema.optional(),
  pacing_delivery_type: z.enum(PACING_DELIVERY_TYPES).default('STANDARD'),
  /** UTC days, both inclusive; a LIFETIME budget needs an end. */
  start_date: ISO_DATE,
  end_date: ISO_DATE.nullable().default(null),
  targeting_spec: targetingSpecSchema,
  auto_targeting_enabled: z.boolean().default(false),
  conversion_tag_id: decimalId.optional(),
  conversion_event: z.enum(CONVERSION_EVENTS).optional(),
  ads: z.array(editorAdSchema).min(1).max(CAMPAIGN_MAX_ADS),
});

/** POST /v3/ads/advertisers/{id}/campaigns/ — create (or publish a draft with draft_id). */
export const editorCampaignCreateSchema = z.object({
  name: nameSchema,
  objective_type: z.enum(AD_OBJECTIVES),
  status: z.enum(['ACTIVE', 'PAUSED']).default('ACTIVE'),
  ad_groups: z.array(editorAdGroupSchema).min(1).max(CAMPAIGN_MAX_AD_GROUPS),
  draft_id: decimalId.optional(),
});
export type EditorCampaignCreate = z.output<typeof editorCampaignCreateSchema>;
export type EditorCampaignCreateBody = z.input<typeof editorCampaignCreateSchema>;
export type EditorAdGroupBody = EditorCampaignCreateBody['ad_groups'][number];

/**
 * PUT /v3/ads/advertisers/{id}/campaigns/{campaignId}/ — edit. Ad groups and ads with an id are
 * changed, those without one are added; the campaign's ad groups left out, or sent as ARCHIVED,
 * are archived with their ads, and an ad group's ads left out are archived (docs/decisions/192).
 * The objective cannot change.
 */
export const editorCampaignUpdateSchema = editorCampaignCreateSchema
  .omit({ draft_id: true })
  .extend({
    status: z.enum(AD_STATUSES),
    ad_groups: z
      .array(
        editorAdGroupSchema.extend({
          id: decimalId.optional(),
          status: z.enum(AD_STATUSES).default('ACTIVE'),
          ads: z
            .array(editorAdSchema.extend({ id: decimalId.optional() }))
            .min(1)
            .max(CAMPAIGN_MAX_ADS),
        }),
      )
      .min(1)
      .max(CAMPAIGN_MAX_AD_GROUPS),
  });
export type EditorCampaignUpdate = z.output<typeof editorCampaignUpdateSchema>;
export type EditorCampaignUpdateBody = z.input<typeof editorCampaignUpdateSchema>;

/** POST / PUT drafts: the form as it is, unchecked (it is checked when published). */
export const adDraftBodySchema = z.object({
  name: z.string().trim().max(AD_NAME_MAX_LENGTH).default(''),
  payload: z.record(z.string(), z.unknown()),
});
export type AdDraftBody = z.input<typeof adDraftBodySchema>;

/** One campaign as the editor loads it (GET …/campaigns/{id}/editor/). */
export interface EditableCampaign {
  id: string;
  name: string;
  objective_type: AdObjective;
  status: AdStatus;
  ads_client_type: 'quick_promote' | 'console';
  /** Its ad groups that are not archived, oldest first, each with its ads that are not. */
  ad_groups: EditableAdGroup[];
}

export interface EditableAdGroup {
  id: string;
  name: string;
  status: AdStatus;
  budget_type: BudgetType;
  budget_in_micro_currency: number;
  bid_in_micro_currency: number;
  billable_event: BillableEvent;
  pacing_delivery_type: PacingDeliveryType;
  start_date: string;
  end_date: string | null;
  targeting_spec: TargetingSpec;
  auto_targeting_enabled: boolean;
  conversion_tag_id: string | null;
  conversion_event: string | null;
  ads: EditableAd[];
}

export interface EditableAd {
  id: string;
  pin_id: string;
  name: string;
  destination_url: string;
  status: AdStatus;
  review_status: AdReviewState;
  rejection_reasons: RejectionReason[];
  pin: PromotablePin;
}

/** A pin the ad account may promote (the creative picker). */
export interface PromotablePin {
  id: string;
  title: string;
  link: string | null;
  image_url: string | null;
}

/** What create, edit and publish answer. */
export interface CampaignSaved {
  campaign_id: string;
  /** The ad groups as sent (archived ones included), in the body's order. */
  ad_groups: {
    id: string;
    status: AdStatus;
    ads: { id: string; review_status: AdReviewState; rejection_reasons: RejectionReason[] }[];
  }[];
}

export interface AdDraftItem {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  /** The campaign it was copied from (duplicate), else null. */
  source_campaign_id: string | null;
  created_at: string;
  updated_at: string;
}

export { AD_REVIEW_STATUSES };

// Input and answer schemas of the console's campaign editor (docs/decisions/176–178). The bodies
// are the shared editor schemas; a field's issue becomes its own error code with `data.field`
// naming the dotted path ('ad_groups.1.budget_in_micro_currency', 'ad_groups.0.ads.2.destination_url')
// and `data.ad_group_index` the ad group (docs/decisions/192), so the form puts the message under
// that field and names the ad group.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type {
  AdDraftItem,
  CampaignSaved,
  EditableCampaign,
  PromotablePin,
} from '@corkboard/shared/business/ads-editor';
import {
  AD_OBJECTIVES,
  AD_REVIEW_STATUSES,
  AD_STATUSES,
  BUDGET_TYPES,
  REJECTION_REASONS,
} from '@corkboard/shared/business/campaigns';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';
import type { InputErrorMapper } from '../../core/http/input.ts';
import { idSchema } from '../../core/schemas.ts';

// One definition, in the shared kernel (core/schemas.ts).
export { advertiserParamsSchema as editorAdvertiserParamsSchema } from '../../core/schemas.ts';
export const editorCampaignParamsSchema = z.object({
  advertiserId: idSchema,
  campaignId: idSchema,
});
export const draftParamsSchema = z.object({ advertiserId: idSchema, draftId: idSchema });

/** The code of a field inside one ad group (`rest` is its path under `ad_groups.N`). */
function adGroupFieldCode(rest: readonly string[]): ErrorCodeName | null {
  const [first, second, third] = rest;
  switch (first) {
    case 'name':
      return 'AD_CAMPAIGN_NAME_REQUIRED';
    case 'status':
      return 'AD_GROUP_STATUS_INVALID';
    case 'budget_type':
    case 'budget_in_micro_currency':
      return 'AD_BUDGET_INVALID';
    case 'bid_in_micro_currency':
      return 'AD_BID_INVALID';
    case 'start_date':
      return 'AD_START_DATE_INVALID';
    case 'end_date':
      return 'AD_END_DATE_INVALID';
    case 'targeting_spec':
      return 'AD_TARGETING_INVALID';
    case 'conversion_tag_id':
    case 'conversion_event':
      return 'AD_CONVERSION_TAG_REQUIRED';
    case 'ads':
      if (second === undefined) return 'AD_GROUP_ADS_INVALID';
      if (third === 'destination_url') return 'AD_DESTINATION_URL_INVALID';
      if (third === 'pin_id') return 'AD_PIN_NOT_PROMOTABLE';
      if (third === 'name') return 'AD_CAMPAIGN_NAME_REQUIRED';
      return null;
    default:
      return null;
  }
}

/** The code of an issue at `path` in a campaign body, or null (VALIDATION_FAILED). */
export function editorFieldCode(path: readonly (string | number)[]): ErrorCodeName | null {
  const [first, second, ...rest] = path.map(String);
  if (first === 'name') return 'AD_CAMPAIGN_NAME_REQUIRED';
  if (first === 'ad_groups') {
    return second === undefined ? 'AD_GROUP_LIMIT' : adGroupFieldCode(rest);
  }
  if (first === 'payload') return 'AD_DRAFT_TOO_LARGE';
  return null;
}

/**
 * The dotted path the form shows an issue under: a targeting issue names its key (LOCATION,
 * INTEREST, …), not the list position.
 */
export function editorFieldPath(path: readonly (string | number)[]): string {
  const parts = path.map(String);
  const at = parts.indexOf('targeting_spec');
  return (at >= 0 ? parts.slice(0, at + 2) : parts).join('.');
}

/**
 * An editor field error: `data.field` is the dotted path and, inside an ad group,
 * `data.ad_group_index` its position in the body (docs/decisions/192), so a client can name it.
 */
export function editorFieldError(code: ErrorCodeName, field: string): AppError {
  const match = /^ad_groups\.(\d+)(?:\.|$)/.exec(field);
  return new AppError(code, {
    data: match ? { field, ad_group_index: Number(match[1]) } : { field },
  });
}

/** The first issue with a field code decides; `data.field` is its dotted path. */
export const editorErrors: InputErrorMapper = (issues) => {
  for (const issue of issues) {
    const path = issue.path as (string | number)[];
    const code = editorFieldCode(path);
    if (code !== null) return editorFieldError(code, editorFieldPath(path));
  }
  return null;
};

const targetingSchema = z.object({
  LOCATION: z.array(z.string()),
  AGE_BUCKET: z.array(z.string()),
  GENDER: z.array(z.string()),
  INTEREST: z.array(z.string()),
  KEYWORD: z.array(z.string()),
  AUDIENCE_EXCLUDE: z.array(z.string()),
});

export const promotablePinSchema: z.ZodType<PromotablePin> = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  image_url: z.string().nullable(),
});

const editableAdSchema = z.object({
  id: z.string(),
  pin_id: z.string(),
  name: z.string(),
  destination_url: z.string(),
  status: z.enum(AD_STATUSES),
  review_status: z.enum(AD_REVIEW_STATUSES),
  rejection_reasons: z.array(z.enum(REJECTION_REASONS)),
  pin: promotablePinSchema,
});

export const editableCampaignSchema: z.ZodType<EditableCampaign> = z.object({
  id: z.string(),
  name: z.string(),
  objective_type: z.enum(AD_OBJECTIVES),
  status: z.enum(AD_STATUSES),
  ads_client_type: z.enum(['quick_promote', 'console']),
  ad_groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(AD_STATUSES),
      budget_type: z.enum(BUDGET_TYPES),
      budget_in_micro_currency: z.number().int(),
      bid_in_micro_currency: z.number().int(),
      billable_event: z.enum(['CLICKTHROUGH', 'IMPRESSION']),
      pacing_delivery_type: z.enum(['STANDARD', 'ACCELERATED']),
      start_date: z.string(),
      end_date: z.string().nullable(),
      targeting_spec: targetingSchema,
      auto_targeting_enabled: z.boolean(),
      conversion_tag_id: z.string().nullable(),
      conversion_event: z.string().nullable(),
      ads: z.array(editableAdSchema),
    }),
  ),
});

export const campaignSavedSchema: z.ZodType<CampaignSaved> = z.object({
  campaign_id: z.string(),
  ad_groups: z.array(
    z.object({
      id: z.string(),
      status: z.enum(AD_STATUSES),
      ads: z.array(
        z.object({
          id: z.string(),
          review_status: z.enum(AD_REVIEW_STATUSES),
          rejection_reasons: z.array(z.enum(REJECTION_REASONS)),
        }),
      ),
    }),
  ),
});

export const adDraftSchema: z.ZodType<AdDraftItem> = z.object({
  id: z.string(),
  name: z.string(),
  payload: z.record(z.string(), z.unknown()),
  source_campaign_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const draftDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

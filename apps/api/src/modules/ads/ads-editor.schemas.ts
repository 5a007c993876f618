// Input and answer schemas of the console's campaign editor (docs/decisions/176–178). The bodies
// are the shared editor schemas; a field's issue becomes its own error code with `data.field`
// naming the dotted path ('ad_group.budget_in_micro_currency', 'ads.0.destination_url'), so the
// form puts the message under that field.
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

/** The code of an issue at `path` in a campaign body, or null (VALIDATION_FAILED). */
export function editorFieldCode(path: readonly (string | number)[]): ErrorCodeName | null {
  const [first, second, third] = path.map(String);
  if (first === 'name') return 'AD_CAMPAIGN_NAME_REQUIRED';
  if (first === 'ad_group') {
    switch (second) {
      case 'name':
        return 'AD_CAMPAIGN_NAME_REQUIRED';
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
      default:
        return null;
    }
  }
  if (first === 'ads' && third !== undefined) {
    if (third === 'destination_url') return 'AD_DESTINATION_URL_INVALID';
    if (third === 'pin_id') return 'AD_PIN_NOT_PROMOTABLE';
    if (third === 'name') return 'AD_CAMPAIGN_NAME_REQUIRED';
  }
  if (first === 'payload') return 'AD_DRAFT_TOO_LARGE';
  return null;
}

/** The first issue with a field code decides; `data.field` is its dotted path. */
export const editorErrors: InputErrorMapper = (issues) => {
  for (const issue of issues) {
    const code = editorFieldCode(issue.path as (string | number)[]);
    if (code !== null) {
      // A targeting issue names its key (LOCATION, INTEREST, …), not the list position.
      const path = issue.path.map(String);
      const field = (path[1] === 'targeting_spec' ? path.slice(0, 3) : path).join('.');
      return new AppError(code, { data: { field } });
    }
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

export const editableCampaignSchema: z.ZodType<EditableCampaign> = z.object({
  id: z.string(),
  name: z.string(),
  objective_type: z.enum(AD_OBJECTIVES),
  status: z.enum(AD_STATUSES),
  ads_client_type: z.enum(['quick_promote', 'console']),
  ad_group: z.object({
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
  }),
  ads: z.array(
    z.object({
      id: z.string(),
      pin_id: z.string(),
      name: z.string(),
      destination_url: z.string(),
      status: z.enum(AD_STATUSES),
      review_status: z.enum(AD_REVIEW_STATUSES),
      rejection_reasons: z.array(z.enum(REJECTION_REASONS)),
      pin: promotablePinSchema,
    }),
  ),
});

export const campaignSavedSchema: z.ZodType<CampaignSaved> = z.object({
  campaign_id: z.string(),
  ad_group_id: z.string(),
  ads: z.array(
    z.object({
      id: z.string(),
      review_status: z.enum(AD_REVIEW_STATUSES),
      rejection_reasons: z.array(z.enum(REJECTION_REASONS)),
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

// Quick promote (business.md §3 form values and payload, §5.2, §9; docs/decisions/102): the
// country defaults, the form → payload rules and the payload schema the server parses. One module,
// so the web's payload and the server's check cannot drift.
import { z } from 'zod';
import { toMicroCurrency } from './money.ts';
import {
  AGE_BUCKETS,
  INTEREST_TOPIC_IDS,
  locationsFromCountryList,
  TARGETING_GENDERS,
  type AgeBucket,
  type TargetingGender,
} from './targeting.ts';

/** business.md §9 "The default country is US." */
export const QUICK_PROMOTE_DEFAULT_COUNTRY = 'US';

/** business.md §9 "Campaign name cut at 64/62 characters." */
export const CAMPAIGN_NAME_CUT_AT = 64;
export const CAMPAIGN_NAME_KEPT = 62;
export const ELLIPSIS = '…';

/** business.md §5.2: cut to 62 characters plus an ellipsis when 64 or more characters long. */
export function campaignNameOf(name: string): string {
  return name.length >= CAMPAIGN_NAME_CUT_AT
    ? `${name.slice(0, CAMPAIGN_NAME_KEPT)}${ELLIPSIS}`
    : name;
}

/**
 * business.md §9 "The default budget is one unit for most countries, 3 for the US, 80 for CZ and
 * 10 for SE, NO and DK" — the daily budget the form starts with.
 */
export function defaultDailyBudget(country: string): number {
  switch (country) {
    case 'US':
      return 3;
    case 'CZ':
      return 80;
    case 'SE':
    case 'NO':
    case 'DK':
      return 10;
    default:
      return 1;
  }
}

/** business.md §9 "The default duration is 10 days, or 30 for SE, NO and DK." */
export function defaultDurationDays(country: string): number {
  return country === 'SE' || country === 'NO' || country === 'DK' ? 30 : 10;
}

/**
 * business.md §9 "A second table of budgets: 7 for most, 5 for GB, 9 for CA, 10 for AU and NZ,
 * 150 for CZ, 70 for SE and NO, 50 for DK" — its role is not shown; here it is the recommended
 * daily budget the form suggests (docs/decisions/102).
 */
export function recommendedDailyBudget(country: string): number {
  switch (country) {
    case 'GB':
      return 5;
    case 'CA':
      return 9;
    case 'AU':
    case 'NZ':
      return 10;
    case 'CZ':
      return 150;
    case 'SE':
    case 'NO':
      return 70;
    case 'DK':
      return 50;
    default:
      return 7;
  }
}

const EURO_COUNTRIES = new Set([
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
]);

/** business.md §9 "Currency by country: EUR, AUD, CAD, CHF, DKK, GBP, NOK, NZD, SEK, default USD." */
export function currencyOf(country: string): string {
  if (EURO_COUNTRIES.has(country)) return 'EUR';
  switch (country) {
    case 'AU':
      return 'AUD';
    case 'CA':
      return 'CAD';
    case 'CH':
      return 'CHF';
    case 'DK':
      return 'DKK';
    case 'GB':
      return 'GBP';
    case 'NO':
      return 'NOK';
    case 'NZ':
      return 'NZD';
    case 'SE':
      return 'SEK';
    default:
      return 'USD';
  }
}

/** business.md §9 "Two limits have a maximum of 1,000,000": the daily and the lifetime budget. */
export const MAX_BUDGET_UNITS = 1_000_000;
/** business.md §9 "365 … also appear": the longest run in days. */
export const MAX_DURATION_DAYS = 365;
/** business.md §9 "Up to 10 quick-promote drafts are kept in storage, keyed by advertiser and pin." */
export const QUICK_PROMOTE_MAX_DRAFTS = 10;

export const QUICK_PROMOTE_AD_TYPES = ['traffic', 'web_conversion'] as const;
export type QuickPromoteAdType = (typeof QUICK_PROMOTE_AD_TYPES)[number];

export const CONVERSION_EVENTS = [
  'CHECKOUT',
  'ADD_TO_CART',
  'PAGE_VISIT',
  'SIGNUP',
  'LEAD',
] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

/** business.md §3 "Quick-promote form values". */
export interface QuickPromoteFormValues {
  name: string;
  destination_url: string;
  /** Daily budget in whole currency units as typed. */
  budget: number;
  duration: number;
  /** 'YYYY-MM-DD' or ''. */
  inclusive_end_date: string;
  is_ongoing: boolean;
  advertiser_id: string;
  ages: AgeBucket[];
  interests: string[];
  genders: TargetingGender[];
  ad_type: QuickPromoteAdType;
  selected_ocpm_tag: { conversionTagId: string; conversionEvent: ConversionEvent } | null;
  isAutoTargeting: boolean;
}

/** The form's first values for an advertiser in `country` (§3 targeting defaults, §9). */
export function defaultQuickPromoteValues(input: {
  advertiserId: string;
  country: string;
  pinTitle: string;
  pinLink: string | null;
}): QuickPromoteFormValues {
  return {
    name: input.pinTitle.trim() === '' ? 'Promoted Pin' : input.pinTitle.trim(),
    destination_url: input.pinLink ?? '',
    budget: defaultDailyBudget(input.country),
    duration: defaultDurationDays(input.country),
    inclusive_end_date: '',
    is_ongoing: false,
    advertiser_id: input.advertiserId,
    ages: [...AGE_BUCKETS],
    interests: [],
    genders: [...TARGETING_GENDERS],
    ad_type: 'traffic',
    selected_ocpm_tag: null,
    isAutoTargeting: true,
  };
}

/** The targeting spec as the payload carries it (Pinterest Ads API v5 keys). */
export interface TargetingSpecPayload {
  GENDER: TargetingGender[];
  AGE_BUCKET: AgeBucket[];
  INTEREST: string[];
  LOCATION: string[];
}

/** business.md §3 "Quick-promote payload". */
export interface QuickPromotePayload {
  budget_in_micro_currency: number;
  campaign_name: string;
  destination_url: string;
  duration: number;
  auto_targeting_enabled: boolean;
  is_ongoing: boolean;
  start_now: boolean;
  targeting_spec: TargetingSpecPayload;
  advertiser_id: string;
  ads_client_type: 'quick_promote';
  pin_id: string;
  product_group_id: string | null;
  flexible_daily_budget_enabled: false;
  inclusive_end_date?: string;
  objective_type?: 'WEB_CONVERSION';
  optimization_goal_metadata?: {
    conversion_tag_v3_goal_metadata: {
      conversion_tag_id: string;
      conversion_event: ConversionEvent;
    };
  };
}

/**
 * business.md §3, §5.2: the payload of a submitted form. `countryList` is the '+'-joined
 * location list (the advertiser's country by default).
 */
export function quickPromotePayload(
  values: QuickPromoteFormValues,
  pinId: string,
  countryList: string,
): QuickPromotePayload {
  const payload: QuickPromotePayload = {
    budget_in_micro_currency: toMicroCurrency(values.budget),
    campaign_name: campaignNameOf(values.name),
    destination_url: values.destination_url,
    duration: values.duration,
    auto_targeting_enabled: values.isAutoTargeting,
    is_ongoing: values.is_ongoing,
    start_now: true,
    targeting_spec: {
      GENDER: values.genders,
      AGE_BUCKET: values.ages,
      INTEREST: values.interests,
      LOCATION: locationsFromCountryList(countryList),
    },
    advertiser_id: values.advertiser_id,
    ads_client_type: 'quick_promote',
    pin_id: pinId,
    product_group_id: null,
    flexible_daily_budget_enabled: false,
  };
  // §5.2 "The end date is sent only when the campaign is not ongoing and the date is non-blank."
  if (!values.is_ongoing && values.inclusive_end_date.trim() !== '') {
    payload.inclusive_end_date = values.inclusive_end_date.trim();
  }
  // §5.2 "The web-conversion ad type adds the objective and the goal metadata."
  if (values.ad_type === 'web_conversion' && values.selected_ocpm_tag) {
    payload.objective_type = 'WEB_CONVERSION';
    payload.optimization_goal_metadata = {
      conversion_tag_v3_goal_metadata: {
        conversion_tag_id: values.selected_ocpm_tag.conversionTagId,
        conversion_event: values.selected_ocpm_tag.conversionEvent,
      },
    };
  }
  return payload;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const decimalId = z.string().regex(/^[1-9][0-9]{0,18}$/, 'Must be a numeric id');

/** Not in the spec: the longest campaign name the console accepts (Pinterest's). */
export const CAMPAIGN_NAME_MAX_LENGTH = 255;
/** Not in the spec: the longest destination URL (as pin links). */
export const DESTINATION_URL_MAX_LENGTH = 2048;

export const targetingSpecPayloadSchema = z.object({
  GENDER: z.array(z.enum(TARGETING_GENDERS)).max(TARGETING_GENDERS.length),
  AGE_BUCKET: z.array(z.enum(AGE_BUCKETS)).max(AGE_BUCKETS.length),
  INTEREST: z
    .array(z.string().refine((id) => INTEREST_TOPIC_IDS.includes(id), 'Unknown interest'))
    .max(INTEREST_TOPIC_IDS.length),
  LOCATION: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .min(1)
    .max(50),
});

/** The server's parse of POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/. */
export const quickPromotePayloadSchema = z
  .object({
    budget_in_micro_currency: z.number().int().positive().max(toMicroCurrency(MAX_BUDGET_UNITS)),
    campaign_name: z.string().trim().min(1).max(CAMPAIGN_NAME_MAX_LENGTH),
    destination_url: z.string().trim().min(1).max(DESTINATION_URL_MAX_LENGTH),
    duration: z.number().int().min(1).max(MAX_DURATION_DAYS),
    auto_targeting_enabled: z.boolean(),
    is_ongoing: z.boolean(),
    start_now: z.boolean(),
    targeting_spec: targetingSpecPayloadSchema,
    advertiser_id: decimalId,
    ads_client_type: z.literal('quick_promote'),
    pin_id: decimalId,
    product_group_id: decimalId.nullable().optional(),
    flexible_daily_budget_enabled: z.literal(false),
    inclusive_end_date: z.string().regex(ISO_DATE).optional(),
    objective_type: z.literal('WEB_CONVERSION').optional(),
    optimization_goal_metadata: z
      .object({
        conversion_tag_v3_goal_metadata: z.object({
          conversion_tag_id: decimalId,
          conversion_event: z.enum(CONVERSION_EVENTS),
        }),
      })
      .optional(),
  })
  .superRefine((payload, ctx) => {
    if (payload.is_ongoing && payload.inclusive_end_date !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['inclusive_end_date'],
        message: 'An ongoing campaign has no end date.',
      });
    }
    if (
      (payload.objective_type === undefined) !==
      (payload.optimization_goal_metadata === undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['optimization_goal_metadata'],
        message: 'A web-conversion campaign needs its conversion tag and event.',
      });
    }
  });
export type QuickPromoteRequest = z.output<typeof quickPromotePayloadSchema>;

// The campaign form's values and their two translations (docs/decisions/177, 192): a campaign
// with 1 to CAMPAIGN_MAX_AD_GROUPS ad groups, each with its own budget, schedule, targeting and
// ads. Form → the API's create / update body (money units × 1,000,000, keywords split on
// commas), and back from what the server keeps (an editable campaign, or a draft / duplicate
// payload, which is the create body). Drafts may be half filled, so reading a payload is lenient: anything missing or malformed
// falls back to the default.
import {
  CAMPAIGN_MAX_AD_GROUPS,
  type EditableCampaign,
  type EditorCampaignCreateBody,
  type EditorCampaignUpdateBody,
  type PacingDeliveryType,
  type PromotablePin,
} from '@corkboard/shared/business/ads-editor';
import {
  AD_OBJECTIVES,
  BUDGET_TYPES,
  type AdObjective,
  type AdReviewState,
  type AdStatus,
  type BudgetType,
} from '@corkboard/shared/business/campaigns';
import { fromMicroCurrency, toMicroCurrency } from '@corkboard/shared/business/money';
import type { AgeBucket, TargetingGender } from '@corkboard/shared/business/targeting';

export interface AdFormValue {
  /** The saved ad's id (edit); absent for a new ad. */
  id?: string | undefined;
  pin: PromotablePin;
  name: string;
  destination_url: string;
  status: 'ACTIVE' | 'PAUSED';
  review_status?: AdReviewState | undefined;
}

export interface AdGroupFormValue {
  /** The saved ad group's id (edit); absent for a new one. */
  id?: string | undefined;
  /** Keys the group on the page (React, focus) while groups are added and removed; not sent. */
  key: string;
  name: string;
  status: AdStatus;
  budget_type: BudgetType;
  /** In currency units, as typed ("5.00"). */
  budget: string;
  /** In currency units; '' uses the objective's default bid. */
  bid: string;
  pacing: PacingDeliveryType;
  start_date: string;
  /** '' runs until stopped (daily budgets only). */
  end_date: string;
  locations: string[];
  ages: string[];
  genders: string[];
  interests: string[];
  /** Comma-separated. */
  keywords: string;
  audienceExclude: string[];
  autoTargeting: boolean;
  conversionTagId: string;
  conversionEvent: string;
  ads: AdFormValue[];
}

export interface CampaignFormValues {
  name: string;
  objective_type: AdObjective;
  status: AdStatus;
  /** 1 to CAMPAIGN_MAX_AD_GROUPS (docs/decisions/192). */
  adGroups: AdGroupFormValue[];
}

/** Not in the spec: a new campaign's daily budget in units, and how long it runs. */
export const DEFAULT_DAILY_BUDGET_UNITS = 5;
export const DEFAULT_RUN_DAYS = 30;

function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

let groupKeys = 0;
/** A key for a group made on this page. */
export function newGroupKey(): string {
  groupKeys += 1;
  return `new-${groupKeys}`;
}

/** A new ad group: the account's country, the default budget, a 30-day run from today. */
export function defaultAdGroup(country: string, now: Date, name = ''): AdGroupFormValue {
  return {
    key: newGroupKey(),
    name,
    status: 'ACTIVE',
    budget_type: 'DAILY',
    budget: DEFAULT_DAILY_BUDGET_UNITS.toFixed(2),
    bid: '',
    pacing: 'STANDARD',
    start_date: isoDay(now),
    end_date: isoDay(new Date(now.getTime() + (DEFAULT_RUN_DAYS - 1) * 86_400_000)),
    locations: [country],
    ages: [],
    genders: [],
    interests: [],
    keywords: '',
    audienceExclude: [],
    autoTargeting: false,
    conversionTagId: '',
    conversionEvent: '',
    ads: [],
  };
}

export function defaultFormValues(country: string, now: Date): CampaignFormValues {
  return {
    name: '',
    objective_type: 'CONSIDERATION',
    status: 'ACTIVE',
    adGroups: [defaultAdGroup(country, now)],
  };
}

/**
 * A copy of an ad group as a new one (docs/decisions/192): same budget, schedule, targeting and
 * Pins, no ids and no review (its ads are new ads), active unless it was paused.
 */
export function copyAdGroup(group: AdGroupFormValue, name: string): AdGroupFormValue {
  const { id: _id, ...rest } = group;
  return {
    ...rest,
    key: newGroupKey(),
    name,
    status: group.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
    ads: group.ads.map(({ id: _adId, review_status: _review, ...ad }) => ad),
  };
}

/** Units as typed → micro-currency; NaN for text that is not a number (the server refuses it). */
function micro(units: string): number {
  const trimmed = units.trim().replace(',', '.');
  if (trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed)) return Number.NaN;
  return toMicroCurrency(Number(trimmed));
}

function units(microAmount: number): string {
  return fromMicroCurrency(microAmount).toFixed(2);
}

export function splitKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
    ),
  ];
}

/** What a blank ad group name becomes: the campaign's name, numbered after the first. */
export function groupNameOrDefault(campaignName: string, group: AdGroupFormValue, index: number) {
  const typed = group.name.trim();
  if (typed !== '') return typed;
  const campaign = campaignName.trim();
  return index === 0 || campaign === '' ? campaign : `${campaign} ${index + 1}`;
}

function adGroupBody(values: CampaignFormValues, group: AdGroupFormValue, index: number) {
  const budget = micro(group.budget);
  const bid = micro(group.bid);
  return {
    name: groupNameOrDefault(values.name, group, index),
    budget_type: group.budget_type,
    // A number the server can name in its answer: NaN is not JSON.
    budget_in_micro_currency: Number.isNaN(budget) ? 0 : budget,
    ...(group.bid.trim() === '' ? {} : { bid_in_micro_currency: Number.isNaN(bid) ? 0 : bid }),
    pacing_delivery_type: group.pacing,
    start_date: group.start_date,
    end_date: group.end_date === '' ? null : group.end_date,
    targeting_spec: {
      LOCATION: group.locations,
      // Checked by the server (AD_TARGETING_INVALID); the form only offers the listed values.
      AGE_BUCKET: group.ages as AgeBucket[],
      GENDER: group.genders as TargetingGender[],
      INTEREST: group.interests,
      KEYWORD: splitKeywords(group.keywords),
      AUDIENCE_EXCLUDE: group.audienceExclude,
    },
    auto_targeting_enabled: group.autoTargeting,
    ...(values.objective_type === 'WEB_CONVERSION' && group.conversionTagId !== ''
      ? { conversion_tag_id: group.conversionTagId }
      : {}),
    ...(values.objective_type === 'WEB_CONVERSION' && group.conversionEvent !== ''
      ? { conversion_event: group.conversionEvent as 'CHECKOUT' }
      : {}),
  };
}

function adBody(ad: AdFormValue) {
  return {
    pin_id: ad.pin.id,
    ...(ad.name.trim() === '' ? {} : { name: ad.name }),
    destination_url: ad.destination_url,
    status: ad.status,
  };
}

/** POST …/campaigns/ (and publish a draft with its id). */
export function toCreateBody(
  values: CampaignFormValues,
  draftId?: string,
): EditorCampaignCreateBody {
  return {
    name: values.name,
    objective_type: values.objective_type,
    status: values.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
    ad_groups: values.adGroups.map((group, index) => ({
      ...adGroupBody(values, group, index),
      status: group.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
      ads: group.ads.map(adBody),
    })),
    ...(draftId === undefined ? {} : { draft_id: draftId }),
  };
}

/** PUT …/campaigns/{id}/: groups and ads with their ids, new ones without. */
export function toUpdateBody(values: CampaignFormValues): EditorCampaignUpdateBody {
  return {
    name: values.name,
    objective_type: values.objective_type,
    status: values.status,
    ad_groups: values.adGroups.map((group, index) => ({
      ...(group.id === undefined ? {} : { id: group.id }),
      ...adGroupBody(values, group, index),
      status: group.status,
      ads: group.ads.map((ad) => ({
        ...(ad.id === undefined ? {} : { id: ad.id }),
        ...adBody(ad),
      })),
    })),
  };
}

/** A draft's payload: the create body, with each ad's pin kept for the picker to show. */
export function toDraftPayload(values: CampaignFormValues): Record<string, unknown> {
  const body = toCreateBody(values);
  return {
    ...body,
    ad_groups: body.ad_groups.map((group, index) => {
      const typed = values.adGroups[index];
      return {
        ...group,
        // Kept as typed, so a half-typed budget comes back as it was.
        name: typed?.name ?? group.name,
        budget_units: typed?.budget ?? '',
        bid_units: typed?.bid ?? '',
        keywords_text: typed?.keywords ?? '',
        ads: (typed?.ads ?? []).map((ad) => ({
          pin_id: ad.pin.id,
          name: ad.name,
          destination_url: ad.destination_url,
          status: ad.status,
          pin: ad.pin,
        })),
      };
    }),
  };
}

export function fromEditable(campaign: EditableCampaign): CampaignFormValues {
  return {
    name: campaign.name,
    objective_type: campaign.objective_type,
    status: campaign.status,
    adGroups: campaign.ad_groups.map((group) => ({
      id: group.id,
      key: `saved-${group.id}`,
      name: group.name,
      status: group.status,
      budget_type: group.budget_type,
      budget: units(group.budget_in_micro_currency),
      bid: units(group.bid_in_micro_currency),
      pacing: group.pacing_delivery_type,
      start_date: group.start_date,
      end_date: group.end_date ?? '',
      locations: group.targeting_spec.LOCATION,
      ages: group.targeting_spec.AGE_BUCKET,
      genders: group.targeting_spec.GENDER,
      interests: group.targeting_spec.INTEREST,
      keywords: group.targeting_spec.KEYWORD.join(', '),
      audienceExclude: group.targeting_spec.AUDIENCE_EXCLUDE,
      autoTargeting: group.auto_targeting_enabled,
      conversionTagId: group.conversion_tag_id ?? '',
      conversionEvent: group.conversion_event ?? '',
      ads: group.ads.map((ad) => ({
        id: ad.id,
        pin: ad.pin,
        name: ad.name,
        destination_url: ad.destination_url,
        status: ad.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
        review_status: ad.review_status,
      })),
    })),
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function strings(value: unknown, fallback: string[]): string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : fallback;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

function pinOf(value: unknown, pinId: string): PromotablePin {
  const pin = record(value);
  return {
    id: pinId,
    title: text(pin['title'], ''),
    link: typeof pin['link'] === 'string' ? pin['link'] : null,
    image_url: typeof pin['image_url'] === 'string' ? pin['image_url'] : null,
  };
}

function adGroupFromPayload(
  value: unknown,
  adsValue: unknown,
  country: string,
  now: Date,
): AdGroupFormValue {
  const d = defaultAdGroup(country, now);
  const group = record(value);
  const targeting = record(group['targeting_spec']);
  const budgetMicro = group['budget_in_micro_currency'];
  const bidMicro = group['bid_in_micro_currency'];
  const ads = Array.isArray(adsValue) ? adsValue : [];
  return {
    key: d.key,
    name: text(group['name'], ''),
    status: oneOf(group['status'], ['ACTIVE', 'PAUSED'] as const, 'ACTIVE'),
    budget_type: oneOf(group['budget_type'], BUDGET_TYPES, d.budget_type),
    budget: text(
      group['budget_units'],
      typeof budgetMicro === 'number' && budgetMicro > 0 ? units(budgetMicro) : d.budget,
    ),
    bid: text(group['bid_units'], typeof bidMicro === 'number' ? units(bidMicro) : ''),
    pacing: oneOf(group['pacing_delivery_type'], ['STANDARD', 'ACCELERATED'] as const, d.pacing),
    start_date: text(group['start_date'], d.start_date),
    end_date: group['end_date'] === null ? '' : text(group['end_date'], d.end_date),
    locations: strings(targeting['LOCATION'], d.locations),
    ages: strings(targeting['AGE_BUCKET'], []),
    genders: strings(targeting['GENDER'], []),
    interests: strings(targeting['INTEREST'], []),
    keywords: text(group['keywords_text'], strings(targeting['KEYWORD'], []).join(', ')),
    audienceExclude: strings(targeting['AUDIENCE_EXCLUDE'], []),
    autoTargeting: group['auto_targeting_enabled'] === true,
    conversionTagId: text(group['conversion_tag_id'], ''),
    conversionEvent: text(group['conversion_event'], ''),
    ads: ads.flatMap((item): AdFormValue[] => {
      const ad = record(item);
      const pinId = ad['pin_id'];
      if (typeof pinId !== 'string') return [];
      return [
        {
          pin: pinOf(ad['pin'], pinId),
          name: text(ad['name'], ''),
          destination_url: text(ad['destination_url'], ''),
          status: oneOf(ad['status'], ['ACTIVE', 'PAUSED'] as const, 'ACTIVE'),
        },
      ];
    }),
  };
}

/**
 * A draft or duplicate payload back into the form, leniently (see the file comment). A payload
 * kept before ad groups were many (`ad_group` and `ads` at the top) reads as one group.
 */
export function fromDraftPayload(
  payload: Record<string, unknown>,
  country: string,
  now: Date,
): CampaignFormValues {
  const defaults = defaultFormValues(country, now);
  const listed = Array.isArray(payload['ad_groups'])
    ? payload['ad_groups']
        .slice(0, CAMPAIGN_MAX_AD_GROUPS)
        .map((group) => adGroupFromPayload(group, record(group)['ads'], country, now))
    : 'ad_group' in payload
      ? [adGroupFromPayload(payload['ad_group'], payload['ads'], country, now)]
      : [];
  return {
    name: text(payload['name'], ''),
    objective_type: oneOf(payload['objective_type'], AD_OBJECTIVES, defaults.objective_type),
    status: oneOf(payload['status'], ['ACTIVE', 'PAUSED'] as const, 'ACTIVE'),
    adGroups: listed.length > 0 ? listed : defaults.adGroups,
  };
}

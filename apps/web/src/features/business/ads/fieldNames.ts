// Names a field the server refused, for the alert at the top of the form (docs/decisions/192):
// 'ad_groups.1.budget_in_micro_currency' → "Ad group 2 (Europe), Budget (USD)". The message under
// the field says what is wrong; this says where, so a long form with several ad groups is not a
// hunt. Paths outside an ad group ('name', 'objective_type') need no naming: null.
import type { TFunction } from 'i18next';
import type { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import type { CampaignFormValues } from './formValues.ts';

type T = TFunction<typeof ADS_EDITOR_NAMESPACE>;
type Label = (t: T, currency: string) => string;

/** The label of a field of an ad group, by its path under `ad_groups.N` ('' names the group). */
const GROUP_FIELD_LABELS: Record<string, Label> = {
  id: () => '',
  name: (t) => t('adGroupStep.name'),
  status: (t) => t('adGroupStep.status'),
  pacing_delivery_type: (t) => t('adGroupStep.pacing'),
  bid_in_micro_currency: (t, currency) => t('adGroupStep.bid', { currency }),
  conversion_tag_id: (t) => t('adGroupStep.conversionTag'),
  conversion_event: (t) => t('adGroupStep.conversionEvent'),
  budget_type: (t) => t('budgetStep.budgetType'),
  budget_in_micro_currency: (t, currency) => t('budgetStep.budget', { currency }),
  start_date: (t) => t('budgetStep.start'),
  end_date: (t) => t('budgetStep.end'),
  'targeting_spec.LOCATION': (t) => t('targetingStep.locations'),
  'targeting_spec.AGE_BUCKET': (t) => t('targetingStep.ages'),
  'targeting_spec.GENDER': (t) => t('targetingStep.genders'),
  'targeting_spec.INTEREST': (t) => t('targetingStep.interests'),
  'targeting_spec.KEYWORD': (t) => t('targetingStep.keywords'),
  'targeting_spec.AUDIENCE_EXCLUDE': (t) => t('targetingStep.audienceExclude'),
  ads: (t) => t('creativeStep.legend'),
};

/** The label of a field of one ad, by its path under `ads.M` ('' names the ad). */
const AD_FIELD_LABELS: Record<string, Label> = {
  pin_id: () => '',
  id: () => '',
  name: (t) => t('creativeStep.adName'),
  destination_url: (t) => t('creativeStep.destination'),
};

export function describeField(
  field: string,
  values: CampaignFormValues,
  t: T,
  currency: string,
): string | null {
  const match = /^ad_groups\.(\d+)\.(.+)$/.exec(field);
  if (!match) return null;
  const index = Number(match[1]);
  const rest = match[2] ?? '';
  const name = values.adGroups[index]?.name.trim() ?? '';
  const parts = [
    name === ''
      ? t('adGroups.label', { n: index + 1 })
      : t('adGroups.labelNamed', { n: index + 1, name }),
  ];
  const ad = /^ads\.(\d+)\.(.+)$/.exec(rest);
  const label = ad ? AD_FIELD_LABELS[ad[2] ?? ''] : GROUP_FIELD_LABELS[rest];
  if (ad) parts.push(t('creativeStep.adLabel', { n: Number(ad[1]) + 1 }));
  const text = label?.(t, currency) ?? '';
  if (text !== '') parts.push(text);
  return parts.join(', ');
}

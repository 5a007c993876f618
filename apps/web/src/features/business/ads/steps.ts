// What every step of the campaign form receives: the values, a way to change them, where the
// server's field error is, the account's currency and whether the form is read-only. The steps
// of one ad group (docs/decisions/192) receive that group, its position and a way to change it;
// their fields' paths are the API's (`ad_groups.{index}.…`).
import type { AdObjective } from '@corkboard/shared/business/campaigns';
import type { AdGroupFormValue, CampaignFormValues } from './formValues.ts';
import type { ErrorFor } from './fields.tsx';

export interface StepProps {
  values: CampaignFormValues;
  onChange: (update: (values: CampaignFormValues) => CampaignFormValues) => void;
  errorFor: ErrorFor;
  currency: string;
  /** Edit of an existing campaign (the objective is fixed; ARCHIVED is offered). */
  editing: boolean;
}

export interface GroupStepProps {
  group: AdGroupFormValue;
  /** Its position in the form and the body. */
  index: number;
  objective: AdObjective;
  onGroupChange: (patch: Partial<AdGroupFormValue>) => void;
  errorFor: ErrorFor;
  currency: string;
}

/** The API path of a field of ad group `index` ('ad_groups.1.budget_in_micro_currency'). */
export function groupField(index: number, field: string): string {
  return `ad_groups.${index}.${field}`;
}

/** Applies a patch to ad group `index`. */
export function withAdGroup(
  index: number,
  patch: Partial<AdGroupFormValue>,
): (values: CampaignFormValues) => CampaignFormValues {
  return (values) => ({
    ...values,
    adGroups: values.adGroups.map((group, at) => (at === index ? { ...group, ...patch } : group)),
  });
}

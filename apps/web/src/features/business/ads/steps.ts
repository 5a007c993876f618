// What every step of the campaign form receives: the values, a way to change them, where the
// server's field error is, the account's currency and whether the form is read-only.
import type { CampaignFormValues } from './formValues.ts';
import type { ErrorFor } from './fields.tsx';

export interface StepProps {
  values: CampaignFormValues;
  onChange: (update: (values: CampaignFormValues) => CampaignFormValues) => void;
  errorFor: ErrorFor;
  currency: string;
  /** Edit of an existing campaign (the objective is fixed; ARCHIVED is offered). */
  editing: boolean;
}

export function withAdGroup(
  patch: Partial<CampaignFormValues['adGroup']>,
): (values: CampaignFormValues) => CampaignFormValues {
  return (values) => ({ ...values, adGroup: { ...values.adGroup, ...patch } });
}

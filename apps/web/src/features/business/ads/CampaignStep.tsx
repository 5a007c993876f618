// Step 1: the campaign — its name, objective (fixed once it exists) and status.
import { AD_OBJECTIVES, type AdStatus } from '@corkboard/shared/business/campaigns';
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { SelectField } from '../SelectField.tsx';
import { RadioGroup, fieldId } from './fields.tsx';
import type { StepProps } from './steps.ts';

export function CampaignStep({ values, onChange, errorFor, editing }: StepProps) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const statuses: AdStatus[] = editing ? ['ACTIVE', 'PAUSED', 'ARCHIVED'] : ['ACTIVE', 'PAUSED'];
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('campaignStep.legend')}</legend>
      <TextField
        id={fieldId('name')}
        label={t('campaignStep.name')}
        value={values.name}
        onChange={(name) => onChange((current) => ({ ...current, name }))}
        errorMessage={errorFor('name')}
      />
      {editing ? (
        <p className="field__helper">
          {t('campaignStep.objective')}: {t(`campaignStep.objectives.${values.objective_type}`)}.{' '}
          {t('campaignStep.objectiveLocked')}
        </p>
      ) : (
        <RadioGroup
          field="objective_type"
          legend={t('campaignStep.objective')}
          options={AD_OBJECTIVES.map((value) => ({
            value,
            label: t(`campaignStep.objectives.${value}`),
          }))}
          value={values.objective_type}
          onChange={(objective_type) => onChange((current) => ({ ...current, objective_type }))}
          error={errorFor('objective_type')}
        />
      )}
      <SelectField
        id={fieldId('status')}
        label={t('campaignStep.status')}
        value={values.status}
        options={statuses.map((value) => ({ value, label: t(`status.${value}`) }))}
        onChange={(status) => onChange((current) => ({ ...current, status: status as AdStatus }))}
      />
    </fieldset>
  );
}

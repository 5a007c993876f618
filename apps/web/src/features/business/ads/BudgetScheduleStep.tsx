// Step 3: budget and schedule — daily or lifetime budget in the account's currency (sent as
// micro-currency), start and end days (inclusive; no end runs until stopped).
import { BUDGET_TYPES } from '@corkboard/shared/business/campaigns';
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { RadioGroup, fieldId } from './fields.tsx';
import { withAdGroup, type StepProps } from './steps.ts';

export function BudgetScheduleStep({ values, onChange, errorFor, currency }: StepProps) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const group = values.adGroup;
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('budgetStep.legend')}</legend>
      <RadioGroup
        field="ad_group.budget_type"
        legend={t('budgetStep.budgetType')}
        options={BUDGET_TYPES.map((value) => ({ value, label: t(`budgetStep.types.${value}`) }))}
        value={group.budget_type}
        onChange={(budget_type) => onChange(withAdGroup({ budget_type }))}
        error={errorFor('ad_group.budget_type')}
      />
      <TextField
        id={fieldId('ad_group.budget_in_micro_currency')}
        label={t('budgetStep.budget', { currency })}
        value={group.budget}
        onChange={(budget) => onChange(withAdGroup({ budget }))}
        errorMessage={errorFor('ad_group.budget_in_micro_currency')}
      />
      <div className="ads-editor__row">
        <TextField
          id={fieldId('ad_group.start_date')}
          type="date"
          label={t('budgetStep.start')}
          value={group.start_date}
          onChange={(start_date) => onChange(withAdGroup({ start_date }))}
          errorMessage={errorFor('ad_group.start_date')}
        />
        <TextField
          id={fieldId('ad_group.end_date')}
          type="date"
          label={t('budgetStep.end')}
          helperText={t('budgetStep.endHelp')}
          value={group.end_date}
          min={group.start_date || undefined}
          onChange={(end_date) => onChange(withAdGroup({ end_date }))}
          errorMessage={errorFor('ad_group.end_date')}
        />
      </div>
    </fieldset>
  );
}

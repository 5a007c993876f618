// One ad group's budget and schedule — daily or lifetime budget in the account's currency (sent
// as micro-currency), start and end days (inclusive; no end runs until stopped).
import { BUDGET_TYPES } from '@corkboard/shared/business/campaigns';
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { RadioGroup, fieldId } from './fields.tsx';
import { groupField, type GroupStepProps } from './steps.ts';

export function BudgetScheduleStep({
  group,
  index,
  onGroupChange,
  errorFor,
  currency,
}: GroupStepProps) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const field = (name: string) => groupField(index, name);
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('budgetStep.legend')}</legend>
      <RadioGroup
        field={field('budget_type')}
        legend={t('budgetStep.budgetType')}
        options={BUDGET_TYPES.map((value) => ({ value, label: t(`budgetStep.types.${value}`) }))}
        value={group.budget_type}
        onChange={(budget_type) => onGroupChange({ budget_type })}
        error={errorFor(field('budget_type'))}
      />
      <TextField
        id={fieldId(field('budget_in_micro_currency'))}
        label={t('budgetStep.budget', { currency })}
        value={group.budget}
        onChange={(budget) => onGroupChange({ budget })}
        errorMessage={errorFor(field('budget_in_micro_currency'))}
      />
      <div className="ads-editor__row">
        <TextField
          id={fieldId(field('start_date'))}
          type="date"
          label={t('budgetStep.start')}
          value={group.start_date}
          onChange={(start_date) => onGroupChange({ start_date })}
          errorMessage={errorFor(field('start_date'))}
        />
        <TextField
          id={fieldId(field('end_date'))}
          type="date"
          label={t('budgetStep.end')}
          helperText={t('budgetStep.endHelp')}
          value={group.end_date}
          min={group.start_date || undefined}
          onChange={(end_date) => onGroupChange({ end_date })}
          errorMessage={errorFor(field('end_date'))}
        />
      </div>
    </fieldset>
  );
}

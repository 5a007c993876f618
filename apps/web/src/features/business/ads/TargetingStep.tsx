// One ad group's audience (targeting_spec as delivery reads it, ADR 106): countries, age
// buckets, genders, interests by topic, search keywords, and auto-targeting.
import {
  AD_COUNTRIES,
  AGE_BUCKETS,
  INTEREST_TOPICS,
  TARGETING_GENDERS,
} from '@corkboard/shared/business/targeting';
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { CheckboxGroup, fieldId } from './fields.tsx';
import { groupField, type GroupStepProps } from './steps.ts';

export function TargetingStep({ group, index, onGroupChange, errorFor }: GroupStepProps) {
  const { t, i18n } = useTranslation(ADS_EDITOR_NAMESPACE);
  const spec = (key: string) => groupField(index, `targeting_spec.${key}`);
  let regionNames: Intl.DisplayNames | null = null;
  try {
    regionNames = new Intl.DisplayNames([i18n.language], { type: 'region' });
  } catch {
    regionNames = null;
  }
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('targetingStep.legend')}</legend>
      <CheckboxGroup
        field={spec('LOCATION')}
        legend={t('targetingStep.locations')}
        options={AD_COUNTRIES.map((code) => ({
          value: code,
          label: regionNames?.of(code) ?? code,
        }))}
        selected={group.locations}
        onChange={(locations) => onGroupChange({ locations })}
        error={errorFor(spec('LOCATION'))}
        columns
      />
      <CheckboxGroup
        field={spec('AGE_BUCKET')}
        legend={t('targetingStep.ages')}
        help={t('targetingStep.agesHelp')}
        options={AGE_BUCKETS.map((value) => ({ value, label: value }))}
        selected={group.ages}
        onChange={(ages) => onGroupChange({ ages })}
        error={errorFor(spec('AGE_BUCKET'))}
      />
      <CheckboxGroup
        field={spec('GENDER')}
        legend={t('targetingStep.genders')}
        options={TARGETING_GENDERS.map((value) => ({
          value,
          label: t(`targetingStep.gender.${value}`),
        }))}
        selected={group.genders}
        onChange={(genders) => onGroupChange({ genders })}
        error={errorFor(spec('GENDER'))}
      />
      <CheckboxGroup
        field={spec('INTEREST')}
        legend={t('targetingStep.interests')}
        options={INTEREST_TOPICS.map((topic) => ({ value: topic.topic_id, label: topic.name }))}
        selected={group.interests}
        onChange={(interests) => onGroupChange({ interests })}
        error={errorFor(spec('INTEREST'))}
        columns
      />
      <TextField
        id={fieldId(spec('KEYWORD'))}
        label={t('targetingStep.keywords')}
        helperText={t('targetingStep.keywordsHelp')}
        value={group.keywords}
        onChange={(keywords) => onGroupChange({ keywords })}
        errorMessage={errorFor(spec('KEYWORD'))}
      />
      <label
        className="ads-editor__choice"
        htmlFor={fieldId(groupField(index, 'auto_targeting_enabled'))}
      >
        <input
          id={fieldId(groupField(index, 'auto_targeting_enabled'))}
          type="checkbox"
          checked={group.autoTargeting}
          onChange={(event) => onGroupChange({ autoTargeting: event.target.checked })}
        />{' '}
        {t('targetingStep.autoTargeting')}
      </label>
    </fieldset>
  );
}

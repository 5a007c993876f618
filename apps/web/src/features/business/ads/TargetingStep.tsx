// Step 4: the audience (targeting_spec as delivery reads it, ADR 106): countries, age buckets,
// genders, interests by topic, search keywords, and auto-targeting.
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
import { withAdGroup, type StepProps } from './steps.ts';

const spec = (key: string) => `ad_group.targeting_spec.${key}`;

export function TargetingStep({ values, onChange, errorFor }: StepProps) {
  const { t, i18n } = useTranslation(ADS_EDITOR_NAMESPACE);
  const group = values.adGroup;
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
        onChange={(locations) => onChange(withAdGroup({ locations }))}
        error={errorFor(spec('LOCATION'))}
        columns
      />
      <CheckboxGroup
        field={spec('AGE_BUCKET')}
        legend={t('targetingStep.ages')}
        help={t('targetingStep.agesHelp')}
        options={AGE_BUCKETS.map((value) => ({ value, label: value }))}
        selected={group.ages}
        onChange={(ages) => onChange(withAdGroup({ ages }))}
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
        onChange={(genders) => onChange(withAdGroup({ genders }))}
        error={errorFor(spec('GENDER'))}
      />
      <CheckboxGroup
        field={spec('INTEREST')}
        legend={t('targetingStep.interests')}
        options={INTEREST_TOPICS.map((topic) => ({ value: topic.topic_id, label: topic.name }))}
        selected={group.interests}
        onChange={(interests) => onChange(withAdGroup({ interests }))}
        error={errorFor(spec('INTEREST'))}
        columns
      />
      <TextField
        id={fieldId(spec('KEYWORD'))}
        label={t('targetingStep.keywords')}
        helperText={t('targetingStep.keywordsHelp')}
        value={group.keywords}
        onChange={(keywords) => onChange(withAdGroup({ keywords }))}
        errorMessage={errorFor(spec('KEYWORD'))}
      />
      <label className="ads-editor__choice" htmlFor="ads-auto-targeting">
        <input
          id="ads-auto-targeting"
          type="checkbox"
          checked={group.autoTargeting}
          onChange={(event) => onChange(withAdGroup({ autoTargeting: event.target.checked }))}
        />{' '}
        {t('targetingStep.autoTargeting')}
      </label>
    </fieldset>
  );
}

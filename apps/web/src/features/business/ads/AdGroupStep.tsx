// Step 2: the ad group — its name, delivery (pacing_delivery_type, ADR 108), bid, and for a
// conversions campaign the conversion tag and event it optimises for.
import { CONVERSION_EVENTS, PACING_DELIVERY_TYPES } from '@corkboard/shared/business/ads-editor';
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { SelectField } from '../SelectField.tsx';
import { FieldMessage, RadioGroup, fieldId } from './fields.tsx';
import { withAdGroup, type StepProps } from './steps.ts';

export function AdGroupStep({ values, onChange, errorFor, currency }: StepProps) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const group = values.adGroup;
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('adGroupStep.legend')}</legend>
      <TextField
        id={fieldId('ad_group.name')}
        label={t('adGroupStep.name')}
        helperText={t('adGroupStep.nameHelp')}
        value={group.name}
        onChange={(name) => onChange(withAdGroup({ name }))}
        errorMessage={errorFor('ad_group.name')}
      />
      <RadioGroup
        field="ad_group.pacing_delivery_type"
        legend={t('adGroupStep.pacing')}
        options={PACING_DELIVERY_TYPES.map((value) => ({
          value,
          label: t(`adGroupStep.pacingValue.${value}`),
        }))}
        value={group.pacing}
        onChange={(pacing) => onChange(withAdGroup({ pacing }))}
      />
      <TextField
        id={fieldId('ad_group.bid_in_micro_currency')}
        label={t('adGroupStep.bid', { currency })}
        helperText={t('adGroupStep.bidHelp')}
        value={group.bid}
        onChange={(bid) => onChange(withAdGroup({ bid }))}
        errorMessage={errorFor('ad_group.bid_in_micro_currency')}
      />
      {values.objective_type === 'WEB_CONVERSION' ? (
        <>
          <TextField
            id={fieldId('ad_group.conversion_tag_id')}
            label={t('adGroupStep.conversionTag')}
            value={group.conversionTagId}
            onChange={(conversionTagId) => onChange(withAdGroup({ conversionTagId }))}
            errorMessage={errorFor('ad_group.conversion_tag_id')}
          />
          <SelectField
            id={fieldId('ad_group.conversion_event')}
            label={t('adGroupStep.conversionEvent')}
            value={group.conversionEvent}
            options={[
              { value: '', label: t('adGroupStep.chooseEvent') },
              ...CONVERSION_EVENTS.map((value) => ({
                value,
                label: t(`adGroupStep.events.${value}`),
              })),
            ]}
            onChange={(conversionEvent) => onChange(withAdGroup({ conversionEvent }))}
          />
          <FieldMessage
            field="ad_group.conversion_event"
            message={errorFor('ad_group.conversion_event')}
          />
        </>
      ) : null}
    </fieldset>
  );
}

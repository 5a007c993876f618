// One ad group's own settings — its name, status (an existing group can be archived: ADR 192),
// delivery (pacing_delivery_type, ADR 108), bid, and for a conversions campaign the conversion
// tag and event it optimises for.
import { CONVERSION_EVENTS, PACING_DELIVERY_TYPES } from '@corkboard/shared/business/ads-editor';
import type { AdStatus } from '@corkboard/shared/business/campaigns';
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { SelectField } from '../SelectField.tsx';
import { FieldMessage, RadioGroup, fieldId } from './fields.tsx';
import { groupField, type GroupStepProps } from './steps.ts';

export function AdGroupStep({
  group,
  index,
  objective,
  onGroupChange,
  errorFor,
  currency,
  canArchive,
}: GroupStepProps & { canArchive: boolean }) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const field = (name: string) => groupField(index, name);
  const statuses: AdStatus[] = canArchive ? ['ACTIVE', 'PAUSED', 'ARCHIVED'] : ['ACTIVE', 'PAUSED'];
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('adGroupStep.legend')}</legend>
      <TextField
        id={fieldId(field('name'))}
        label={t('adGroupStep.name')}
        helperText={t(index === 0 ? 'adGroupStep.nameHelp' : 'adGroupStep.nameHelpNumbered', {
          n: index + 1,
        })}
        value={group.name}
        onChange={(name) => onGroupChange({ name })}
        errorMessage={errorFor(field('name'))}
      />
      <SelectField
        id={fieldId(field('status'))}
        label={t('adGroupStep.status')}
        value={group.status}
        options={statuses.map((value) => ({ value, label: t(`status.${value}`) }))}
        onChange={(status) => onGroupChange({ status: status as AdStatus })}
      />
      {group.status === 'ARCHIVED' ? (
        <p className="field__helper">{t('adGroups.archiveNote')}</p>
      ) : null}
      <FieldMessage field={field('status')} message={errorFor(field('status'))} />
      <RadioGroup
        field={field('pacing_delivery_type')}
        legend={t('adGroupStep.pacing')}
        options={PACING_DELIVERY_TYPES.map((value) => ({
          value,
          label: t(`adGroupStep.pacingValue.${value}`),
        }))}
        value={group.pacing}
        onChange={(pacing) => onGroupChange({ pacing })}
      />
      <TextField
        id={fieldId(field('bid_in_micro_currency'))}
        label={t('adGroupStep.bid', { currency })}
        helperText={t('adGroupStep.bidHelp')}
        value={group.bid}
        onChange={(bid) => onGroupChange({ bid })}
        errorMessage={errorFor(field('bid_in_micro_currency'))}
      />
      {objective === 'WEB_CONVERSION' ? (
        <>
          <TextField
            id={fieldId(field('conversion_tag_id'))}
            label={t('adGroupStep.conversionTag')}
            value={group.conversionTagId}
            onChange={(conversionTagId) => onGroupChange({ conversionTagId })}
            errorMessage={errorFor(field('conversion_tag_id'))}
          />
          <SelectField
            id={fieldId(field('conversion_event'))}
            label={t('adGroupStep.conversionEvent')}
            value={group.conversionEvent}
            options={[
              { value: '', label: t('adGroupStep.chooseEvent') },
              ...CONVERSION_EVENTS.map((value) => ({
                value,
                label: t(`adGroupStep.events.${value}`),
              })),
            ]}
            onChange={(conversionEvent) => onGroupChange({ conversionEvent })}
          />
          <FieldMessage
            field={field('conversion_event')}
            message={errorFor(field('conversion_event'))}
          />
        </>
      ) : null}
    </fieldset>
  );
}

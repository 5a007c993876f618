// The quick-promote form's ad type (business.md §3 ad_type, selected_ocpm_tag; §5.2 "The
// web-conversion ad type adds the objective and the goal metadata"): traffic, or web conversion
// with a conversion tag chosen in the tag modal (ConversionTagModal).
import type { QuickPromoteFormValues } from '@corkboard/shared/business/quick-promote';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { ConversionTagModal } from './ConversionTagModal.tsx';

export function QuickPromoteObjective({
  advertiserId,
  values,
  onChange,
}: {
  advertiserId: string;
  values: QuickPromoteFormValues;
  onChange: (values: QuickPromoteFormValues) => void;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const [open, setOpen] = useState(false);
  const tag = values.selected_ocpm_tag;
  const conversion = values.ad_type === 'web_conversion';
  return (
    <fieldset className="quick-promote__group">
      <legend>{t('quickPromoteSteps.objectiveLegend')}</legend>
      <label className="business-form__choice">
        <input
          type="radio"
          name={`${id}-objective`}
          checked={!conversion}
          onChange={() => onChange({ ...values, ad_type: 'traffic' })}
        />
        {t('quickPromoteSteps.objectiveTraffic')}
      </label>
      <label className="business-form__choice">
        <input
          type="radio"
          name={`${id}-objective`}
          checked={conversion}
          onChange={() => {
            onChange({ ...values, ad_type: 'web_conversion' });
            if (!values.selected_ocpm_tag) setOpen(true);
          }}
        />
        {t('quickPromoteSteps.objectiveConversion')}
      </label>
      {conversion ? (
        <div>
          <p id={`${id}-tag`} role="status">
            {tag
              ? t('quickPromoteSteps.tagChosen', {
                  event: t(`quickPromoteSteps.tagEvent.${tag.conversionEvent}`),
                  tag: tag.conversionTagId,
                })
              : t('quickPromoteSteps.tagNone')}
          </p>
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={`${id}-tag`}
            onClick={() => setOpen(true)}
          >
            {t('quickPromoteSteps.tagChoose')}
          </button>
        </div>
      ) : null}
      {open ? (
        <ConversionTagModal
          advertiserId={advertiserId}
          selected={tag}
          onDismiss={() => setOpen(false)}
          onApply={(chosen) => {
            onChange({ ...values, ad_type: 'web_conversion', selected_ocpm_tag: chosen });
            setOpen(false);
          }}
        />
      ) : null}
    </fieldset>
  );
}

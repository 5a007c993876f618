// Step 5: the ads. The chosen Pins (each an ad with its name, website link and paused switch)
// and the picker of Pins this ad account may promote (the server's list: the business's and the
// editing person's Pins that link out and are not secret).
import type { PromotablePin } from '@corkboard/shared/business/ads-editor';
import { CAMPAIGN_MAX_ADS } from '@corkboard/shared/business/campaigns';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../../api/lists.ts';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { LoadingState } from '../../../ui/PageStates.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { FieldMessage, fieldId } from './fields.tsx';
import { usePromotablePins } from './hooks.ts';
import type { StepProps } from './steps.ts';

function PinThumb({ pin }: { pin: PromotablePin }) {
  return pin.image_url ? (
    <img className="ads-editor__thumb" src={pin.image_url} alt="" width={60} height={60} />
  ) : (
    <span className="ads-editor__thumb" aria-hidden="true" />
  );
}

export function CreativeStep({
  values,
  onChange,
  errorFor,
  advertiserId,
  readOnly,
}: StepProps & { advertiserId: string; readOnly: boolean }) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const pins = usePromotablePins(advertiserId, !readOnly);
  const chosen = new Set(values.ads.map((ad) => ad.pin.id));
  const titleOf = (pin: PromotablePin) => pin.title || t('creativeStep.pin', { id: pin.id });
  const setAd = (index: number, patch: Partial<(typeof values.ads)[number]>) =>
    onChange((current) => ({
      ...current,
      ads: current.ads.map((ad, at) => (at === index ? { ...ad, ...patch } : ad)),
    }));
  const items = flattenPages(pins.data);
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('creativeStep.legend')}</legend>
      <p className="field__helper">{t('creativeStep.intro')}</p>
      {values.ads.length === 0 ? <p id={fieldId('ads')}>{t('creativeStep.none')}</p> : null}
      <FieldMessage field="ads" message={errorFor('ads')} />
      <ol className="ads-editor__ads">
        {values.ads.map((ad, index) => (
          <li key={ad.id ?? `new-${ad.pin.id}`} className="ads-editor__ad">
            <PinThumb pin={ad.pin} />
            <div className="ads-editor__ad-fields">
              <p className="ads-editor__ad-title">
                {titleOf(ad.pin)}
                {ad.review_status ? ` · ${t(`review.${ad.review_status}`)}` : ''}
              </p>
              <FieldMessage
                field={`ads.${index}.pin_id`}
                message={errorFor(`ads.${index}.pin_id`)}
              />
              <FieldMessage field={`ads.${index}.id`} message={errorFor(`ads.${index}.id`)} />
              <TextField
                id={fieldId(`ads.${index}.name`)}
                label={t('creativeStep.adName')}
                value={ad.name}
                placeholder={ad.pin.title}
                onChange={(name) => setAd(index, { name })}
                errorMessage={errorFor(`ads.${index}.name`)}
              />
              <TextField
                id={fieldId(`ads.${index}.destination_url`)}
                label={t('creativeStep.destination')}
                value={ad.destination_url}
                onChange={(destination_url) => setAd(index, { destination_url })}
                errorMessage={errorFor(`ads.${index}.destination_url`)}
              />
              <label className="ads-editor__choice" htmlFor={`${fieldId(`ads.${index}`)}-paused`}>
                <input
                  id={`${fieldId(`ads.${index}`)}-paused`}
                  type="checkbox"
                  checked={ad.status === 'PAUSED'}
                  onChange={(event) =>
                    setAd(index, { status: event.target.checked ? 'PAUSED' : 'ACTIVE' })
                  }
                />{' '}
                {t('creativeStep.paused')}
              </label>
              {readOnly ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('creativeStep.remove', { title: titleOf(ad.pin) })}
                  onClick={() =>
                    onChange((current) => ({
                      ...current,
                      ads: current.ads.filter((_ad, at) => at !== index),
                    }))
                  }
                >
                  {t('creativeStep.remove', { title: '' }).trim()}
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <section aria-labelledby="ads-picker-title" className="ads-editor__picker">
          <h3 id="ads-picker-title" className="business-subheading">
            {t('creativeStep.pickerTitle')}
          </h3>
          {pins.isPending ? <LoadingState /> : null}
          {pins.isSuccess && items.length === 0 ? <p>{t('creativeStep.noPins')}</p> : null}
          <ul className="ads-editor__pins">
            {items.map((pin) => (
              <li key={pin.id} className="ads-editor__pin">
                <PinThumb pin={pin} />
                <span className="ads-editor__pin-title">{titleOf(pin)}</span>
                {chosen.has(pin.id) ? (
                  <span className="field__helper">{t('creativeStep.added')}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={values.ads.length >= CAMPAIGN_MAX_ADS}
                    onClick={() =>
                      onChange((current) => ({
                        ...current,
                        ads: [
                          ...current.ads,
                          { pin, name: '', destination_url: pin.link ?? '', status: 'ACTIVE' },
                        ],
                      }))
                    }
                  >
                    {t('creativeStep.add', { title: titleOf(pin) })}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {pins.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={pins.isFetchingNextPage}
              onClick={() => void pins.fetchNextPage()}
            >
              {t('loadMore')}
            </button>
          ) : null}
        </section>
      )}
    </fieldset>
  );
}

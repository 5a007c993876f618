// One ad group's ads. The chosen Pins (each an ad with its name, website link and paused switch)
// and the picker of Pins this ad account may promote (the server's list: the business's and the
// editing person's Pins that link out and are not secret). Every group has its own picker; the
// list is one cached query.
import type { PromotablePin } from '@corkboard/shared/business/ads-editor';
import { CAMPAIGN_MAX_ADS } from '@corkboard/shared/business/campaigns';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../../api/lists.ts';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { LoadingState } from '../../../ui/PageStates.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { FieldMessage, fieldId } from './fields.tsx';
import { usePromotablePins } from './hooks.ts';
import { groupField, type GroupStepProps } from './steps.ts';

function PinThumb({ pin }: { pin: PromotablePin }) {
  return pin.image_url ? (
    <img className="ads-editor__thumb" src={pin.image_url} alt="" width={60} height={60} />
  ) : (
    <span className="ads-editor__thumb" aria-hidden="true" />
  );
}

export function CreativeStep({
  group,
  index: groupIndex,
  onGroupChange,
  errorFor,
  advertiserId,
  readOnly,
}: GroupStepProps & { advertiserId: string; readOnly: boolean }) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const pins = usePromotablePins(advertiserId, !readOnly);
  const ads = group.ads;
  const chosen = new Set(ads.map((ad) => ad.pin.id));
  const titleOf = (pin: PromotablePin) => pin.title || t('creativeStep.pin', { id: pin.id });
  const field = (name: string) => groupField(groupIndex, name);
  const setAd = (index: number, patch: Partial<(typeof ads)[number]>) =>
    onGroupChange({ ads: ads.map((ad, at) => (at === index ? { ...ad, ...patch } : ad)) });
  const items = flattenPages(pins.data);
  const pickerTitle = `${fieldId(field('ads'))}-picker`;
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('creativeStep.legend')}</legend>
      <p className="field__helper" id={fieldId(field('ads'))} tabIndex={-1}>
        {t(ads.length === 0 ? 'creativeStep.none' : 'creativeStep.intro')}
      </p>
      <FieldMessage field={field('ads')} message={errorFor(field('ads'))} />
      <ol className="ads-editor__ads">
        {ads.map((ad, index) => (
          <li key={ad.id ?? `new-${ad.pin.id}`} className="ads-editor__ad">
            <PinThumb pin={ad.pin} />
            <div className="ads-editor__ad-fields">
              <p
                className="ads-editor__ad-title"
                id={fieldId(field(`ads.${index}.pin_id`))}
                tabIndex={-1}
              >
                {titleOf(ad.pin)}
                {ad.review_status ? ` · ${t(`review.${ad.review_status}`)}` : ''}
              </p>
              <FieldMessage
                field={field(`ads.${index}.pin_id`)}
                message={errorFor(field(`ads.${index}.pin_id`))}
              />
              <FieldMessage
                field={field(`ads.${index}.id`)}
                message={errorFor(field(`ads.${index}.id`))}
              />
              <TextField
                id={fieldId(field(`ads.${index}.name`))}
                label={t('creativeStep.adName')}
                value={ad.name}
                placeholder={ad.pin.title}
                onChange={(name) => setAd(index, { name })}
                errorMessage={errorFor(field(`ads.${index}.name`))}
              />
              <TextField
                id={fieldId(field(`ads.${index}.destination_url`))}
                label={t('creativeStep.destination')}
                value={ad.destination_url}
                onChange={(destination_url) => setAd(index, { destination_url })}
                errorMessage={errorFor(field(`ads.${index}.destination_url`))}
              />
              <label
                className="ads-editor__choice"
                htmlFor={`${fieldId(field(`ads.${index}`))}-paused`}
              >
                <input
                  id={`${fieldId(field(`ads.${index}`))}-paused`}
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
                  onClick={() => onGroupChange({ ads: ads.filter((_ad, at) => at !== index) })}
                >
                  {t('creativeStep.remove', { title: '' }).trim()}
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <section aria-labelledby={pickerTitle} className="ads-editor__picker">
          <h3 id={pickerTitle} className="business-subheading">
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
                    disabled={ads.length >= CAMPAIGN_MAX_ADS}
                    onClick={() =>
                      onGroupChange({
                        ads: [
                          ...ads,
                          { pin, name: '', destination_url: pin.link ?? '', status: 'ACTIVE' },
                        ],
                      })
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

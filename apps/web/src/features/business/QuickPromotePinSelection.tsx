// The quick-promote pin selection step (business.md §2.3; docs/decisions/182): entered from
// /advertiser/{id}/quick-promote/ without a pin, it lists the pins the ad account may promote
// (the server's rule), a page at a time, each a button; choosing one goes on to the form.
import { flattenPages } from '../../api/lists.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { usePromotablePins } from './hooks.ts';

export function QuickPromotePinSelection({
  advertiserId,
  onChoose,
}: {
  advertiserId: string;
  onChoose: (pinId: string) => void;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const pins = usePromotablePins(advertiserId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const items = flattenPages(pins.data);

  return (
    <section className="business-form" aria-labelledby="quick-promote-pins-title">
      <h1
        id="quick-promote-pins-title"
        ref={headingRef}
        tabIndex={-1}
        className="heading heading--md"
      >
        {t('quickPromoteSteps.pinsTitle')}
      </h1>
      <p className="business-page__intro">{t('quickPromoteSteps.pinsIntro')}</p>
      {pins.isError ? (
        <p className="business-alert" role="alert">
          {t('quickPromoteSteps.pinsError')}
        </p>
      ) : null}
      {pins.isSuccess && items.length === 0 ? <p>{t('quickPromoteSteps.pinsEmpty')}</p> : null}
      <ul className="quick-promote__pins">
        {items.map((pin) => {
          const title = pin.title.trim() === '' ? t('quickPromoteSteps.pinUntitled') : pin.title;
          return (
            <li key={pin.id}>
              <button
                type="button"
                className="quick-promote__pin-choice"
                onClick={() => onChoose(pin.id)}
              >
                {pin.image_url ? <img src={pin.image_url} alt="" width={80} /> : null}
                <span>
                  {/* The name starts with what the button does; the visible text stays in it. */}
                  <span className="visually-hidden">{`${t('quickPromoteSteps.pinChooseAction')} `}</span>
                  <span className="quick-promote__pin-title">{title}</span>{' '}
                  <span className="quick-promote__pin-board">
                    {t('quickPromoteSteps.pinBoard', { board: pin.board_name })}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p role="status" className="business-status">
        {pins.isFetching ? t('quickPromoteSteps.pinsLoading') : ''}
      </p>
      {pins.hasNextPage ? (
        <div className="business-form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={pins.isFetchingNextPage}
            onClick={() => void pins.fetchNextPage()}
          >
            {t('quickPromoteSteps.pinsMore')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

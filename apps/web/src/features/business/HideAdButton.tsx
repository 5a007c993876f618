// 'Hide ad' on a promoted pin card (issue 11 "never to … people who hid it"): the card is covered
// at once by a notice with Undo; the server stops serving the ad to this person
// (PUT /v3/ads/{adId}/hide/). A failure uncovers the card again and says so. Part of the shell
// (every grid draws it), so it is small and uses the main catalogue.
import type { Pin } from '@corkboard/shared/api-types';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiSend } from '../../api/client.ts';

type HideState = 'shown' | 'hidden' | 'failed';

export function HideAdButton({ pin, name }: { pin: Pin; name: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<HideState>('shown');
  const undoRef = useRef<HTMLButtonElement>(null);
  const hideRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const adId = pin.tracking_params;

  // Keyboard focus follows the control that replaced the one just used (not on first render).
  useEffect(() => {
    if (!moved.current) return;
    (state === 'hidden' ? undoRef : hideRef).current?.focus();
  }, [state]);

  if (adId === undefined) return null;

  const change = (hidden: boolean) => {
    moved.current = true;
    setState(hidden ? 'hidden' : 'shown');
    apiSend(hidden ? 'PUT' : 'DELETE', `/v3/ads/${adId}/hide/`).catch(() =>
      setState(hidden ? 'failed' : 'hidden'),
    );
  };

  if (state === 'hidden') {
    return (
      <div className="pin-card__ad-hidden" role="status">
        <p>{t('pinCard.adHidden')}</p>
        <button
          ref={undoRef}
          type="button"
          className="button button--secondary"
          onClick={() => change(false)}
        >
          {t('pinCard.undoHide')}
        </button>
      </div>
    );
  }
  return (
    <>
      <button
        ref={hideRef}
        type="button"
        className="pin-card__hide-ad"
        aria-label={t('pinCard.hideAdLabel', { name })}
        onClick={() => change(true)}
      >
        {t('pinCard.hideAd')}
      </button>
      {state === 'failed' ? (
        <p className="pin-card__hide-error" role="alert">
          {t('pinCard.hideAdFailed')}
        </p>
      ) : null}
    </>
  );
}

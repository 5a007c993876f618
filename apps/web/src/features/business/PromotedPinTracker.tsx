// Impressions and opens of a promoted pin card (issue 11; docs/decisions/104): an impression is
// the card at least half in view for PROMOTED_IMPRESSION_VISIBLE_MS; opening it is a click. Both
// go to POST /v3/ads/events/, which counts each once per viewer and ad within its window. An
// organic card of a running ad's pin (earned, ADR 184, 191) reports both to …/events/earned/.
import type { Pin } from '@corkboard/shared/api-types';
import { useEffect, useRef } from 'react';
import { sendAdEvent, sendEarnedAdEvent } from './adEvents.ts';

/** The viewable impression: 50 % of the pin visible for 1 s. */
export const PROMOTED_IMPRESSION_VISIBLE_RATIO = 0.5;
export const PROMOTED_IMPRESSION_VISIBLE_MS = 1000;

/** Rendered inside a promoted pin's card; draws nothing itself. */
export function PromotedPinTracker({ pin }: { pin: Pin }) {
  const marker = useRef<HTMLSpanElement>(null);
  // A paid slot's tracking params, else an organic pin's earned ones (docs/decisions/184, 191):
  // an earned pin's viewable impression and its opening are reported as earned, never charged.
  const earned = pin.is_promoted !== true && pin.earned_tracking_params !== undefined;
  const trackingParams = earned ? pin.earned_tracking_params : pin.tracking_params;
  const pinId = pin.id;

  useEffect(() => {
    const card = marker.current?.closest('.pin-card');
    if (!card || trackingParams === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (shown || !entry) return;
        if (entry.intersectionRatio >= PROMOTED_IMPRESSION_VISIBLE_RATIO) {
          timer ??= setTimeout(() => {
            shown = true;
            observer.disconnect();
            if (earned) sendEarnedAdEvent(trackingParams, pinId, 'IMPRESSION');
            else sendAdEvent(trackingParams, 'IMPRESSION');
          }, PROMOTED_IMPRESSION_VISIBLE_MS);
        } else if (timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: [0, PROMOTED_IMPRESSION_VISIBLE_RATIO, 1] },
    );
    observer.observe(card);
    const link = card.querySelector('.pin-card__link');
    const onOpen = () =>
      earned
        ? sendEarnedAdEvent(trackingParams, pinId, 'CLOSEUP')
        : sendAdEvent(trackingParams, 'CLOSEUP');
    link?.addEventListener('click', onOpen);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
      link?.removeEventListener('click', onOpen);
    };
  }, [trackingParams, earned, pinId]);

  return <span ref={marker} hidden />;
}

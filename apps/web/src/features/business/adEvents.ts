// The promoted-pin beacon (docs/decisions/104), kept out of hooks.ts so the shell that draws
// every pin card does not load the console's hooks.
import { apiSend } from '../../api/client.ts';

export type AdEvent = 'IMPRESSION' | 'CLOSEUP';

/** POST /v3/ads/events/; a lost beacon only loses a count and never disturbs the person. */
export function sendAdEvent(trackingParams: string, event: AdEvent): void {
  apiSend('POST', '/v3/ads/events/', { tracking_params: trackingParams, event }).catch(
    () => undefined,
  );
}

/**
 * POST /v3/ads/events/earned/: a running ad's pin (or a save of it) seen (IMPRESSION) or opened
 * (CLOSEUP) organically — earned engagement (docs/decisions/184, 191); never charged.
 */
export function sendEarnedAdEvent(trackingParams: string, pinId: string, event: AdEvent): void {
  apiSend('POST', '/v3/ads/events/earned/', {
    tracking_params: trackingParams,
    pin_id: pinId,
    event,
  }).catch(() => undefined);
}

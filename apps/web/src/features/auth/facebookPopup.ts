// The manual Facebook pop-up (auth.md §4 "Manual fallback opens a popup and listens for a
// social-connect-complete or social-connect-error message from the same origin; polling every
// 1000 ms; closing the popup is an error"; docs/decisions/135). Used when the SDK could not load.
// The opener side is here; the pop-up's page is ConnectFacebookPage.
import type { FacebookConnectResult } from './facebookSdk.ts';

export const SOCIAL_CONNECT_COMPLETE = 'social-connect-complete';
export const SOCIAL_CONNECT_ERROR = 'social-connect-error';
/** auth.md §9 "popup poll 1000 ms". */
export const SOCIAL_POPUP_POLL_MS = 1000;
export const FACEBOOK_CONNECT_PATH = '/connect/facebook/';
/** The pop-up's size (the Facebook login dialog's own `display=popup` layout). */
export const FACEBOOK_POPUP_FEATURES = 'popup,width=500,height=680';

/** What the pop-up posts to its opener. */
export type SocialConnectMessage =
  | { type: typeof SOCIAL_CONNECT_COMPLETE; provider: 'facebook'; accessToken: string }
  | { type: typeof SOCIAL_CONNECT_ERROR; provider: 'facebook'; error: string };

export function isSocialConnectMessage(data: unknown): data is SocialConnectMessage {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  if (record['provider'] !== 'facebook') return false;
  if (record['type'] === SOCIAL_CONNECT_COMPLETE) return typeof record['accessToken'] === 'string';
  return record['type'] === SOCIAL_CONNECT_ERROR && typeof record['error'] === 'string';
}

/**
 * Opens the pop-up (must run inside the click) and settles once: a same-origin message from it,
 * or the pop-up closed without one (polled every SOCIAL_POPUP_POLL_MS).
 */
export function openFacebookPopup(
  rerequest: boolean,
  done: (result: FacebookConnectResult) => void,
  view: Window = window,
): void {
  const url = `${FACEBOOK_CONNECT_PATH}${rerequest ? '?rerequest=1' : ''}`;
  const popup = view.open(url, 'corkboard_facebook_connect', FACEBOOK_POPUP_FEATURES);
  if (!popup) {
    done({ ok: false, reason: 'popups' });
    return;
  }
  let settled = false;
  const finish = (result: FacebookConnectResult) => {
    if (settled) return;
    settled = true;
    view.removeEventListener('message', onMessage);
    view.clearInterval(timer);
    if (!popup.closed) popup.close();
    done(result);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== view.location.origin || event.source !== popup) return;
    if (!isSocialConnectMessage(event.data)) return;
    if (event.data.type === SOCIAL_CONNECT_COMPLETE) {
      finish({ ok: true, accessToken: event.data.accessToken, userId: null, grantedScopes: null });
    } else {
      finish({ ok: false, reason: 'authorize' });
    }
  };
  view.addEventListener('message', onMessage);
  const timer = view.setInterval(() => {
    if (popup.closed) finish({ ok: false, reason: 'authorize' });
  }, SOCIAL_POPUP_POLL_MS);
}

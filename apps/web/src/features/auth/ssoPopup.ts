// SSO by e-mail domain in the page (auth.md §4 "SSO", §8; business.md §4.3, §8; ADR 033, 157):
// the 600×600 pop-up to the authorization URI POST /v3/sso/info/ gave, and the one message its
// callback page posts back. A message counts only from an allowed origin — our main origin, the
// one the server's redirect URI is on (the callback page posts to it and nowhere else) — from
// that very pop-up, and of the SSO callback's shape. When the pop-up closes and no message came,
// the server is asked for the result (ADR 213) through the lookup the caller passes. No DOM or
// request here beyond window.open, so the checks are unit-tested as they are.
import {
  SSO_BUSINESS_SIGNUP_PATH,
  SSO_CALLBACK_MESSAGE_TYPE,
  SSO_POPUP_ATTEMPT_PARAM,
  type SsoCallbackMessage,
  type SsoInfoAnswer,
  type SsoPopupResultAnswer,
} from '@corkboard/shared/auth/social-api';
import { SOCIAL_POPUP_POLL_MS } from './facebookPopup.ts';

/** auth.md §9 "SSO popup 600x600". */
export const SSO_POPUP_WIDTH = 600;
export const SSO_POPUP_HEIGHT = 600;
export const SSO_POPUP_FEATURES = `popup,width=${SSO_POPUP_WIDTH},height=${SSO_POPUP_HEIGHT}`;
export const SSO_POPUP_NAME = 'corkboard_sso';

/** auth.md §8 "SSO popup errors" (exact copy). */
export const SSO_WINDOW_UNDEFINED = 'Window is undefined';
export const SSO_NO_TOKENS = 'No tokens returned';

/** Why the pop-up gave no code: blocked/no window, the person closed it, the IdP said no. */
export class SsoPopupError extends Error {
  override readonly name = 'SsoPopupError';
  readonly reason: 'window' | 'closed' | 'denied' | 'failed';
  constructor(message: string, reason: 'window' | 'closed' | 'denied' | 'failed') {
    super(message);
    this.reason = reason;
  }
}

/**
 * The main origin: where the server's SSO redirect URI (and so the callback page) lives. Null
 * when the answer carries none (not SSO).
 */
export function ssoMainOrigin(info: SsoInfoAnswer): string | null {
  const uri = info.redirect_uri ?? info.exchange_code_to_token_info_url;
  if (!uri || !URL.canParse(uri)) return null;
  return new URL(uri).origin;
}

export function isSsoCallbackMessage(data: unknown): data is SsoCallbackMessage {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  const textOrNull = (value: unknown) => value === null || typeof value === 'string';
  return (
    record['type'] === SSO_CALLBACK_MESSAGE_TYPE &&
    textOrNull(record['code']) &&
    textOrNull(record['state']) &&
    textOrNull(record['error'])
  );
}

/**
 * auth.md §4 "listening for a trusted message from an allowed origin": the SSO callback's
 * message, from one of `allowedOrigins`, sent by `popup`. Anything else is ignored (another
 * window's or another site's messages).
 */
export function trustedSsoMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  allowedOrigins: readonly string[],
  popup: unknown,
): SsoCallbackMessage | null {
  if (!allowedOrigins.includes(event.origin)) return null;
  if (event.source !== popup) return null;
  return isSsoCallbackMessage(event.data) ? event.data : null;
}

export interface SsoPopup {
  /** Settles once: the code and state, or an SsoPopupError. */
  result: Promise<{ code: string; state: string }>;
  /** Stops listening and closes the pop-up (the view went away). */
  cancel(): void;
}

/**
 * Asks the server for this browser's pop-up result (POST /v3/sso/popup-result/, ADR 213). Given
 * by the caller (hooks.ts), so this module makes no request itself.
 */
export type SsoResultLookup = (attempt: string) => Promise<SsoPopupResultAnswer>;

/**
 * ADR 213: how many times the opener asks the server for a closed pop-up's result before it
 * gives up (a first request lost to a flaky network is asked again at once).
 */
export const SSO_RESULT_LOOKUP_TRIES = 2;
/** The attempt id's random bytes (16 bytes: 22 base64url characters). */
const ATTEMPT_BYTES = 16;

/** A fresh random id for one pop-up (base64url), sent with the authorization URI. */
export function newSsoPopupAttempt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ATTEMPT_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The authorization URI with this pop-up's attempt id. */
export function withSsoPopupAttempt(authorizationUri: string, attempt: string): string {
  if (!URL.canParse(authorizationUri)) return authorizationUri;
  const url = new URL(authorizationUri);
  url.searchParams.set(SSO_POPUP_ATTEMPT_PARAM, attempt);
  return url.href;
}

/**
 * Opens the pop-up — call it inside the click, or the browser blocks it — and listens for its
 * message. A blocked pop-up (no window) fails with 'Window is undefined'.
 *
 * The message is not the only way to learn the result (ADR 213): on a slow machine the callback
 * page's `postMessage` could be delivered after the opener already saw `popup.closed` (until the
 * ADR 213 addendum the page posted and closed at once; now it leaves the closing to us), or not
 * at all (its source gone, or the page closed itself after POPUP_SELF_CLOSE_FALLBACK_MS). So
 * when the poll (every SOCIAL_POPUP_POLL_MS, auth.md §9) finds the pop-up closed with no message,
 * the opener asks the server, which kept the callback's result for this attempt; only when the
 * server has none did the person close the pop-up themselves — 'Window is undefined'. A message
 * that comes while the server is being asked still counts; whichever answers first settles the
 * result.
 */
export function openSsoPopup(
  authorizationUri: string,
  allowedOrigins: readonly string[],
  lookup: SsoResultLookup,
  view: Window | undefined = typeof window === 'undefined' ? undefined : window,
): SsoPopup {
  const attempt = newSsoPopupAttempt();
  const popup =
    view?.open(
      withSsoPopupAttempt(authorizationUri, attempt),
      SSO_POPUP_NAME,
      SSO_POPUP_FEATURES,
    ) ?? null;
  if (!view || !popup) {
    return {
      result: Promise.reject(new SsoPopupError(SSO_WINDOW_UNDEFINED, 'window')),
      cancel: () => undefined,
    };
  }
  let stop = () => undefined as void;
  const result = new Promise<{ code: string; state: string }>((resolve, reject) => {
    let settled = false;
    const finish = () => {
      settled = true;
      view.removeEventListener('message', onMessage);
      view.clearInterval(timer);
      if (!popup.closed) popup.close();
    };
    const settle = (answer: Pick<SsoCallbackMessage, 'code' | 'state' | 'error'>) => {
      if (settled) return;
      finish();
      if (answer.code && answer.state) resolve({ code: answer.code, state: answer.state });
      else {
        const reason = answer.error === 'denied' ? 'denied' : 'failed';
        reject(new SsoPopupError(SSO_NO_TOKENS, reason));
      }
    };
    const fail = (error: SsoPopupError) => {
      if (settled) return;
      finish();
      reject(error);
    };
    const onMessage = (event: MessageEvent) => {
      const message = trustedSsoMessage(event, allowedOrigins, popup);
      if (message) settle(message);
    };
    const askServer = async () => {
      for (let tries = 1; tries <= SSO_RESULT_LOOKUP_TRIES && !settled; tries += 1) {
        try {
          const answer = await lookup(attempt);
          if (answer.finished) settle(answer);
          else fail(new SsoPopupError(SSO_WINDOW_UNDEFINED, 'closed'));
          return;
        } catch (error) {
          console.warn('SSO pop-up result lookup failed', error);
        }
      }
      fail(new SsoPopupError(SSO_NO_TOKENS, 'failed'));
    };
    const timer = view.setInterval(() => {
      if (!popup.closed) return;
      // The message may still be on its way: keep listening while the server is asked.
      view.clearInterval(timer);
      void askServer();
    }, SOCIAL_POPUP_POLL_MS);
    view.addEventListener('message', onMessage);
    stop = finish;
  });
  // A cancelled pop-up's result is never read; it must not be an unhandled rejection.
  result.catch(() => undefined);
  return { result, cancel: () => stop() };
}

/**
 * auth.md §2: the business SSO sign-up, on the main origin — a route change when the page is
 * on it, else a full redirect there.
 */
export function ssoSignupTarget(
  email: string,
  mainOrigin: string | null,
  currentOrigin: string,
): { kind: 'route'; path: string } | { kind: 'redirect'; url: string } {
  const path = `${SSO_BUSINESS_SIGNUP_PATH}?email=${encodeURIComponent(email)}`;
  if (mainOrigin === null || mainOrigin === currentOrigin) return { kind: 'route', path };
  return { kind: 'redirect', url: `${mainOrigin}${path}` };
}

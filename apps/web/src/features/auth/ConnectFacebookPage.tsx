// /connect/facebook/ (auth.md §2 "popup for manual social connect"; docs/decisions/135): the
// manual pop-up's page. First visit: on to Facebook's login dialog (token response, back to this
// page, a `state` kept in this pop-up's session storage). Back from the dialog: the token (or the
// refusal) goes to the opener as a same-origin `social-connect-complete` / `social-connect-error`
// message; the opener closes the pop-up when it has the message, and the page closes itself only
// after POPUP_SELF_CLOSE_FALLBACK_MS (ADR 213 addendum).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPUP_SELF_CLOSE_FALLBACK_MS } from '@corkboard/shared/auth/social-api';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { FACEBOOK_SCOPES, FACEBOOK_SDK_VERSION } from './facebookSdk.ts';
import {
  FACEBOOK_CONNECT_PATH,
  SOCIAL_CONNECT_COMPLETE,
  SOCIAL_CONNECT_ERROR,
  type SocialConnectMessage,
} from './facebookPopup.ts';
import { useAuthProviders } from './hooks.ts';

const STATE_KEY = 'corkboard-facebook-connect-state';

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The dialog's answer in this page's URL, if it is one. */
export function dialogAnswer(
  search: string,
  hash: string,
  expectedState: string | null,
): SocialConnectMessage | null {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const error = query.get('error') ?? fragment.get('error');
  const token = fragment.get('access_token');
  if (!error && !token) return null;
  const state = query.get('state') ?? fragment.get('state');
  if (!expectedState || state !== expectedState) {
    return { type: SOCIAL_CONNECT_ERROR, provider: 'facebook', error: 'state_mismatch' };
  }
  if (token) return { type: SOCIAL_CONNECT_COMPLETE, provider: 'facebook', accessToken: token };
  return { type: SOCIAL_CONNECT_ERROR, provider: 'facebook', error: error ?? 'unknown' };
}

export function ConnectFacebookPage() {
  const { i18n } = useTranslation();
  ensureAuthCatalogue(i18n);
  const { t } = useTranslation('auth');
  useDocumentTitle(t('social.facebook.connectTitle'));
  const providers = useAuthProviders();
  const [done, setDone] = useState(false);
  // Once per page load: a second run (React's development double effects) must not redirect again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    const answer = dialogAnswer(
      window.location.search,
      window.location.hash,
      sessionStorage.getItem(STATE_KEY),
    );
    const send = (message: SocialConnectMessage) => {
      sessionStorage.removeItem(STATE_KEY);
      // The token leaves this page's URL before anything else can read it.
      window.history.replaceState(null, '', FACEBOOK_CONNECT_PATH);
      const opener = window.opener as Window | null;
      if (opener) {
        opener.postMessage(message, window.location.origin);
        // Not window.close() at once: the opener's closed-poll could then run before the message
        // is dispatched and report a refusal (ADR 213 addendum).
        window.setTimeout(() => window.close(), POPUP_SELF_CLOSE_FALLBACK_MS);
      }
      setDone(true);
    };
    if (answer) {
      started.current = true;
      send(answer);
      return;
    }
    if (providers.isError) {
      started.current = true;
      send({ type: SOCIAL_CONNECT_ERROR, provider: 'facebook', error: 'unavailable' });
      return;
    }
    const facebook = providers.data?.facebook;
    if (providers.data && !facebook) {
      started.current = true;
      send({ type: SOCIAL_CONNECT_ERROR, provider: 'facebook', error: 'unavailable' });
      return;
    }
    if (!facebook) return;
    started.current = true;
    const state = randomState();
    sessionStorage.setItem(STATE_KEY, state);
    const dialog = new URL(`${facebook.dialog_url}/${FACEBOOK_SDK_VERSION}/dialog/oauth`);
    dialog.search = new URLSearchParams({
      client_id: facebook.app_id,
      redirect_uri: `${window.location.origin}${FACEBOOK_CONNECT_PATH}`,
      response_type: 'token',
      scope: FACEBOOK_SCOPES,
      state,
      display: 'popup',
      ...(new URLSearchParams(window.location.search).get('rerequest') === '1'
        ? { auth_type: 'rerequest' }
        : {}),
    }).toString();
    window.location.replace(dialog.href);
  }, [providers.data, providers.isError]);

  return (
    <section className="auth-connect" aria-labelledby="connect-facebook-title">
      <h1 id="connect-facebook-title" className="auth__title">
        {t('social.facebook.connectTitle')}
      </h1>
      <p role="status">{done ? t('social.facebook.connectDone') : t('common.loading')}</p>
    </section>
  );
}

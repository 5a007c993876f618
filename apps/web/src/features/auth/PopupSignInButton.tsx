// Sign-in through the server's own OpenID Connect pop-up (docs/decisions/136, 137): the plain
// 'Connect with Google' button of the disabled-Google experiment (auth.md §2) and 'Continue with
// LINE' (JP only). No provider script: the click opens /v3/{provider}/authorize/, whose callback
// page posts the ID token back — from our own origin, from that pop-up — and the page logs in
// with it. Closing the pop-up without an answer is a cancel (polled every SOCIAL_POPUP_POLL_MS);
// a message that arrives after the pop-up closed still signs in (ADR 213).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_POPUP_POLL_MS } from './facebookPopup.ts';

export type PopupProvider = 'google' | 'line';

export const popupAuthorizePath = (provider: PopupProvider): string => `/v3/${provider}/authorize/`;
export const popupMessageType = (provider: PopupProvider): string =>
  `corkboard-${provider}-callback`;
const POPUP_FEATURES = 'popup,width=500,height=640';

interface CallbackMessage {
  credential: string | null;
  error: string | null;
}

function isCallbackMessage(data: unknown, provider: PopupProvider): data is CallbackMessage {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  return (
    record['type'] === popupMessageType(provider) &&
    (record['credential'] === null || typeof record['credential'] === 'string')
  );
}

interface PopupSignInButtonProps {
  provider: PopupProvider;
  disabled?: boolean;
  onCredential: (credential: string) => void;
  onPopupBlocked: () => void;
  onUnavailable: () => void;
}

export function PopupSignInButton({
  provider,
  disabled,
  onCredential,
  onPopupBlocked,
  onUnavailable,
}: PopupSignInButtonProps) {
  const { t } = useTranslation('auth');
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  const click = () => {
    cleanup.current?.();
    const popup = window.open(
      popupAuthorizePath(provider),
      `corkboard_${provider}`,
      POPUP_FEATURES,
    );
    if (!popup) {
      onPopupBlocked();
      return;
    }
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      cleanup.current = null;
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (!isCallbackMessage(event.data, provider)) return;
      stop();
      if (!popup.closed) popup.close();
      if (event.data.credential) onCredential(event.data.credential);
      else if (event.data.error === 'unavailable') onUnavailable();
    };
    window.addEventListener('message', onMessage);
    // Closed is not the end (ADR 213): a pop-up closed by the person, or by its own fallback
    // timer, may still have a message on its way. Only the poll stops; the listener stays until
    // the message, the next click or the button going away.
    const timer = window.setInterval(() => {
      if (popup.closed) window.clearInterval(timer);
    }, SOCIAL_POPUP_POLL_MS);
    cleanup.current = stop;
  };

  return (
    <button
      type="button"
      className={`button button--full auth__popup-signin auth__popup-signin--${provider}`}
      onClick={click}
      disabled={disabled}
    >
      {provider === 'google' ? t('social.google.connect') : t('social.line.continue')}
    </button>
  );
}

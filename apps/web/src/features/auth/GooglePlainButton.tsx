// auth.md §2: "Google sign-in becomes a plain 'Connect with Google' button when a disabled-Google
// experiment is on" (docs/decisions/136). No Google Identity Services script: the click opens the
// server's OpenID Connect pop-up (/v3/google/authorize/), whose callback page posts the ID token
// back — from our own origin, from that pop-up — and the page logs in with it like the GIS button.
// Closing the pop-up without an answer is a cancel (polled every SOCIAL_POPUP_POLL_MS).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_POPUP_POLL_MS } from './facebookPopup.ts';

export const GOOGLE_AUTHORIZE_PATH = '/v3/google/authorize/';
export const GOOGLE_CALLBACK_MESSAGE_TYPE = 'corkboard-google-callback';
const GOOGLE_POPUP_FEATURES = 'popup,width=500,height=640';

interface GoogleCallbackMessage {
  type: typeof GOOGLE_CALLBACK_MESSAGE_TYPE;
  credential: string | null;
  error: string | null;
}

function isGoogleCallbackMessage(data: unknown): data is GoogleCallbackMessage {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  return (
    record['type'] === GOOGLE_CALLBACK_MESSAGE_TYPE &&
    (record['credential'] === null || typeof record['credential'] === 'string')
  );
}

interface GooglePlainButtonProps {
  disabled?: boolean;
  onCredential: (credential: string, selectBy: string | undefined) => void;
  onPopupBlocked: () => void;
  onUnavailable: () => void;
}

export function GooglePlainButton({
  disabled,
  onCredential,
  onPopupBlocked,
  onUnavailable,
}: GooglePlainButtonProps) {
  const { t } = useTranslation('auth');
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  const click = () => {
    cleanup.current?.();
    const popup = window.open(GOOGLE_AUTHORIZE_PATH, 'corkboard_google', GOOGLE_POPUP_FEATURES);
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
      if (!isGoogleCallbackMessage(event.data)) return;
      stop();
      if (!popup.closed) popup.close();
      if (event.data.credential) onCredential(event.data.credential, 'btn');
      else if (event.data.error === 'unavailable') onUnavailable();
    };
    window.addEventListener('message', onMessage);
    const timer = window.setInterval(() => {
      if (popup.closed) stop();
    }, SOCIAL_POPUP_POLL_MS);
    cleanup.current = stop;
  };

  return (
    <button
      type="button"
      className="button button--full auth__google-plain"
      onClick={click}
      disabled={disabled}
    >
      {t('social.google.connect')}
    </button>
  );
}

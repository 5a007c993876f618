// auth.md §2 'Continue with Facebook' (docs/decisions/135): the SDK is loaded while the button
// is on screen, so the click opens Facebook's login pop-up at once; if the SDK could not load,
// the click opens the manual pop-up (/connect/facebook/) instead. Either way the outcome goes to
// `onResult` (a token, a blocked pop-up, or no authorization).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  facebookLocale,
  loadFacebookSdk,
  sdkLogin,
  type FacebookConnectResult,
  type FacebookSdk,
} from './facebookSdk.ts';
import { openFacebookPopup } from './facebookPopup.ts';

interface FacebookButtonProps {
  appId: string;
  sdkBaseUrl: string;
  /** Ask again for declined permissions (the e-mail, auth.md §4). */
  rerequest: boolean;
  disabled?: boolean;
  onResult: (result: FacebookConnectResult) => void;
}

export function FacebookButton({
  appId,
  sdkBaseUrl,
  rerequest,
  disabled,
  onResult,
}: FacebookButtonProps) {
  const { t, i18n } = useTranslation('auth');
  const sdkRef = useRef<FacebookSdk | null>(null);
  const locale = facebookLocale(i18n.language);

  useEffect(() => {
    let cancelled = false;
    sdkRef.current = null;
    loadFacebookSdk({ sdkBaseUrl, appId, locale })
      .then((sdk) => {
        if (!cancelled) sdkRef.current = sdk;
      })
      .catch(() => {
        // The click falls back to the manual pop-up.
      });
    return () => {
      cancelled = true;
    };
  }, [sdkBaseUrl, appId, locale]);

  const click = () => {
    const sdk = sdkRef.current;
    if (sdk) sdkLogin(sdk, rerequest, onResult);
    else openFacebookPopup(rerequest, onResult);
  };

  return (
    <button
      type="button"
      className="button button--full auth__facebook"
      onClick={click}
      disabled={disabled}
      data-testid="facebook-button"
    >
      <svg className="auth__facebook-logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07"
        />
      </svg>
      {t('social.facebook.continue')}
    </button>
  );
}

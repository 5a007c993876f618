// auth.md §2 social buttons above the 'OR' divider, for the providers the server offers
// (GET /v3/auth/providers/): 'Continue with Facebook' (the first social provider), Google, and
// LINE for visitors in Japan.
// When they are the local stand-ins (`npm start` / `npm run dev` without real client ids), a
// line says so (docs/decisions/020). Under the buttons: why the last social attempt failed, and
// the Facebook banners (auth.md §8; docs/decisions/135).
import { LINE_COUNTRY, type AuthProvidersAnswer } from '@corkboard/shared/auth/social-api';
import { useTranslation } from 'react-i18next';
import { AuthMessageText } from './AuthMessageText.tsx';
import type { AuthMessage } from './authErrors.ts';
import type { FacebookBanner } from './authFlowState.ts';
import { FacebookButton } from './FacebookButton.tsx';
import type { FacebookConnectResult } from './facebookSdk.ts';
import type { SocialProviderName } from './flowTypes.ts';
import { GoogleButton } from './GoogleButton.tsx';
import { PopupSignInButton } from './PopupSignInButton.tsx';

/** Whether the server offers any social button this page can show. */
export function hasSocialButtons(providers: AuthProvidersAnswer | undefined): boolean {
  return (
    providers?.google != null ||
    providers?.facebook != null ||
    (providers?.line != null && providers.country === LINE_COUNTRY)
  );
}

interface SocialButtonsProps {
  providers: AuthProvidersAnswer;
  context: 'signin' | 'signup';
  /** The disabled-Google experiment: a plain 'Connect with Google' button (ADR 136). */
  googlePlain: boolean;
  onGoogleCredential: (credential: string, selectBy: string | undefined) => void;
  onFacebookResult: (result: FacebookConnectResult) => void;
  onLineCredential: (credential: string) => void;
  facebookRerequest: boolean;
  facebookBanner: FacebookBanner | null;
  message: AuthMessage | null;
  busy: boolean;
  onUnavailable: (provider: SocialProviderName) => void;
  onPopupBlocked: () => void;
  /** Google one tap alongside the button (oneTap.ts, docs/decisions/167). */
  oneTap?: boolean;
}

export function SocialButtons({
  providers,
  context,
  googlePlain,
  onGoogleCredential,
  onFacebookResult,
  onLineCredential,
  facebookRerequest,
  facebookBanner,
  message,
  busy,
  onUnavailable,
  onPopupBlocked,
  oneTap = false,
}: SocialButtonsProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__social">
      {facebookBanner ? (
        <p className="auth__banner" role="alert">
          {t(`social.facebook.banner.${facebookBanner}`)}
        </p>
      ) : null}
      {providers.facebook ? (
        <FacebookButton
          appId={providers.facebook.app_id}
          sdkBaseUrl={providers.facebook.sdk_base_url}
          rerequest={facebookRerequest}
          disabled={busy}
          onResult={onFacebookResult}
        />
      ) : null}
      {providers.google && googlePlain ? (
        <PopupSignInButton
          provider="google"
          disabled={busy}
          onCredential={(credential) => onGoogleCredential(credential, 'btn')}
          onPopupBlocked={onPopupBlocked}
          onUnavailable={() => onUnavailable('google')}
        />
      ) : providers.google ? (
        <GoogleButton
          clientId={providers.google.client_id}
          scriptUrl={providers.google.gsi_client_url}
          context={context}
          oneTap={oneTap}
          onCredential={onGoogleCredential}
          onUnavailable={() => onUnavailable('google')}
        />
      ) : null}
      {providers.line && providers.country === LINE_COUNTRY ? (
        <PopupSignInButton
          provider="line"
          disabled={busy}
          onCredential={onLineCredential}
          onPopupBlocked={onPopupBlocked}
          onUnavailable={() => onUnavailable('line')}
        />
      ) : null}
      {message ? (
        <p className="auth__form-error" role="alert">
          <AuthMessageText message={message} linkTo="/" />
        </p>
      ) : null}
      {providers.dev_peers ? (
        <p className="auth__dev-providers">{t('social.devProviders')}</p>
      ) : null}
    </div>
  );
}

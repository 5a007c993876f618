// Connecting a provider from /settings/connected/ (ADR 188): the password first when the account
// has one (connecting adds a way in, so it is proven like disconnecting, ADR 165), then the
// provider's own log-in button — Google Identity Services' button, 'Continue with Facebook' (the
// SDK, or the manual /connect/facebook/ pop-up when the SDK cannot load), LINE's pop-up — whose
// token the server verifies as for log-in. A token that arrives before the password waits for
// it; a wrong password keeps the token for the retry (the server checks the password first and
// leaves the token unused).
import type { AuthProvidersAnswer } from '@corkboard/shared/auth/social-api';
import type { ConnectableProvider, ConnectedAccounts } from '@corkboard/shared/auth/settings';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { TextField } from '../../ui/TextField.tsx';
import { AUTH_NAMESPACE, ensureAuthCatalogue } from '../auth/authCatalogue.ts';
import { FacebookButton } from '../auth/FacebookButton.tsx';
import type { FacebookConnectResult } from '../auth/facebookSdk.ts';
import { GoogleButton } from '../auth/GoogleButton.tsx';
import { PopupSignInButton } from '../auth/PopupSignInButton.tsx';
import { useConnectAccount } from './hooks.ts';
// The provider buttons look as they do on the log-in page.
import '../auth/auth.css';
import { failureOf } from './settingsErrors.ts';

/** What the provider's flow handed over, waiting to be sent. */
interface ProviderToken {
  credential: string;
  facebookId?: string;
}

/** Which error sentence (settings copy key) a refusal of the server gets, if not its own. */
export const CONNECT_REFUSAL_COPY: Readonly<
  Record<
    number,
    'connected.linkedElsewhere' | 'connected.providerTaken' | 'connected.providerUnavailable'
  >
> = {
  [ERROR_CODES.CONNECTED_ACCOUNT_LINKED_ELSEWHERE.code]: 'connected.linkedElsewhere',
  [ERROR_CODES.CONNECTED_ACCOUNT_PROVIDER_TAKEN.code]: 'connected.providerTaken',
  [ERROR_CODES.SOCIAL_PROVIDER_UNAVAILABLE.code]: 'connected.providerUnavailable',
};

interface ConnectProviderPanelProps {
  provider: ConnectableProvider;
  providers: AuthProvidersAnswer;
  hasPassword: boolean;
  onConnected: (accounts: ConnectedAccounts) => void;
  onCancel: () => void;
}

export function ConnectProviderPanel({
  provider,
  providers,
  hasPassword,
  onConnected,
  onCancel,
}: ConnectProviderPanelProps) {
  const { t, i18n } = useTranslation(SETTINGS_NAMESPACE);
  // The provider buttons and their messages are the log-in's: their copy is the auth namespace.
  ensureAuthCatalogue(i18n);
  const { t: tAuth } = useTranslation(AUTH_NAMESPACE);
  const connect = useConnectAccount();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<ProviderToken | null>(null);
  const passwordId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const providerBoxRef = useRef<HTMLDivElement>(null);
  const name = t(`connected.${provider}`);

  useEffect(() => {
    if (hasPassword) passwordRef.current?.focus();
  }, [hasPassword]);

  const askPassword = (message: string) => {
    setPasswordError(message);
    passwordRef.current?.focus();
  };

  const send = (token: ProviderToken, typed: string) => {
    setError(null);
    setPasswordError(null);
    // mutateAsync, not mutate's callbacks: the answer updates the list, which closes this panel
    // (the row is connected now) before a callback of an unmounted observer would run.
    connect
      .mutateAsync({
        provider,
        credential: token.credential,
        ...(token.facebookId ? { facebook_id: token.facebookId } : {}),
        ...(hasPassword ? { password: typed } : {}),
      })
      .then(
        (accounts) => {
          setWaiting(null);
          onConnected(accounts);
        },
        (failure: unknown) => {
          if (
            failure instanceof ApiError &&
            failure.code === ERROR_CODES.CONNECT_ACCOUNT_REAUTH_REQUIRED.code
          ) {
            if (hasPassword) {
              // The token was not used: the right password sends it again.
              setWaiting(token);
              askPassword(t('connected.passwordWrong'));
            } else {
              setWaiting(null);
              setError(t('connected.reauthSocialConnect'));
            }
            return;
          }
          setWaiting(null);
          const copy = failure instanceof ApiError ? CONNECT_REFUSAL_COPY[failure.code] : undefined;
          setError(
            copy
              ? t(copy, { provider: name })
              : failureOf(failure, t('common.genericError')).message,
          );
        },
      );
  };

  const received = (token: ProviderToken) => {
    if (hasPassword && password === '') {
      setWaiting(token);
      askPassword(t('connected.passwordRequired'));
      return;
    }
    send(token, password);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      askPassword(t('connected.passwordRequired'));
      return;
    }
    if (waiting) {
      send(waiting, password);
      return;
    }
    // Enter in the password field: on to the provider's button (keyboard-only people).
    providerBoxRef.current?.querySelector<HTMLElement>('button, iframe')?.focus();
  };

  const facebookResult = (result: FacebookConnectResult) => {
    if (result.ok) {
      received({
        credential: result.accessToken,
        ...(result.userId ? { facebookId: result.userId } : {}),
      });
      return;
    }
    setError(
      tAuth(result.reason === 'popups' ? 'social.facebook.popups' : 'social.facebook.authorize'),
    );
  };
  const popupsBlocked = () => setError(tAuth('social.facebook.popups'));
  const unavailable = () => setError(t('connected.providerUnavailable', { provider: name }));

  return (
    <div className="settings-connect">
      <form className="settings-form" onSubmit={submit} noValidate>
        {hasPassword ? (
          <TextField
            id={passwordId}
            type="password"
            label={t('connected.connectPasswordLabel', { provider: name })}
            autoComplete="current-password"
            inputRef={passwordRef}
            value={password}
            onChange={setPassword}
            errorMessage={passwordError}
            errorIsAlert
          />
        ) : null}
        <p>
          {t(hasPassword ? 'connected.connectSteps' : 'connected.connectStepsSocial', {
            provider: name,
          })}
        </p>
        {error ? (
          <p role="alert" className="settings-page__error">
            {error}
          </p>
        ) : null}
        <div className="settings-connect__provider" ref={providerBoxRef}>
          {provider === 'google' && providers.google ? (
            <GoogleButton
              clientId={providers.google.client_id}
              scriptUrl={providers.google.gsi_client_url}
              context="signin"
              onCredential={(credential) => received({ credential })}
              onUnavailable={unavailable}
            />
          ) : null}
          {provider === 'facebook' && providers.facebook ? (
            <FacebookButton
              appId={providers.facebook.app_id}
              sdkBaseUrl={providers.facebook.sdk_base_url}
              rerequest={false}
              disabled={connect.isPending}
              onResult={facebookResult}
            />
          ) : null}
          {provider === 'line' && providers.line ? (
            <PopupSignInButton
              provider="line"
              disabled={connect.isPending}
              onCredential={(credential) => received({ credential })}
              onPopupBlocked={popupsBlocked}
              onUnavailable={unavailable}
            />
          ) : null}
        </div>
        {providers.dev_peers ? (
          <p className="settings-connect__dev">{tAuth('social.devProviders')}</p>
        ) : null}
        <div className="settings-form__actions">
          {waiting ? (
            <button type="submit" className="button button--primary" disabled={connect.isPending}>
              {t('connected.connect', { provider: name })}
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('connected.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}

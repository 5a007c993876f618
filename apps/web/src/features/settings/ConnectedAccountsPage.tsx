// /settings/connected/ (issue 9; docs/decisions/149, 165, 188): Google, Facebook and LINE —
// connected or not — connecting one and disconnecting one. The server refuses to disconnect the
// last way in of an account without a password; the page says so before asking and links to
// setting a password. Disconnecting asks for the password first (ADR 165); an account without
// one needs a recent log-in, and the page says so when the server refuses. Connect opens the
// provider's own log-in flow in ConnectProviderPanel (ADR 188); a provider this server does not
// offer (or LINE outside Japan, as on the log-in page) has no Connect button.
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ConnectableProvider, ConnectedAccounts } from '@corkboard/shared/auth/settings';
import { LINE_COUNTRY, type AuthProvidersAnswer } from '@corkboard/shared/auth/social-api';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useAuthProviders } from '../auth/hooks.ts';
import { useConnectedAccounts, useDisconnectAccount } from './hooks.ts';
import { failureOf } from './settingsErrors.ts';
import { SettingsMessages } from './SettingsMessages.tsx';

// The panel brings the log-in's provider buttons (and their copy and styles): it loads when a
// Connect button is first pointed at, focused or pressed, not with the settings pages.
const loadPanel = () => import('./ConnectProviderPanel.tsx');
const ConnectProviderPanel = lazy(() =>
  loadPanel().then((module) => ({ default: module.ConnectProviderPanel })),
);

/** Whether this server offers connecting `provider` here (the log-in page's own rule). */
export function canConnect(
  provider: ConnectableProvider,
  providers: AuthProvidersAnswer | undefined,
): boolean {
  if (!providers) return false;
  if (provider === 'google') return providers.google !== null;
  if (provider === 'facebook') return providers.facebook !== null;
  return providers.line !== null && providers.country === LINE_COUNTRY;
}

export function ConnectedAccountsPage() {
  const { t, i18n } = useTranslation(SETTINGS_NAMESPACE);
  const accounts = useConnectedAccounts();
  const disconnect = useDisconnectAccount();
  const providers = useAuthProviders();
  const [status, setStatus] = useState('');
  /** The provider whose Connect panel is open. */
  const [connecting, setConnecting] = useState<ConnectableProvider | null>(null);
  /**
   * Where focus goes once a panel or form closes (keyboard users would otherwise be left on the
   * page's body): the row's own button, Connect or Disconnect, after the next render.
   */
  const focusAfter = useRef<ConnectableProvider | null>(null);
  const rowButtons = useRef(new Map<ConnectableProvider, HTMLButtonElement>());
  useEffect(() => {
    if (focusAfter.current === null) return;
    rowButtons.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  });
  const [error, setError] = useState<string | null>(null);
  const [lastWayIn, setLastWayIn] = useState(false);
  /** The provider whose disconnect waits for the password (accounts with one). */
  const [confirming, setConfirming] = useState<ConnectableProvider | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  // Keyboard users land in the password field the Disconnect button just revealed.
  useEffect(() => {
    if (confirming !== null) passwordRef.current?.focus();
  }, [confirming]);

  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorState onRetry={() => accounts.refetch()} />;
  const { has_password: hasPassword } = accounts.data;
  const connectedCount = accounts.data.accounts.filter((account) => account.connected).length;
  const name = (provider: ConnectableProvider) => t(`connected.${provider}`);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  const remove = (provider: ConnectableProvider, typed?: string) => {
    setStatus('');
    setError(null);
    setPasswordError(null);
    setLastWayIn(false);
    disconnect.mutate(typed === undefined ? { provider } : { provider, password: typed }, {
      onSuccess: () => {
        setConfirming(null);
        setPassword('');
        setStatus(t('connected.disconnected', { provider: name(provider) }));
        focusAfter.current = provider;
      },
      onError: (failure) => {
        if (failure instanceof ApiError) {
          if (failure.code === ERROR_CODES.CONNECTED_ACCOUNT_LAST_WAY_IN.code) {
            setLastWayIn(true);
            return;
          }
          if (failure.code === ERROR_CODES.CONNECTED_ACCOUNT_REAUTH_REQUIRED.code) {
            if (hasPassword) setPasswordError(t('connected.passwordWrong'));
            else setError(t('connected.reauthSocial'));
            return;
          }
        }
        setError(failureOf(failure, t('common.genericError')).message);
      },
    });
  };

  const start = (provider: ConnectableProvider) => {
    setConnecting(null);
    if (!hasPassword) {
      remove(provider);
      return;
    }
    setConfirming(provider);
    setPassword('');
    setPasswordError(null);
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirming === null) return;
    if (password === '') {
      setPasswordError(t('connected.passwordRequired'));
      return;
    }
    remove(confirming, password);
  };

  const openConnect = (provider: ConnectableProvider) => {
    setStatus('');
    setError(null);
    setLastWayIn(false);
    setConfirming(null);
    setConnecting(provider);
  };

  const connected = (provider: ConnectableProvider, answer: ConnectedAccounts) => {
    setConnecting(null);
    const now = answer.accounts.find((account) => account.provider === provider);
    setStatus(now?.connected ? t('connected.connectedNow', { provider: name(provider) }) : '');
    focusAfter.current = provider;
  };

  const rowButton = (provider: ConnectableProvider) => (element: HTMLButtonElement | null) => {
    if (element) rowButtons.current.set(provider, element);
    else rowButtons.current.delete(provider);
  };

  return (
    <section className="settings-page" aria-labelledby="settings-connected-heading">
      <h1 id="settings-connected-heading" className="heading heading--md">
        {t('connected.heading')}
      </h1>
      <p>{t('connected.intro')}</p>
      <SettingsMessages status={status} error={error} />
      {lastWayIn || (!hasPassword && connectedCount === 1) ? (
        <p role={lastWayIn ? 'alert' : undefined} className="settings-card">
          {t('connected.lastWayIn')}{' '}
          <Link to="/settings/password/" className="text-link">
            {t('connected.setPassword')}
          </Link>
        </p>
      ) : null}
      <ul className="settings-list">
        {accounts.data.accounts.map((account) => (
          <li key={account.provider} className="settings-card settings-list__item">
            <div>
              <h2 className="settings-card__title">{name(account.provider)}</h2>
              <p>
                {account.connected && account.connected_at
                  ? `${t('connected.connectedSince')} · ${date(account.connected_at)}`
                  : t('connected.notConnected')}
              </p>
              {!account.connected &&
              providers.isSuccess &&
              !canConnect(account.provider, providers.data) ? (
                <p>{t('connected.unavailableHere', { provider: name(account.provider) })}</p>
              ) : null}
            </div>
            {!account.connected &&
            connecting !== account.provider &&
            canConnect(account.provider, providers.data) ? (
              <button
                type="button"
                className="button button--secondary"
                ref={rowButton(account.provider)}
                onPointerEnter={() => void loadPanel()}
                onFocus={() => void loadPanel()}
                onClick={() => openConnect(account.provider)}
              >
                {t('connected.connect', { provider: name(account.provider) })}
              </button>
            ) : null}
            {!account.connected && connecting === account.provider && providers.data ? (
              <Suspense fallback={<LoadingState />}>
                <ConnectProviderPanel
                  provider={account.provider}
                  providers={providers.data}
                  hasPassword={hasPassword}
                  onConnected={(answer) => connected(account.provider, answer)}
                  onCancel={() => {
                    focusAfter.current = account.provider;
                    setConnecting(null);
                  }}
                />
              </Suspense>
            ) : null}
            {account.connected && confirming !== account.provider ? (
              <button
                type="button"
                className="button button--secondary"
                ref={rowButton(account.provider)}
                disabled={disconnect.isPending}
                onClick={() => start(account.provider)}
              >
                {t('connected.disconnect', { provider: name(account.provider) })}
              </button>
            ) : null}
            {account.connected && confirming === account.provider ? (
              <form className="settings-form" onSubmit={confirm} noValidate>
                <TextField
                  id={passwordId}
                  type="password"
                  label={t('connected.passwordLabel', { provider: name(account.provider) })}
                  autoComplete="current-password"
                  inputRef={passwordRef}
                  value={password}
                  onChange={setPassword}
                  errorMessage={passwordError}
                  errorIsAlert
                />
                <div className="settings-form__actions">
                  <button
                    type="submit"
                    className="button button--primary"
                    disabled={disconnect.isPending}
                  >
                    {t('connected.disconnect', { provider: name(account.provider) })}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setConfirming(null)}
                  >
                    {t('connected.cancel')}
                  </button>
                </div>
              </form>
            ) : null}
          </li>
        ))}
      </ul>
      <p>{t('connected.connectHint')}</p>
    </section>
  );
}

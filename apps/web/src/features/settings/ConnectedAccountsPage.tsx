// /settings/connected/ (issue 9; docs/decisions/149): Google, Facebook and LINE — connected or
// not — and disconnecting one. The server refuses to disconnect the last way in of an account
// without a password; the page says so before asking and links to setting a password.
// Disconnecting asks for the password first (ADR 165); an account without one needs a recent
// log-in, and the page says so when the server refuses.
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ConnectableProvider } from '@corkboard/shared/auth/settings';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { useConnectedAccounts, useDisconnectAccount } from './hooks.ts';
import { failureOf } from './settingsErrors.ts';

export function ConnectedAccountsPage() {
  const { t, i18n } = useTranslation(SETTINGS_NAMESPACE);
  const accounts = useConnectedAccounts();
  const disconnect = useDisconnectAccount();
  const [status, setStatus] = useState('');
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

  return (
    <section className="settings-page" aria-labelledby="settings-connected-heading">
      <h1 id="settings-connected-heading" className="heading heading--md">
        {t('connected.heading')}
      </h1>
      <p>{t('connected.intro')}</p>
      <p role="status" className="settings-page__status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="settings-page__error">
          {error}
        </p>
      ) : null}
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
            </div>
            {account.connected && confirming !== account.provider ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={disconnect.isPending}
                onClick={() => start(account.provider)}
              >
                {t('connected.disconnect', { provider: name(account.provider) })}
              </button>
            ) : null}
            {account.connected && confirming === account.provider ? (
              <form className="settings-form" onSubmit={confirm} noValidate>
                <label htmlFor={passwordId}>
                  {t('connected.passwordLabel', { provider: name(account.provider) })}
                </label>
                <input
                  id={passwordId}
                  type="password"
                  autoComplete="current-password"
                  ref={passwordRef}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={passwordError !== null}
                  aria-describedby={passwordError ? `${passwordId}-error` : undefined}
                />
                {passwordError ? (
                  <p id={`${passwordId}-error`} role="alert" className="settings-page__error">
                    {passwordError}
                  </p>
                ) : null}
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

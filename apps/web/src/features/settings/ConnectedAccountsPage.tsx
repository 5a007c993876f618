// /settings/connected/ (issue 9; docs/decisions/149): Google, Facebook and LINE — connected or
// not — and disconnecting one. The server refuses to disconnect the last way in of an account
// without a password; the page says so before asking and links to setting a password.
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ConnectableProvider } from '@corkboard/shared/auth/settings';
import { useState } from 'react';
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

  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorState onRetry={() => accounts.refetch()} />;
  const { has_password: hasPassword } = accounts.data;
  const connectedCount = accounts.data.accounts.filter((account) => account.connected).length;
  const name = (provider: ConnectableProvider) => t(`connected.${provider}`);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  const remove = (provider: ConnectableProvider) => {
    setStatus('');
    setError(null);
    setLastWayIn(false);
    disconnect.mutate(provider, {
      onSuccess: () => setStatus(t('connected.disconnected', { provider: name(provider) })),
      onError: (failure) => {
        if (
          failure instanceof ApiError &&
          failure.code === ERROR_CODES.CONNECTED_ACCOUNT_LAST_WAY_IN.code
        ) {
          setLastWayIn(true);
          return;
        }
        setError(failureOf(failure, t('common.genericError')).message);
      },
    });
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
            {account.connected ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={disconnect.isPending}
                onClick={() => remove(account.provider)}
              >
                {t('connected.disconnect', { provider: name(account.provider) })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <p>{t('connected.connectHint')}</p>
    </section>
  );
}

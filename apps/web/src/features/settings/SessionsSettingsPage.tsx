// /settings/sessions/ (issue 9; docs/decisions/150): the devices logged in to this account —
// device and browser, when they logged in, when they were last active, this one marked — and
// logging out one of them or all the others. Sessions are named by id; no token reaches here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './hooks.ts';
import { failureOf } from './settingsErrors.ts';
import { SettingsMessages } from './SettingsMessages.tsx';

export function SessionsSettingsPage() {
  const { t, i18n } = useTranslation(SETTINGS_NAMESPACE);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (sessions.isPending) return <LoadingState />;
  if (sessions.isError) return <ErrorState onRetry={() => sessions.refetch()} />;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const others = sessions.data.filter((session) => !session.current);
  const onError = (failure: unknown) =>
    setError(failureOf(failure, t('common.genericError')).message);

  return (
    <section className="settings-page" aria-labelledby="settings-sessions-heading">
      <h1 id="settings-sessions-heading" className="heading heading--md">
        {t('sessions.heading')}
      </h1>
      <p>{t('sessions.intro')}</p>
      <SettingsMessages status={status} error={error} />
      <ul className="settings-list" aria-labelledby="settings-sessions-heading">
        {sessions.data.map((session) => {
          const device = session.device ?? t('sessions.unknownDevice');
          return (
            <li key={session.id} className="settings-card settings-list__item">
              <div>
                <h2 className="settings-card__title">
                  {device}
                  {session.current ? (
                    <span className="settings-badge"> · {t('sessions.current')}</span>
                  ) : null}
                </h2>
                <p>{t('sessions.created', { date: date(session.created_at) })}</p>
                <p>{t('sessions.lastSeen', { date: date(session.last_seen_at) })}</p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('sessions.revokeLabel', {
                    device,
                    date: date(session.created_at),
                  })}
                  disabled={revoke.isPending}
                  onClick={() => {
                    setStatus('');
                    setError(null);
                    revoke.mutate(session.id, {
                      onSuccess: () => setStatus(t('sessions.revoked')),
                      onError,
                    });
                  }}
                >
                  {t('sessions.revoke')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={revokeOthers.isPending}
          onClick={() => {
            setStatus('');
            setError(null);
            revokeOthers.mutate(undefined, {
              onSuccess: () => setStatus(t('sessions.othersRevoked')),
              onError,
            });
          }}
        >
          {t('sessions.revokeOthers')}
        </button>
      ) : (
        <p>{t('sessions.none')}</p>
      )}
    </section>
  );
}

// /settings/deactivate/ (issue 9; docs/decisions/150): deactivating hides the profile, boards
// and pins, logs out every device, and keeps everything for RESURRECTION_WINDOW_DAYS (28,
// auth.md §4): logging in again within them brings it all back; after them it is deleted. The
// password confirms it (a person without one needs a recent log-in); a person with a passkey may
// confirm with it instead ('Use a passkey', ADR 189). A dialog asks once more.
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import {
  RESURRECTION_WINDOW_DAYS,
  RESURRECTION_WINDOW_MS,
  type DeactivationAnswer,
} from '@corkboard/shared/auth/settings';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  useConnectedAccounts,
  useDeactivate,
  useReauthenticateWithPasskey,
  useSecurityState,
} from './hooks.ts';
import { failureOf } from './settingsErrors.ts';

/** The settings dialogs' width (the auth modal's, auth.md §9). */
const DIALOG_WIDTH = 484;

export function DeactivateAccountPage() {
  const { t, i18n } = useTranslation(SETTINGS_NAMESPACE);
  const accounts = useConnectedAccounts();
  const deactivate = useDeactivate();
  const security = useSecurityState();
  const reauthPasskey = useReauthenticateWithPasskey();
  const headingId = useId();
  const [password, setPassword] = useState('');
  /** The session re-authenticated with a passkey: no password is sent (the server checks it). */
  const [byPasskey, setByPasskey] = useState(false);
  /** While the dialog is open: until when logging in would bring the account back. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<DeactivationAnswer | null>(null);

  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorState onRetry={() => accounts.refetch()} />;
  const hasPassword = accounts.data.has_password;
  const offerPasskey =
    hasPassword && (security.data?.passkey_count ?? 0) > 0 && browserSupportsWebAuthn();
  const date = (time: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(time));

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setConfirming(Date.now() + RESURRECTION_WINDOW_MS);
  };
  const confirmWithPasskey = () => {
    setError(null);
    reauthPasskey.mutate(undefined, {
      onSuccess: () => {
        setByPasskey(true);
        setConfirming(Date.now() + RESURRECTION_WINDOW_MS);
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError
            ? failureOf(failure, t('common.genericError')).message
            : t('security.passkeys.cancelled'),
        ),
    });
  };
  const confirm = () => {
    deactivate.mutate(hasPassword && !byPasskey ? { password } : {}, {
      onSuccess: (answer) => {
        setConfirming(null);
        setDone(answer);
      },
      onError: (failure) => {
        setConfirming(null);
        setError(
          failure instanceof ApiError &&
            failure.code === ERROR_CODES.DEACTIVATE_REAUTH_REQUIRED.code &&
            !hasPassword
            ? t('deactivate.freshSession')
            : failureOf(failure, t('common.genericError')).message,
        );
      },
    });
  };

  if (done) {
    return (
      <section className="settings-page" aria-labelledby="settings-deactivate-heading">
        <h1 id="settings-deactivate-heading" className="heading heading--md" tabIndex={-1}>
          {t('deactivate.heading')}
        </h1>
        <p role="status">
          {t('deactivate.done', { date: date(Date.parse(done.resurrect_until)) })}
        </p>
        <p>
          {/* A full load: the app starts again as the account still held (or signed out), with
              nothing of the deactivated person cached. */}
          {done.active ? (
            <a href={`/${encodeURIComponent(done.active.username)}/`} className="text-link">
              {t('deactivate.continueAs', { username: done.active.username })}
            </a>
          ) : (
            <a href="/" className="text-link">
              {t('deactivate.home')}
            </a>
          )}
        </p>
      </section>
    );
  }

  return (
    <section className="settings-page" aria-labelledby="settings-deactivate-heading">
      <h1 id="settings-deactivate-heading" className="heading heading--md">
        {t('deactivate.heading')}
      </h1>
      <p>{t('deactivate.intro', { days: RESURRECTION_WINDOW_DAYS })}</p>
      {error && !hasPassword ? (
        <p role="alert" className="settings-page__error">
          {error}
        </p>
      ) : null}
      <form className="settings-form" noValidate onSubmit={ask}>
        {hasPassword ? (
          <TextField
            id="settings-deactivate-password"
            name="password"
            type="password"
            label={t('deactivate.password')}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            errorMessage={error}
          />
        ) : null}
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" disabled={deactivate.isPending}>
            {t('deactivate.submit')}
          </button>
          {offerPasskey ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={deactivate.isPending || reauthPasskey.isPending}
              onClick={confirmWithPasskey}
            >
              {t('deactivate.usePasskey')}
            </button>
          ) : null}
        </div>
      </form>
      {confirming !== null ? (
        <Modal
          labelledBy={headingId}
          width={DIALOG_WIDTH}
          onDismiss={() => setConfirming(null)}
          closeLabel={t('common.close')}
        >
          <div className="settings-dialog">
            <h2 id={headingId} className="settings-heading" tabIndex={-1}>
              {t('deactivate.confirmTitle')}
            </h2>
            <p>{t('deactivate.confirmText', { date: date(confirming) })}</p>
            <div className="settings-dialog__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirming(null)}
              >
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={deactivate.isPending}
                onClick={confirm}
                data-autofocus=""
              >
                {t('deactivate.confirm')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

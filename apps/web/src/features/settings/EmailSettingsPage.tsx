// /settings/email/ and /settings/email/confirm/ (issue 9; docs/decisions/149): asking for a new
// address mails it a link; nothing changes until the link is opened (the confirm page, which
// works signed in or not), and the old address is told.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  useConfirmEmailChange,
  useConnectedAccounts,
  useProfileSettings,
  useRequestEmailChange,
} from './hooks.ts';
import { failureOf, type SettingsFailure } from './settingsErrors.ts';
import { SettingsMessages } from './SettingsMessages.tsx';

export function EmailSettingsPage() {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const profile = useProfileSettings();
  const accounts = useConnectedAccounts();
  const request = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<SettingsFailure | null>(null);
  const [status, setStatus] = useState('');

  if (profile.isPending || accounts.isPending) return <LoadingState />;
  if (profile.isError) return <ErrorState onRetry={() => profile.refetch()} />;
  if (accounts.isError) return <ErrorState onRetry={() => accounts.refetch()} />;
  const hasPassword = accounts.data.has_password;
  const fieldError = (field: string) => (failure?.field === field ? failure.message : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus('');
    setFailure(null);
    request.mutate(
      { email: email.trim(), ...(hasPassword ? { password } : {}) },
      {
        onSuccess: (answer) => {
          setPassword('');
          setStatus(t('email.sent', { email: answer.pending_email }));
        },
        onError: (error) => setFailure(failureOf(error, t('common.genericError'))),
      },
    );
  };
  const generalError =
    failure && !['email', 'password'].includes(failure.field ?? '') ? failure.message : null;

  return (
    <section className="settings-page" aria-labelledby="settings-email-heading">
      <h1 id="settings-email-heading" className="heading heading--md">
        {t('email.heading')}
      </h1>
      <p>{t('email.intro')}</p>
      <p>
        {profile.data.email ? t('email.current', { email: profile.data.email }) : t('email.none')}
      </p>
      <SettingsMessages status={status} error={generalError} />
      <form className="settings-form" noValidate onSubmit={submit}>
        <TextField
          id="settings-email-new"
          name="email"
          type="email"
          label={t('email.new')}
          autoComplete="email"
          value={email}
          onChange={setEmail}
          errorMessage={fieldError('email')}
        />
        {hasPassword ? (
          <TextField
            id="settings-email-password"
            name="password"
            type="password"
            label={t('email.password')}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            errorMessage={fieldError('password')}
          />
        ) : null}
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" disabled={request.isPending}>
            {t('email.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The page the mailed link opens: confirms once, then says what happened. */
export function EmailConfirmPage() {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    // Once per page view: the token is single use.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <section className="settings-page" aria-labelledby="settings-email-confirm-heading">
      <h1 id="settings-email-confirm-heading" className="heading heading--md">
        {t('email.confirmHeading')}
      </h1>
      {!token ? (
        <p role="alert" className="settings-page__error">
          {t('email.missingToken')}
        </p>
      ) : confirm.isSuccess ? (
        <p role="status">{t('email.confirmed', { email: confirm.data.email })}</p>
      ) : confirm.isError ? (
        <p role="alert" className="settings-page__error">
          {failureOf(confirm.error, t('common.genericError')).message}
        </p>
      ) : (
        <LoadingState />
      )}
      <p>
        <Link to="/settings/profile/" className="text-link">
          {t('email.toSettings')}
        </Link>
      </p>
    </section>
  );
}

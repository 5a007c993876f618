// /settings/password/ (issue 9; docs/decisions/148): change the password with the current one,
// or — for an account that logs in only with Google, Facebook or LINE — set a first password.
// The captcha token is for web_change_password (auth.md §7). Other devices are logged out.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { ApiError } from '../../api/client.ts';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useCaptcha } from '../auth/hooks.ts';
import { useChangePassword, useConnectedAccounts } from './hooks.ts';
import { failureOf, type SettingsFailure } from './settingsErrors.ts';
import { SettingsMessages } from './SettingsMessages.tsx';

const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook', line: 'LINE' } as const;

export function PasswordSettingsPage() {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const accounts = useConnectedAccounts();
  const change = useChangePassword();
  const captcha = useCaptcha();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [failure, setFailure] = useState<SettingsFailure | null>(null);
  const [status, setStatus] = useState('');

  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorState onRetry={() => accounts.refetch()} />;
  const hasPassword = accounts.data.has_password;
  const providers = accounts.data.accounts
    .filter((account) => account.connected)
    .map((account) => PROVIDER_NAMES[account.provider])
    .join(', ');
  const fieldError = (field: string) => (failure?.field === field ? failure.message : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus('');
    if (next !== again) {
      setFailure({ message: t('password.mismatch'), field: 'again' });
      return;
    }
    setFailure(null);
    let token: string | undefined;
    try {
      token = await captcha.take('web_change_password');
    } catch (error) {
      setFailure(failureOf(error, t('common.genericError')));
      return;
    }
    change.mutate(
      {
        ...(hasPassword ? { current_password: current } : {}),
        new_password: next,
        recaptchaV3Token: token,
      },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setAgain('');
          setStatus(hasPassword ? t('password.changed') : t('password.set'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ERROR_CODES.REAUTH_REQUIRED.code) {
            setFailure({ message: t('password.reauth'), field: null });
            return;
          }
          const found = failureOf(error, t('common.genericError'));
          // Password rule failures name `password`: they belong to the new password.
          setFailure(found.field === 'password' ? { ...found, field: 'new_password' } : found);
        },
      },
    );
  };

  const generalError =
    failure && !['current_password', 'new_password', 'again'].includes(failure.field ?? '')
      ? failure.message
      : null;

  return (
    <section className="settings-page" aria-labelledby="settings-password-heading">
      <h1 id="settings-password-heading" className="heading heading--md">
        {hasPassword ? t('password.heading') : t('password.setHeading')}
      </h1>
      <p>{hasPassword ? t('password.intro') : t('password.setIntro', { providers })}</p>
      <SettingsMessages status={status} error={generalError} />
      <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
        {hasPassword ? (
          <TextField
            id="settings-password-current"
            name="current_password"
            type="password"
            label={t('password.current')}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            errorMessage={fieldError('current_password')}
          />
        ) : null}
        <TextField
          id="settings-password-new"
          name="new_password"
          type="password"
          label={t('password.new')}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          errorMessage={fieldError('new_password')}
        />
        <TextField
          id="settings-password-again"
          name="again"
          type="password"
          label={t('password.confirm')}
          autoComplete="new-password"
          value={again}
          onChange={setAgain}
          errorMessage={fieldError('again')}
        />
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {hasPassword ? t('password.submit') : t('password.setSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

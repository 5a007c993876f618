// /password/reset/: with `?token=` (the link in the reset e-mail) it sets a new password and logs
// in with it; without, it is the account recovery page the forgot-password link opens (`?ue=`
// fills in the email) and sends the reset e-mail. docs/decisions/007-web-auth-views.md.
import {
  PASSWORD_MAX_LENGTH,
  passwordMinLength,
  validatePassword,
} from '@corkboard/shared/auth/password';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { AuthMessageText } from './AuthMessageText.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { errorCodeName, mapAuthError, type AuthMessage } from './authErrors.ts';
import { AUTH_MODAL_WIDTH } from './layout.ts';
import { PASSWORD_COPY_KEYS } from './copyKeys.ts';
import { AuthSurface } from './AuthSurface.tsx';
import { rememberIdentity } from './cookies.ts';
import {
  useCaptcha,
  useExperimentExposure,
  useExperiments,
  useLogin,
  usePasswordReset,
  useSendPasswordReset,
} from './hooks.ts';
import { recoveryPath } from './links.ts';
import { DEFAULT_LOGIN_PATH, pageLoad } from '../session/pageLoad.ts';
import { RecoveryDialogs } from './RecoveryDialogs.tsx';
import { ERROR_TOAST_MS } from './timings.ts';
import { AuthMark, AuthTitle, SwitchLine } from './ViewParts.tsx';
import { WelcomeLoading } from './WelcomeLoading.tsx';

export function PasswordResetPage() {
  const { i18n } = useTranslation();
  ensureAuthCatalogue(i18n);
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthSurface>
      <div className="auth-page" style={{ maxWidth: AUTH_MODAL_WIDTH }}>
        {token ? (
          <ResetForm token={token} />
        ) : (
          <RecoveryForm initialIdentifier={params.get('ue') ?? ''} />
        )}
      </div>
    </AuthSurface>
  );
}

function RecoveryForm({ initialIdentifier }: { initialIdentifier: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const showToast = useToast();
  const headingId = useId();
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [identifier, setIdentifier] = useState(initialIdentifier);
  const [error, setError] = useState<AuthMessage | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const reset = useSendPasswordReset();
  useDocumentTitle(t('recovery.title'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = identifier.trim();
    if (!value) {
      setError({ key: 'validation.email.required' });
      inputRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await reset.send(value);
      setSentTo(value);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.data?.['field'] : undefined;
      if (field === 'email' && failure instanceof ApiError) {
        setError({ text: failure.detail || failure.message });
        inputRef.current?.focus();
      } else {
        showToast(t('errors.generic'), { durationMs: ERROR_TOAST_MS, tone: 'error' });
      }
    }
  };

  return (
    <div className="auth auth__view" aria-busy={reset.isPending}>
      <AuthMark />
      <AuthTitle id={headingId}>{t('recovery.title')}</AuthTitle>
      <p className="auth__subtitle">{t('recovery.text')}</p>
      <form
        className="auth__form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby={headingId}
      >
        <TextField
          id={`${fieldId}-identifier`}
          name="username_or_email"
          label={t('fields.emailOrUsername')}
          autoComplete="username"
          value={identifier}
          onChange={setIdentifier}
          errorMessage={
            error ? <AuthMessageText message={error} linkTo={recoveryPath('')} /> : null
          }
          inputRef={inputRef}
        />
        <button type="submit" className="button button--primary button--full">
          {t('recovery.submit')}
        </button>
      </form>
      <SwitchLine template={t('recovery.backToLogin')} onClick={() => void navigate('/login/')} />
      {reset.isPending ? <LoadingOverlay label={t('common.loading')} /> : null}
      {sentTo !== null ? (
        <RecoveryDialogs
          dialog={{ kind: 'passwordResetSent' }}
          identifier={sentTo}
          onClose={() => setSentTo(null)}
        />
      ) : null}
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const showToast = useToast();
  const headingId = useId();
  const fieldId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<AuthMessage | null>(null);
  const [confirmError, setConfirmError] = useState<AuthMessage | null>(null);
  const [tokenInvalid, setTokenInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const experiments = useExperiments();
  const groups = experiments.data?.groups;
  const minLength = passwordMinLength(
    groups !== undefined && groups.web_increased_min_password_length !== 'control',
  );
  useExperimentExposure('web_increased_min_password_length', groups !== undefined);
  const resetPassword = usePasswordReset();
  const login = useLogin();
  const captcha = useCaptcha();
  useDocumentTitle(t('reset.title'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setPasswordError(null);
    setConfirmError(null);
    const failure = validatePassword(password, { minLength });
    if (failure) {
      setPasswordError({
        key: PASSWORD_COPY_KEYS[failure.copyKey],
        values: { minPasswordLength: minLength, maxPasswordLength: PASSWORD_MAX_LENGTH },
      });
      passwordRef.current?.focus();
      return;
    }
    if (confirmation !== password) {
      setConfirmError({ key: 'validation.password.mismatch' });
      confirmRef.current?.focus();
      return;
    }
    setBusy(true);
    let identifier: string;
    try {
      identifier = (await resetPassword({ token, new_password: password })).username_or_email;
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && errorCodeName(error.code) === 'AUTH_RESET_TOKEN_INVALID') {
        setTokenInvalid(true);
        return;
      }
      const outcome = mapAuthError(error, 'signup', { minPasswordLength: minLength });
      if (outcome.field?.name === 'password') {
        setPasswordError(outcome.field.message);
        passwordRef.current?.focus();
      } else {
        showToast(t('errors.generic'), { durationMs: ERROR_TOAST_MS, tone: 'error' });
      }
      return;
    }
    // The new password works: log in with it straight away (auth.md: success → logged in).
    try {
      const recaptchaV3Token = await captcha.take('web_unauth');
      const result = await login({
        username_or_email: identifier,
        password,
        recaptchaV3Token,
        isAccountSwitch: false,
      });
      rememberIdentity(result.user);
      setDone(true);
      pageLoad.assign(DEFAULT_LOGIN_PATH);
    } catch {
      // The password is changed either way; the login page takes it from here.
      setBusy(false);
      void navigate('/login/');
    }
  };

  if (done) return <WelcomeLoading headingId={headingId} />;
  return (
    <div className="auth auth__view" aria-busy={busy}>
      <AuthMark />
      <AuthTitle id={headingId}>{t('reset.title')}</AuthTitle>
      {tokenInvalid ? (
        <>
          <p className="auth__form-error" role="alert">
            {t('reset.invalidToken')}
          </p>
          <Link to={recoveryPath('')} className="button button--primary">
            {t('reset.requestNew')}
          </Link>
        </>
      ) : (
        <>
          <p className="auth__subtitle">{t('reset.text')}</p>
          <form
            className="auth__form"
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-labelledby={headingId}
          >
            <TextField
              id={`${fieldId}-password`}
              name="new_password"
              type="password"
              label={t('fields.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              errorMessage={
                passwordError ? (
                  <AuthMessageText message={passwordError} linkTo={recoveryPath('')} />
                ) : null
              }
              inputRef={passwordRef}
              autoFocus
            />
            <TextField
              id={`${fieldId}-confirm`}
              name="confirm_password"
              type="password"
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              value={confirmation}
              onChange={setConfirmation}
              errorMessage={
                confirmError ? (
                  <AuthMessageText message={confirmError} linkTo={recoveryPath('')} />
                ) : null
              }
              inputRef={confirmRef}
            />
            <button type="submit" className="button button--primary button--full">
              {t('reset.submit')}
            </button>
          </form>
        </>
      )}
      {busy ? <LoadingOverlay label={t('common.loading')} /> : null}
    </div>
  );
}

// auth.md §2 "Signup view": title by source, the pin image or followee avatar, the email form
// (behind 'Continue with email' except in the home_page container), terms and the login switch.
// While typing, a debounced exists-check turns the form into a login form for a known email.
import { normalizeEmail, validateEmail } from '@corkboard/shared/auth/email';
import { suggestEmail } from '@corkboard/shared/auth/email-typo';
import { useEffect, useId, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { richText } from '../../ui/richText.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthMessageText } from './AuthMessageText.tsx';
import type { AuthMessage } from './authErrors.ts';
import type { AuthFlowConfig, FieldErrors } from './flowTypes.ts';
import { useEmailExists } from './hooks.ts';
import { businessCreatePath, recoveryPath } from './links.ts';
import { EMAIL_CHECK_DEBOUNCE_MS } from './timings.ts';
import { signupSubtitle, signupTitle, signupVisual } from './titles.ts';
import { AuthMark, AuthTitle, OrDivider, SwitchLine, TermsText } from './ViewParts.tsx';

/**
 * The email the exists-check and the typo hint look at: the typed value once typing has paused
 * for EMAIL_CHECK_DEBOUNCE_MS, or at once when the field is left (auth.md §4, §5).
 */
export function useSettledEmail(email: string): [string, () => void] {
  const [settled, setSettled] = useState(email);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(email), EMAIL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email]);
  return [settled, () => setSettled(email)];
}

/** The checked address, or null while it is not a valid email (nothing to look up). */
export function lookupEmail(settled: string): string | null {
  const email = normalizeEmail(settled);
  return validateEmail(email) === null ? email : null;
}

interface SignupViewProps {
  headingId: string;
  config: AuthFlowConfig;
  pathname: string;
  email: string;
  password: string;
  onEmailChange: (email: string) => void;
  onPasswordChange: (password: string) => void;
  errors: FieldErrors;
  formError: AuthMessage | null;
  emailFormShown: boolean;
  onShowEmailForm: () => void;
  onSubmit: () => void;
  onSwitchToLogin: () => void;
  emailRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
  /** Social sign-in buttons (a later issue); the OR divider shows only with them. */
  social?: ReactNode;
  /** auth.md §4 "SSO": the e-mail signs in with SSO: 'Continue with SSO', no password. */
  sso?: boolean | undefined;
}

export function SignupView({
  headingId,
  config,
  pathname,
  email,
  password,
  onEmailChange,
  onPasswordChange,
  errors,
  formError,
  emailFormShown,
  onShowEmailForm,
  onSubmit,
  onSwitchToLogin,
  emailRef,
  passwordRef,
  social,
  sso = false,
}: SignupViewProps) {
  const { t } = useTranslation('auth');
  const fieldId = useId();
  const [settled, settleNow] = useSettledEmail(email);
  const known = useEmailExists(emailFormShown ? lookupEmail(settled) : null) === true;
  const title = signupTitle({
    source: config.signupSource,
    container: config.container,
    knownEmail: known,
    inviter: config.inviter,
    respondMessage: config.respondMessage,
  });
  const subtitle = signupSubtitle(title.key);
  const visual = signupVisual(config.container, pathname);
  const suggestion = emailFormShown ? suggestEmail(settled) : null;
  const showHint = suggestion !== null && suggestion !== normalizeEmail(email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <div className="auth__view">
      {visual === 'pin' && config.pin ? (
        <img
          className="auth__pin"
          src={config.pin.url}
          alt=""
          width={236}
          style={{ backgroundColor: config.pin.dominantColor }}
        />
      ) : visual === 'followee' && config.followee ? (
        config.followee.imageUrl ? (
          <img
            className="auth__followee"
            src={config.followee.imageUrl}
            alt=""
            width={72}
            height={72}
          />
        ) : (
          <span className="auth__followee auth__followee--initial" aria-hidden="true">
            {config.followee.name.trim().charAt(0).toUpperCase()}
          </span>
        )
      ) : (
        <AuthMark />
      )}
      <AuthTitle id={headingId}>{t(title.key, title.values ?? {})}</AuthTitle>
      {subtitle ? <p className="auth__subtitle">{t(subtitle)}</p> : null}

      {social ? (
        <>
          {social}
          <OrDivider />
        </>
      ) : null}

      {emailFormShown ? (
        <form className="auth__form" noValidate onSubmit={submit}>
          <TextField
            id={`${fieldId}-email`}
            name="email"
            type="email"
            label={t('fields.email')}
            placeholder={t('fields.email')}
            autoComplete="email"
            value={email}
            onChange={onEmailChange}
            onBlur={settleNow}
            errorMessage={
              errors.email ? (
                <AuthMessageText message={errors.email} linkTo={recoveryPath(email)} />
              ) : null
            }
            inputRef={emailRef}
            autoFocus
            after={
              showHint ? (
                <button
                  type="button"
                  className="field__hint"
                  onClick={() => onEmailChange(suggestion)}
                >
                  {t('signup.typoHint', { email: suggestion })}
                </button>
              ) : null
            }
          />
          {sso ? null : (
            <TextField
              id={`${fieldId}-password`}
              name="password"
              type="password"
              label={t('fields.password')}
              placeholder={known ? t('fields.password') : t('fields.createPassword')}
              autoComplete={known ? 'current-password' : 'new-password'}
              value={password}
              onChange={onPasswordChange}
              errorMessage={
                errors.password ? (
                  <AuthMessageText message={errors.password} linkTo={recoveryPath(email)} />
                ) : null
              }
              inputRef={passwordRef}
            />
          )}
          {known && !sso ? (
            <Link to={recoveryPath(email)} className="auth__forgot text-link">
              {t('login.forgotPassword')}
            </Link>
          ) : null}
          {formError ? (
            <p className="auth__form-error" role="alert">
              <AuthMessageText message={formError} linkTo={recoveryPath(email)} />
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--full">
            {sso ? t('sso.continue') : known ? t('signup.logIn') : t('signup.continue')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button button--primary button--full"
          onClick={onShowEmailForm}
          data-autofocus=""
        >
          {t('signup.continueWithEmail')}
        </button>
      )}

      <TermsText />
      <SwitchLine template={t('signup.footer')} onClick={onSwitchToLogin} />
      {/* auth.md §1 "A business prompt reads 'Are you a business? Get started here!'". */}
      <p className="auth__switch">
        {richText(t('signup.businessPrompt'), {
          link: (text) => (
            <Link to={businessCreatePath(config.next)} className="text-link">
              {text}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}

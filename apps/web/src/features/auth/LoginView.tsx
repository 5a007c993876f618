// auth.md §2 "Login view" and "Personalized login". The personalized form greets a remembered
// visitor by name, shows their avatar and masked email, and asks only for the password; the
// remembered username is what it submits.
import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { richText } from '../../ui/richText.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthMessageText } from './AuthMessageText.tsx';
import type { AuthMessage } from './authErrors.ts';
import type { RememberedIdentity } from './cookies.ts';
import type { AuthFlowConfig, FieldErrors } from './flowTypes.ts';
import { businessCreatePath, recoveryPath } from './links.ts';
import { loginTitle } from './titles.ts';
import { AuthMark, AuthTitle, OrDivider, SwitchLine, TermsText } from './ViewParts.tsx';

interface LoginViewProps {
  headingId: string;
  config: AuthFlowConfig;
  /** The remembered visitor for personalized login, or null for the plain form. */
  identity: RememberedIdentity | null;
  email: string;
  password: string;
  onEmailChange: (email: string) => void;
  onPasswordChange: (password: string) => void;
  errors: FieldErrors;
  formError: AuthMessage | null;
  onSubmit: () => void;
  onSwitchToSignup: () => void;
  /** 'Not you? Log in with a different account'. */
  onForgetIdentity: () => void;
  emailRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
  social?: ReactNode;
  /** 'Use a passkey' (docs/decisions/166), under the form. */
  passkey?: ReactNode;
  /** auth.md §4 "SSO": the e-mail signs in with SSO: 'Continue with SSO', no password. */
  sso?: boolean | undefined;
}

function connectedNote(identity: RememberedIdentity) {
  if (identity.connectedToFacebook && identity.connectedToGoogle)
    return 'login.personalized.connectedBoth' as const;
  if (identity.connectedToFacebook) return 'login.personalized.connectedFacebook' as const;
  if (identity.connectedToGoogle) return 'login.personalized.connectedGoogle' as const;
  return null;
}

export function LoginView({
  headingId,
  config,
  identity,
  email,
  password,
  onEmailChange,
  onPasswordChange,
  errors,
  formError,
  onSubmit,
  onSwitchToSignup,
  onForgetIdentity,
  emailRef,
  passwordRef,
  social,
  passkey,
  sso = false,
}: LoginViewProps) {
  const { t } = useTranslation('auth');
  const fieldId = useId();
  const business = config.container === 'revamped_business_login_page';
  const limitedTitle = loginTitle({
    source: config.loginSource,
    container: config.container,
    limitedAction: config.limitedAction,
  });
  const title = business
    ? t('business.title')
    : identity && !config.limitedAction
      ? t('login.personalized.title', { name: identity.firstName })
      : t(limitedTitle.key);
  const subtitle = config.isAccountSwitch
    ? t('login.accountSwitchSubtitle')
    : identity && config.limitedAction
      ? t('login.limited.subheader')
      : null;
  // A social-only account has no password to type (auth.md §2: "hides fields for which the user
  // has no method").
  const showPassword = identity ? identity.hasPassword : true;
  const recoveryLink = recoveryPath(identity ? identity.username : email);
  const note = identity && !identity.hasPassword ? connectedNote(identity) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <div className="auth__view">
      {identity ? (
        identity.imageUrl ? (
          <img className="auth__followee" src={identity.imageUrl} alt="" width={72} height={72} />
        ) : (
          <span className="auth__followee auth__followee--initial" aria-hidden="true">
            {identity.firstName.trim().charAt(0).toUpperCase()}
          </span>
        )
      ) : (
        <AuthMark />
      )}
      <AuthTitle id={headingId}>{title}</AuthTitle>
      {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
      {identity?.maskedEmail ? <p className="auth__identity">{identity.maskedEmail}</p> : null}

      {social ? (
        <>
          {social}
          <OrDivider />
        </>
      ) : null}

      {note ? <p className="auth__note">{t(note)}</p> : null}

      {showPassword ? (
        <form className="auth__form" noValidate onSubmit={submit}>
          {identity ? null : (
            <TextField
              id={`${fieldId}-email`}
              name="username_or_email"
              type="text"
              label={t('fields.emailOrUsername')}
              placeholder={t('fields.email')}
              autoComplete="username webauthn"
              value={email}
              onChange={onEmailChange}
              errorMessage={
                errors.email ? (
                  <AuthMessageText message={errors.email} linkTo={recoveryLink} />
                ) : null
              }
              inputRef={emailRef}
              autoFocus
            />
          )}
          {sso ? null : (
            <TextField
              id={`${fieldId}-password`}
              name="password"
              type="password"
              label={t('fields.password')}
              placeholder={t('fields.password')}
              autoComplete="current-password"
              value={password}
              onChange={onPasswordChange}
              errorMessage={
                errors.password ? (
                  <AuthMessageText message={errors.password} linkTo={recoveryLink} />
                ) : null
              }
              inputRef={passwordRef}
              autoFocus={identity !== null}
            />
          )}
          {identity && errors.email ? (
            <p className="auth__form-error" role="alert">
              <AuthMessageText message={errors.email} linkTo={recoveryLink} />
            </p>
          ) : null}
          {sso ? null : (
            <Link to={recoveryLink} className="auth__forgot text-link">
              {t('login.forgotPassword')}
            </Link>
          )}
          {formError ? (
            <p className="auth__form-error" role="alert">
              <AuthMessageText message={formError} linkTo={recoveryLink} />
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--full">
            {sso ? t('sso.continue') : t('login.submit')}
          </button>
        </form>
      ) : null}
      {passkey}

      <TermsText />

      {identity ? (
        <>
          <SwitchLine template={t('login.personalized.notYou')} onClick={onForgetIdentity} />
          <SwitchLine template={t('login.personalized.signUp')} onClick={onSwitchToSignup} />
        </>
      ) : business ? null : config.businessViewer ? (
        <p className="auth__switch">
          <Link to={businessCreatePath(config.next)} className="text-link">
            {t('login.businessCreate')}
          </Link>
        </p>
      ) : (
        <SwitchLine template={t('login.footer')} onClick={onSwitchToSignup} />
      )}
      {business ? <BusinessFooter /> : null}
    </div>
  );
}

/** auth.md §1, §2: the business login page links to business account creation and to the personal login. */
function BusinessFooter() {
  const { t } = useTranslation('auth');
  return (
    <>
      <p className="auth__switch">
        {richText(t('business.createFree'), {
          link: (text) => (
            <Link to="/business/create" className="text-link">
              {text}
            </Link>
          ),
        })}
      </p>
      <p className="auth__switch">
        {richText(t('business.personal'), {
          link: (text) => (
            <Link to="/login/" className="text-link">
              {text}
            </Link>
          ),
        })}
      </p>
    </>
  );
}

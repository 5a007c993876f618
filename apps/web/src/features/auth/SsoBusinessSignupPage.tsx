// /signup/sso-business-account?email= (auth.md §2, §4 "SSO"; business.md §4.3, §7, §8; ADR 157):
// the business sign-up by single sign-on. The page asks POST /v3/sso/info/ about the e-mail, and
// on a click opens the 600×600 pop-up to the organisation's identity provider; the code it posts
// back (from our own origin only) is traded at the exchange URL for sso_id, sso_id_token,
// sso_email and sso_user_name; the birthday is asked (the sign-up rule every account follows) and
// the account is registered with type sso and the ID token. Not on the main origin: a full
// redirect there (the flow cookie and the callback belong to it).
import { ApiError } from '../../api/client.ts';
import type { SsoTokensAnswer } from '@corkboard/shared/auth/social-api';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { pageLoad, DEFAULT_LOGIN_PATH } from '../session/pageLoad.ts';
import { useViewer } from '../session/hooks.ts';
import { AuthMessageText } from './AuthMessageText.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { errorCodeName, mapAuthError, type AuthMessage } from './authErrors.ts';
import { AuthSurface } from './AuthSurface.tsx';
import { checkBirthdayInput, latestBirthdayInput } from './birthdayInput.ts';
import { rememberIdentity } from './cookies.ts';
import { BIRTHDAY_COPY_KEYS } from './copyKeys.ts';
import {
  exchangeSsoCode,
  lookupSsoPopupResult,
  useCaptcha,
  useSocialRegister,
  useSsoInfo,
} from './hooks.ts';
import { AUTH_MODAL_WIDTH } from './layout.ts';
import { nextPathFrom } from './navigation.ts';
import {
  openSsoPopup,
  SsoPopupError,
  ssoMainOrigin,
  ssoSignupTarget,
  type SsoPopup,
} from './ssoPopup.ts';
import { ssoLookupEmail } from './useSsoCheck.ts';
import { AuthMark, AuthTitle, TermsText } from './ViewParts.tsx';

/** The sign-up context the register call records for this page (auth.md §7 "signup context"). */
export const SSO_SIGNUP_CONTAINER = 'login_page';

export function SsoBusinessSignupPage() {
  const { i18n } = useTranslation();
  ensureAuthCatalogue(i18n);
  const { t } = useTranslation('auth');
  useDocumentTitle(t('sso.signup.title'));
  const location = useLocation();
  const viewer = useViewer();
  const params = new URLSearchParams(location.search);
  const email = ssoLookupEmail(params.get('email') ?? '');
  const next = nextPathFrom(location.search);

  if (viewer.isPending) return <LoadingState />;
  if (viewer.data) return <Navigate to={next} replace />;
  return (
    <AuthSurface>
      <div className="auth-page" style={{ maxWidth: AUTH_MODAL_WIDTH }}>
        <div className="auth">
          {email ? <SsoSignup email={email} next={next} /> : <MissingEmail />}
        </div>
      </div>
    </AuthSurface>
  );
}

function MissingEmail() {
  const { t } = useTranslation('auth');
  const headingId = useId();
  return (
    <div className="auth__view">
      <AuthMark />
      <AuthTitle id={headingId}>{t('sso.signup.title')}</AuthTitle>
      <p className="auth__subtitle">{t('sso.signup.missingEmail')}</p>
      <p className="auth__switch">
        <Link to="/signup/" className="text-link">
          {t('sso.signup.emailSignup')}
        </Link>
      </p>
    </div>
  );
}

type Step =
  | { kind: 'start' }
  | { kind: 'busy' }
  | { kind: 'birthday'; tokens: SsoTokensAnswer }
  | { kind: 'done' };

function SsoSignup({ email, next }: { email: string; next: string }) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const fieldId = useId();
  const info = useSsoInfo(email);
  const register = useSocialRegister();
  const captcha = useCaptcha();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [error, setError] = useState<AuthMessage | null>(null);
  const [birthday, setBirthday] = useState('');
  const [birthdayError, setBirthdayError] = useState<AuthMessage | null>(null);
  const [latest] = useState(() => latestBirthdayInput(new Date()));
  const popupRef = useRef<SsoPopup | null>(null);
  useEffect(() => () => popupRef.current?.cancel(), []);

  const mainOrigin = info ? ssoMainOrigin(info) : null;
  const elsewhere =
    info?.is_sso === true && mainOrigin !== null && mainOrigin !== window.location.origin;
  useEffect(() => {
    if (!elsewhere) return;
    const target = ssoSignupTarget(email, mainOrigin, window.location.origin);
    if (target.kind === 'redirect') pageLoad.assign(target.url);
  }, [elsewhere, email, mainOrigin]);

  if (info === undefined || elsewhere) return <LoadingState />;
  if (!info.is_sso || !info.authorization_uri || !info.exchange_code_to_token_info_url) {
    return (
      <div className="auth__view">
        <AuthMark />
        <AuthTitle id={headingId}>{t('sso.signup.title')}</AuthTitle>
        <p className="auth__subtitle">{t('sso.signup.notSso', { email })}</p>
        <p className="auth__switch">
          <Link to="/signup/" className="text-link">
            {t('sso.signup.emailSignup')}
          </Link>
        </p>
      </div>
    );
  }
  const authorizationUri = info.authorization_uri;
  const exchangeUrl = info.exchange_code_to_token_info_url;

  /** Inside the click: the pop-up opens before anything is awaited, or it is blocked. */
  const start = () => {
    setError(null);
    popupRef.current?.cancel();
    const popup = openSsoPopup(
      authorizationUri,
      mainOrigin ? [mainOrigin] : [],
      lookupSsoPopupResult,
    );
    popupRef.current = popup;
    setStep({ kind: 'busy' });
    void (async () => {
      try {
        const { code, state } = await popup.result;
        const tokens = await exchangeSsoCode(exchangeUrl, code, state);
        if (!tokens.sso_id_token) throw new SsoPopupError('No tokens returned', 'failed');
        setStep({ kind: 'birthday', tokens });
      } catch (failure) {
        // business.md §8 "An SSO authentication error logs and fails with no credentials."
        console.warn('SSO sign-up did not return tokens', failure);
        setStep({ kind: 'start' });
        if (failure instanceof SsoPopupError) {
          setError({
            key:
              failure.reason === 'window' || failure.reason === 'closed'
                ? 'sso.windowUndefined'
                : 'sso.noTokens',
          });
        } else {
          setError({ key: 'sso.noTokens' });
        }
      }
    })();
  };

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.kind !== 'birthday') return;
    const check = checkBirthdayInput(birthday, new Date());
    if (!check.ok) {
      setBirthdayError({ key: BIRTHDAY_COPY_KEYS[check.failure.copyKey] });
      return;
    }
    setBirthdayError(null);
    setError(null);
    const { tokens } = step;
    setStep({ kind: 'busy' });
    void (async () => {
      try {
        const result = await register({
          type: 'sso',
          sso_id_token: tokens.sso_id_token,
          birthday: check.birthday,
          recaptchaV3Token: await captcha.take('web_unauth'),
          container: SSO_SIGNUP_CONTAINER,
          page: window.location.pathname,
          signupSource: 'defaultSource',
        });
        setStep({ kind: 'done' });
        rememberIdentity(result.user);
        pageLoad.assign(next === window.location.pathname ? DEFAULT_LOGIN_PATH : next);
      } catch (failure) {
        setStep({ kind: 'birthday', tokens });
        const taken =
          failure instanceof ApiError && errorCodeName(failure.code) === 'AUTH_EMAIL_TAKEN';
        if (taken) {
          setError({ key: 'sso.signup.taken' });
          return;
        }
        const outcome = mapAuthError(failure, 'signup', { minPasswordLength: 6 });
        const message = outcome.field?.message ?? outcome.formError ?? outcome.toast;
        setError(message ?? { key: 'errors.generic' });
      }
    })();
  };

  return (
    <div className="auth__view" aria-busy={step.kind === 'busy'}>
      <AuthMark />
      <AuthTitle id={headingId}>{t('sso.signup.title')}</AuthTitle>
      {step.kind === 'birthday' ? (
        <>
          <p className="auth__subtitle">
            {t('sso.signup.signedInAs', {
              name: step.tokens.sso_user_name || step.tokens.sso_email,
              email: step.tokens.sso_email,
            })}
          </p>
          <form className="auth__form" noValidate onSubmit={create}>
            <TextField
              id={`${fieldId}-birthday`}
              name="birthday"
              type="date"
              label={t('fields.birthdate')}
              autoComplete="bday"
              value={birthday}
              onChange={setBirthday}
              max={latest}
              errorMessage={
                birthdayError ? <AuthMessageText message={birthdayError} linkTo="/" /> : null
              }
              helperText={t('birthday.explanation')}
              autoFocus
            />
            {error ? (
              <p className="auth__form-error" role="alert">
                <AuthMessageText message={error} linkTo="/login/" />
              </p>
            ) : null}
            <button type="submit" className="button button--primary button--full">
              {t('birthday.submit')}
            </button>
          </form>
        </>
      ) : (
        <>
          <p className="auth__subtitle">{t('sso.signup.intro')}</p>
          <p className="auth__identity">{email}</p>
          {error ? (
            <p className="auth__form-error" role="alert">
              <AuthMessageText message={error} linkTo="/signup/" />
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary button--full"
            onClick={start}
            disabled={step.kind !== 'start'}
          >
            {t('sso.continue')}
          </button>
        </>
      )}
      <TermsText />
    </div>
  );
}

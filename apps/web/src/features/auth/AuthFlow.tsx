// The auth state machine (auth.md §4 "Modal views", "Email flow", "Under-age", "Login errors"):
// which view shows, what the person typed, and what each request's answer does. The modal and
// the auth pages both render it; the views only display and report.
import type { AuthUser } from '@corkboard/shared/auth/api';
import { normalizeEmail, validateEmail } from '@corkboard/shared/auth/email';
import {
  PASSWORD_MAX_LENGTH,
  passwordMinLength,
  validatePassword,
} from '@corkboard/shared/auth/password';
import type { RegisterBodyInput } from '@corkboard/shared/auth/schemas';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { focusPreferred } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useAuthMessageString } from './AuthMessageText.tsx';
import {
  errorCodeName,
  mapAuthError,
  type AuthErrorOutcome,
  type AuthField,
  type AuthMessage,
} from './authErrors.ts';
import { BirthdayStep } from './BirthdayStep.tsx';
import { checkBirthdayInput } from './birthdayInput.ts';
import { tryCaptchaStepUp } from './captchaLimit.ts';
import {
  canContinue,
  consentOutput,
  CONSENT_COUNTRY,
  countryFromLanguage,
  NO_CONSENT,
  type ConsentState,
} from './consent.ts';
import { ConsentStep } from './ConsentStep.tsx';
import { BIRTHDAY_COPY_KEYS, EMAIL_COPY_KEYS, PASSWORD_COPY_KEYS } from './copyKeys.ts';
import {
  clearUnderage,
  forgetIdentity,
  isUnderageMarked,
  markUnderage,
  readRememberedIdentity,
  rememberIdentity,
  type RememberedIdentity,
} from './cookies.ts';
import { EmailAlreadyExistView } from './EmailAlreadyExistView.tsx';
import type { AuthFlowConfig, FieldErrors, FlowView } from './flowTypes.ts';
import {
  useCaptcha,
  useEmailExistsLookup,
  useExperiments,
  useLogin,
  useRegister,
  useServerEmailValidation,
} from './hooks.ts';
import { LoginView } from './LoginView.tsx';
import { afterLoginPath } from './navigation.ts';
import { pageLoad } from '../session/pageLoad.ts';
import { RecoveryDialogs, type RecoveryDialogState } from './RecoveryDialogs.tsx';
import { emailFormShownAtOnce } from './titles.ts';
import { CONSENT_ERROR_TOAST_MS, ERROR_TOAST_MS } from './timings.ts';
import { UnderageConfirmation } from './UnderageConfirmation.tsx';
import { SignupView } from './SignupView.tsx';
import { WelcomeLoading } from './WelcomeLoading.tsx';

/**
 * auth.md §2: personalized login needs a remembered identity, no account switch, and any
 * container but the bottom-right email upsell.
 */
/**
 * The shared schema's SIGNUP_PAGE_MAX_LENGTH, restated: importing a value from schemas.ts would
 * bring zod into the browser bundle. A test keeps the two equal.
 */
export const SIGNUP_PAGE_MAX_LENGTH = 200;

export function personalizedIdentity(
  config: AuthFlowConfig,
  cookies?: string,
): RememberedIdentity | null {
  if (config.isAccountSwitch || config.container === 'bottom.right.upsell.email') return null;
  return readRememberedIdentity(cookies);
}

/** A limited-login visitor asked to sign up for an action is asked to log in instead (auth.md §2). */
export function initialViewFor(
  config: AuthFlowConfig,
  identity: RememberedIdentity | null,
): FlowView {
  if (config.initialView === 'signup' && config.limitedAction && identity) return 'login';
  return config.initialView;
}

interface AuthFlowProps {
  config: AuthFlowConfig;
  /** Id for the current view's heading (the modal is labelled by it). */
  headingId: string;
  /** Closes the modal (absent on the auth pages). */
  onClose?: (() => void) | undefined;
  /** Social sign-in buttons, once a later issue provides them. */
  social?: ReactNode;
}

export function AuthFlow({ config, headingId, onClose, social }: AuthFlowProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const showToast = useToast();
  const messageString = useAuthMessageString();
  const containerRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const birthdayRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);
  /** Focus to move after the next render: a field with a new error, or the new view. */
  const pendingFocus = useRef<AuthField | 'view' | null>(null);

  const [identity, setIdentity] = useState(() => personalizedIdentity(config));
  const [view, setView] = useState<FlowView>(() => initialViewFor(config, identity));
  const [email, setEmail] = useState(config.initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [birthday, setBirthday] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<AuthMessage | null>(null);
  const [consent, setConsent] = useState<ConsentState>(NO_CONSENT);
  const [consentRequired, setConsentRequired] = useState(false);
  const [dialog, setDialog] = useState<RecoveryDialogState | null>(null);
  const [stepUp, setStepUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [emailFormShown, setEmailFormShown] = useState(() =>
    emailFormShownAtOnce(config.container),
  );
  const [underage, setUnderage] = useState(() => isUnderageMarked());

  const experiments = useExperiments();
  const groups = experiments.data?.groups;
  const minPasswordLength = passwordMinLength(
    groups !== undefined && groups.web_increased_min_password_length !== 'control',
  );
  const consentStepOn =
    consentRequired ||
    (groups !== undefined &&
      groups.web_kr_privacy_consent_step !== 'control' &&
      countryFromLanguage(navigator.languages[0] ?? navigator.language) === CONSENT_COUNTRY);

  const captcha = useCaptcha();
  const captchaAction = config.isAccountSwitch ? 'web_auth' : 'web_unauth';
  const { prepare } = captcha;
  useEffect(() => {
    prepare(captchaAction);
  }, [prepare, captchaAction]);

  const lookupExists = useEmailExistsLookup();
  const validateOnServer = useServerEmailValidation();
  const logInRequest = useLogin();
  const registerRequest = useRegister();

  // Moves focus once the render that needs it is on screen (aria-describedby then already
  // points at the new error text).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const refs = { email: emailRef, password: passwordRef, birthday: birthdayRef };
    if (target === 'view') {
      if (containerRef.current) focusPreferred(containerRef.current);
    } else {
      refs[target].current?.focus();
    }
  });

  const goTo = (next: FlowView) => {
    setFormError(null);
    setView(next);
    pendingFocus.current = 'view';
  };

  const run = async (task: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const showFieldError = (field: AuthField, message: AuthMessage, formView: 'signup' | 'login') => {
    setErrors({ [field]: message });
    if (field === 'birthday') {
      if (view !== 'birthday') setView('birthday');
    } else if (view !== formView) {
      setView(formView);
    }
    pendingFocus.current = field;
  };

  const applyOutcome = (outcome: AuthErrorOutcome, formView: 'signup' | 'login') => {
    setFormError(outcome.formError ?? null);
    if (outcome.underage) {
      markUnderage();
      setUnderage(true);
    }
    if (outcome.view === 'consents') setConsentRequired(true);
    if (outcome.view) {
      setErrors({});
      goTo(outcome.view);
    } else if (outcome.field) {
      showFieldError(outcome.field.name, outcome.field.message, formView);
    } else {
      setErrors({});
    }
    if (outcome.dialog)
      setDialog({ kind: outcome.dialog, suspensionReason: outcome.suspensionReason });
    if (outcome.toast) {
      showToast(messageString(outcome.toast), {
        durationMs: view === 'consents' ? CONSENT_ERROR_TOAST_MS : ERROR_TOAST_MS,
        tone: 'error',
      });
    }
    if (outcome.captchaStepUp) {
      // auth.md §9 local limit: after three step-ups within an hour, no fourth.
      if (tryCaptchaStepUp(Date.now())) setStepUp(true);
      else setDialog({ kind: 'rateLimited' });
    }
  };

  const authenticated = (user: AuthUser) => {
    rememberIdentity(user);
    goTo('welcome');
    pageLoad.assign(
      afterLoginPath({
        next: config.next,
        isAccountSwitch: config.isAccountSwitch ?? false,
        username: user.username,
      }),
    );
  };

  /** A captcha that cannot be solved (offline, timeout) is reported like any failed request. */
  const tokens = async (): Promise<{ v3: string | undefined; v2: string | undefined }> => ({
    v3: await captcha.take(captchaAction),
    v2: stepUp ? await captcha.take(captchaAction, 'challenge') : undefined,
  });

  const logIn = async (usernameOrEmail: string, formView: 'signup' | 'login') => {
    try {
      const { v3, v2 } = await tokens();
      const result = await logInRequest({
        username_or_email: usernameOrEmail,
        password,
        recaptchaV3Token: v3,
        recaptchaV2Token: v2,
        isAccountSwitch: config.isAccountSwitch ?? false,
      });
      authenticated(result.user);
    } catch (error) {
      prepare(captchaAction);
      applyOutcome(mapAuthError(error, 'login', { minPasswordLength }), formView);
    }
  };

  const register = async (consentState: ConsentState | null) => {
    const check = checkBirthdayInput(birthday, new Date());
    if (!check.ok) {
      showFieldError('birthday', { key: BIRTHDAY_COPY_KEYS[check.failure.copyKey] }, 'signup');
      return;
    }
    try {
      const { v3 } = await tokens();
      const body: RegisterBodyInput = {
        type: 'email',
        email: normalizeEmail(email),
        password,
        birthday: check.birthday,
        recaptchaV3Token: v3,
        container: config.container,
        // The signup context's page is capped by the shared schema; a longer path is still ours.
        page: location.pathname.slice(0, SIGNUP_PAGE_MAX_LENGTH),
        signupSource: config.signupSource,
        ...(consentState ? consentOutput(consentState) : {}),
      };
      const result = await registerRequest(body);
      authenticated(result.user);
    } catch (error) {
      prepare(captchaAction);
      applyOutcome(mapAuthError(error, 'signup', { minPasswordLength }), 'signup');
    }
  };

  // ---- view actions ----

  const continueSignup = () => {
    setFormError(null);
    const trimmed = normalizeEmail(email);
    const emailFailure = validateEmail(trimmed);
    if (emailFailure) {
      showFieldError('email', { key: EMAIL_COPY_KEYS[emailFailure.copyKey] }, 'signup');
      return;
    }
    if (password.length === 0) {
      showFieldError('password', { key: 'validation.password.required' }, 'signup');
      return;
    }
    setErrors({});
    void run(async () => {
      let exists: boolean;
      try {
        exists = await lookupExists(trimmed);
      } catch (error) {
        // auth.md §7: "A bad-email error code uses the server message."
        const bad = error instanceof ApiError && errorCodeName(error.code) === 'AUTH_EMAIL_INVALID';
        if (bad) showFieldError('email', { key: 'validation.email.serverInvalid' }, 'signup');
        else applyOutcome(mapAuthError(error, 'signup', { minPasswordLength }), 'signup');
        return;
      }
      // Exists: try logging in with the password (auth.md §4 step 3). The under-age marker is
      // about creating accounts, so someone who already has one still logs in.
      if (exists) {
        await logIn(trimmed, 'signup');
        return;
      }
      // auth.md §4: while the under-age cookie is 1, Continue ends at the ineligible error, on
      // the birthday step whose input stays disabled.
      if (underage) {
        setErrors({});
        goTo('birthday');
        return;
      }
      let valid = true;
      try {
        valid = await validateOnServer(trimmed);
      } catch {
        // An unavailable check must not block signing up; the register call validates again.
      }
      if (!valid) {
        showFieldError('email', { key: 'validation.email.serverInvalid' }, 'signup');
        return;
      }
      const passwordFailure = validatePassword(password, {
        minLength: minPasswordLength,
        email: trimmed,
      });
      if (passwordFailure) {
        showFieldError(
          'password',
          {
            key: PASSWORD_COPY_KEYS[passwordFailure.copyKey],
            values: { minPasswordLength, maxPasswordLength: PASSWORD_MAX_LENGTH },
          },
          'signup',
        );
        return;
      }
      goTo('birthday');
    });
  };

  const submitLogin = () => {
    setFormError(null);
    const identifier = identity ? identity.username : email.trim();
    if (!identifier) {
      showFieldError('email', { key: 'validation.email.required' }, 'login');
      return;
    }
    if (password.length === 0) {
      showFieldError('password', { key: 'validation.password.required' }, 'login');
      return;
    }
    setErrors({});
    void run(() => logIn(identifier, 'login'));
  };

  const createAccount = () => {
    if (underage) return;
    const check = checkBirthdayInput(birthday, new Date());
    if (!check.ok) {
      if (check.failure.reason === 'under_age') {
        markUnderage();
        setUnderage(true);
        setErrors({});
        goTo('UnderageConfirmation');
        return;
      }
      showFieldError('birthday', { key: BIRTHDAY_COPY_KEYS[check.failure.copyKey] }, 'signup');
      return;
    }
    setErrors({});
    if (consentStepOn && !canContinue(consent)) {
      goTo('consents');
      return;
    }
    void run(() => register(consentStepOn ? consent : null));
  };

  const switchTo = (next: 'signup' | 'login') => {
    setErrors({});
    setPassword('');
    goTo(next);
  };

  const content = (() => {
    switch (view) {
      case 'signup':
        return (
          <SignupView
            headingId={headingId}
            config={config}
            pathname={location.pathname}
            email={email}
            password={password}
            onEmailChange={setEmail}
            onPasswordChange={setPassword}
            errors={errors}
            formError={formError}
            emailFormShown={emailFormShown}
            onShowEmailForm={() => {
              setEmailFormShown(true);
              pendingFocus.current = 'email';
            }}
            onSubmit={continueSignup}
            onSwitchToLogin={() => switchTo('login')}
            emailRef={emailRef}
            passwordRef={passwordRef}
            social={social}
          />
        );
      case 'login':
        return (
          <LoginView
            headingId={headingId}
            config={config}
            identity={identity}
            email={email}
            password={password}
            onEmailChange={setEmail}
            onPasswordChange={setPassword}
            errors={errors}
            formError={formError}
            onSubmit={submitLogin}
            onSwitchToSignup={() => switchTo('signup')}
            onForgetIdentity={() => {
              forgetIdentity();
              setIdentity(null);
              setErrors({});
              pendingFocus.current = 'view';
            }}
            emailRef={emailRef}
            passwordRef={passwordRef}
            social={social}
          />
        );
      case 'birthday':
        return (
          <BirthdayStep
            headingId={headingId}
            birthday={birthday}
            onBirthdayChange={setBirthday}
            error={errors.birthday}
            underage={underage}
            onSubmit={createAccount}
            birthdayRef={birthdayRef}
          />
        );
      case 'consents':
        return (
          <ConsentStep
            headingId={headingId}
            consent={consent}
            onChange={setConsent}
            onNext={() => void run(() => register(consent))}
            onBack={() => goTo('birthday')}
          />
        );
      case 'EmailAlreadyExist':
        return (
          <EmailAlreadyExistView
            headingId={headingId}
            email={email}
            onLogIn={() => switchTo('login')}
          />
        );
      case 'UnderageConfirmation':
        return (
          <UnderageConfirmation
            headingId={headingId}
            birthday={birthday}
            onEdit={() => {
              // auth.md §4: Edit resets the stored age marker and returns to editing.
              clearUnderage();
              setUnderage(false);
              goTo('birthday');
            }}
            onLeave={() => {
              onClose?.();
              void navigate('/');
            }}
          />
        );
      case 'welcome':
        return <WelcomeLoading headingId={headingId} />;
    }
  })();

  return (
    <div ref={containerRef} className="auth" aria-busy={busy}>
      {content}
      {busy ? <LoadingOverlayText /> : null}
      {dialog ? (
        <RecoveryDialogs
          dialog={dialog}
          identifier={identity ? identity.username : email}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}

function LoadingOverlayText() {
  const { t } = useTranslation('auth');
  return <LoadingOverlay label={t('common.loading')} />;
}

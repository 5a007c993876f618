// The auth flow's controller (auth.md §4, §7, §8, §9): runs the requests of each view's action —
// the email checks, login, signup — and their side effects (the under-age and identity cookies,
// toasts, captcha tokens and step-up, leaving the page), and reports every outcome to the pure
// reducer in authFlowState.ts. AuthFlow renders the state with one component per view.
import type { AuthUser } from '@corkboard/shared/auth/api';
import type { FacebookProfileData } from '@corkboard/shared/auth/social-api';
import { CONTROL_GROUP } from '@corkboard/shared/experiments/experiments';
import { normalizeEmail, validateEmail } from '@corkboard/shared/auth/email';
import {
  PASSWORD_MAX_LENGTH,
  passwordMinLength,
  validatePassword,
} from '@corkboard/shared/auth/password';
import type { RegisterBodyInput } from '@corkboard/shared/auth/schemas';
import { validateVerificationCode } from '@corkboard/shared/auth/verification-code';
import { useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { focusPreferred } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { rememberWelcomeBack } from '../session/welcomeBack.ts';
import { pageLoad } from '../session/pageLoad.ts';
import { useAuthMessageString } from './AuthMessageText.tsx';
import { errorCodeName, mapAuthError, type AuthField, type AuthMessage } from './authErrors.ts';
import {
  authFlowReducer,
  initialAuthFlowState,
  type AuthFlowState,
  type FormView,
} from './authFlowState.ts';
import { checkBirthdayInput, inputFromBirthday } from './birthdayInput.ts';
import { tryCaptchaStepUp } from './captchaLimit.ts';
import {
  canContinue,
  consentOutput,
  CONSENT_COUNTRY,
  countryFromLanguage,
  type ConsentState,
} from './consent.ts';
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
import type {
  AuthFlowConfig,
  FlowView,
  PendingSocialSignup,
  SocialProviderName,
} from './flowTypes.ts';
import {
  useAuthProviders,
  useCaptcha,
  useEmailExistsLookup,
  useSsoInfoLookup,
  lookupSsoPopupResult,
  useExperimentExposure,
  useExperiments,
  useLogin,
  useMfaStep,
  useRegister,
  requestFacebookProfile,
  useServerEmailValidation,
  useSocialLogin,
  useSocialRegister,
  type MfaStepRequest,
  type SocialRegisterRequest,
} from './hooks.ts';
import type { FacebookConnectResult } from './facebookSdk.ts';
import { afterLoginPath } from './navigation.ts';
import { isButtonSelection } from './oneTap.ts';
import { finishMfaWithPasskey, logInWithPasskey } from './passkeys.ts';
import { openSsoPopup, SsoPopupError, ssoMainOrigin, ssoSignupTarget } from './ssoPopup.ts';
import { useSsoCheck } from './useSsoCheck.ts';
import type { SsoInfoAnswer } from '@corkboard/shared/auth/social-api';
import { emailFormShownAtOnce } from './titles.ts';
import { CONSENT_ERROR_TOAST_MS, ERROR_TOAST_MS, MFA_CODE_SENT_TOAST_MS } from './timings.ts';

/**
 * The shared schema's SIGNUP_PAGE_MAX_LENGTH, restated: importing a value from schemas.ts would
 * bring zod into the browser bundle. A test keeps the two equal.
 */
export const SIGNUP_PAGE_MAX_LENGTH = 200;

/**
 * auth.md §2: personalized login needs a remembered identity, no account switch, and any
 * container but the bottom-right email upsell.
 */
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

/** A group other than control means "on"; an experiment the answer does not name is off. */
function isOn(group: string | undefined): boolean {
  return group !== undefined && group !== CONTROL_GROUP;
}

/** The e-mail in a SOCIAL_ACCOUNT_NOT_FOUND answer's `data.profile`, if any. */
function profileEmail(profile: unknown): string | null {
  if (typeof profile !== 'object' || profile === null || !('email' in profile)) return null;
  return typeof profile.email === 'string' ? profile.email : null;
}

function initialState(config: AuthFlowConfig): AuthFlowState {
  const identity = personalizedIdentity(config);
  return initialAuthFlowState({
    identity,
    view: initialViewFor(config, identity),
    email: config.initialEmail ?? '',
    emailFormShown: emailFormShownAtOnce(config.container),
    underage: isUnderageMarked(),
  });
}

export function useAuthFlow(config: AuthFlowConfig, onClose: (() => void) | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const showToast = useToast();
  const messageString = useAuthMessageString();
  const [state, dispatch] = useReducer(authFlowReducer, config, initialState);
  const containerRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const birthdayRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);

  const experiments = useExperiments();
  const groups = experiments.data?.groups;
  const minPasswordLength = passwordMinLength(
    groups !== undefined && groups.web_increased_min_password_length !== 'control',
  );
  const inConsentCountry =
    countryFromLanguage(navigator.languages[0] ?? navigator.language) === CONSENT_COUNTRY;
  const consentStepOn =
    state.consentRequired ||
    (groups !== undefined && groups.web_kr_privacy_consent_step !== 'control' && inConsentCountry);
  // Exposures (ADR 120): the password rule decides only on the signup form; the consent step
  // only for visitors in its country.
  useExperimentExposure(
    'web_increased_min_password_length',
    groups !== undefined && state.view === 'signup',
  );
  useExperimentExposure('web_kr_privacy_consent_step', groups !== undefined && inConsentCountry);
  // auth.md §2 "Social buttons" (ADR 136): the two provider-button experiments. AuthFlow reports
  // their exposure where the buttons are decided.
  const socialExperiments = {
    // The buttons wait for the groups (no button that vanishes a moment later); a failed
    // request leaves everyone in control.
    decided: groups !== undefined || experiments.isError,
    hideFacebookSignup: isOn(groups?.web_hide_facebook_signup),
    googleDisabled: isOn(groups?.web_disabled_google_sign_in),
  };

  const captcha = useCaptcha();
  const captchaAction = config.isAccountSwitch ? 'web_auth' : 'web_unauth';
  const { prepare } = captcha;
  useEffect(() => {
    prepare(captchaAction);
  }, [prepare, captchaAction]);

  const lookupExists = useEmailExistsLookup();
  const validateOnServer = useServerEmailValidation();
  const logInRequest = useLogin();
  const mfaStepRequest = useMfaStep();
  const registerRequest = useRegister();
  const socialLoginRequest = useSocialLogin();
  const socialRegisterRequest = useSocialRegister();

  // auth.md §4 "SSO" (ADR 157): the debounced check of the typed e-mail, on the forms that have
  // an e-mail field, while the server offers SSO.
  const ssoOffered = useAuthProviders().data?.sso.enabled === true;
  const ssoLookup = useSsoInfoLookup();
  const sso = useSsoCheck(
    state.email,
    ssoOffered &&
      ((state.view === 'signup' && state.emailFormShown) ||
        (state.view === 'login' && state.identity === null)),
  );

  // Moves focus once the render that needs it is on screen (aria-describedby then already
  // points at the new error text).
  useEffect(() => {
    const target = state.focus;
    if (!target) return;
    dispatch({ type: 'focused' });
    const refs = { email: emailRef, password: passwordRef, birthday: birthdayRef, code: codeRef };
    if (target === 'view') {
      if (containerRef.current) focusPreferred(containerRef.current);
    } else {
      refs[target].current?.focus();
    }
  }, [state.focus]);

  const run = async (task: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    dispatch({ type: 'busyChanged', busy: true });
    try {
      await task();
    } finally {
      busyRef.current = false;
      dispatch({ type: 'busyChanged', busy: false });
    }
  };

  /** A client-side check failed: the field says why (auth.md §7). */
  const fieldFailed = (field: AuthField, message: AuthMessage, formView: FormView) =>
    dispatch({ type: 'fieldFailed', field, message, formView });

  /** A failed request: its outcome, and the side effects the reducer cannot have. */
  const fail = (error: unknown, flow: 'login' | 'signup', formView: FormView) => {
    const outcome = mapAuthError(error, flow, { minPasswordLength });
    if (outcome.underage) markUnderage();
    const stepUpAllowed = outcome.captchaStepUp === true && tryCaptchaStepUp(Date.now());
    dispatch({ type: 'failed', outcome, formView, stepUpAllowed });
    if (outcome.toast) {
      showToast(messageString(outcome.toast), {
        durationMs: state.view === 'consents' ? CONSENT_ERROR_TOAST_MS : ERROR_TOAST_MS,
        tone: 'error',
      });
    }
  };

  const authenticated = (user: AuthUser, reactivated = false) => {
    rememberIdentity(user);
    // A deactivated account just came back (within the 28 days): the next page says so (ADR 164).
    if (reactivated) rememberWelcomeBack(user.first_name || user.username);
    dispatch({ type: 'authenticated' });
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
    v2: state.stepUp ? await captcha.take(captchaAction, 'challenge') : undefined,
  });

  const logIn = async (usernameOrEmail: string, formView: 'signup' | 'login') => {
    try {
      const { v3, v2 } = await tokens();
      const result = await logInRequest({
        username_or_email: usernameOrEmail,
        password: state.password,
        recaptchaV3Token: v3,
        recaptchaV2Token: v2,
        isAccountSwitch: config.isAccountSwitch ?? false,
      });
      authenticated(result.user, result.reactivated);
    } catch (error) {
      prepare(captchaAction);
      fail(error, 'login', formView);
    }
  };

  /**
   * The loginMfa step (ADR 189): the code or 'resend the code' for the pending log-in the server
   * opened at the first step — never the first factor again (an SSO code or an ID token is spent).
   */
  const mfaStep = async (mfa: MfaStepRequest) => {
    try {
      const result = await mfaStepRequest(mfa);
      authenticated(result.user, result.reactivated);
    } catch (error) {
      // auth.md §2: 'resend the code' answers "code required" again, with a new code sent.
      const resent =
        mfa.mfa_resend === true &&
        error instanceof ApiError &&
        errorCodeName(error.code) === 'AUTH_MFA_REQUIRED' &&
        error.data?.['code_sent'] === true;
      if (resent) {
        showToast(messageString({ key: 'mfa.resent' }), { durationMs: MFA_CODE_SENT_TOAST_MS });
      }
      fail(error, 'login', 'login');
    }
  };

  const register = async (consentState: ConsentState | null) => {
    const check = checkBirthdayInput(state.birthday, new Date());
    if (!check.ok) {
      fieldFailed('birthday', { key: BIRTHDAY_COPY_KEYS[check.failure.copyKey] }, 'signup');
      return;
    }
    if (state.social) {
      await registerSocial(state.social, check.birthday, consentState);
      return;
    }
    try {
      const { v3 } = await tokens();
      const body: RegisterBodyInput = {
        type: 'email',
        email: normalizeEmail(state.email),
        password: state.password,
        birthday: check.birthday,
        recaptchaV3Token: v3,
        container: config.container,
        // The signup context's page is capped by the shared schema; a longer path is still ours.
        page: location.pathname.slice(0, SIGNUP_PAGE_MAX_LENGTH),
        signupSource: config.signupSource,
        ...(consentState ? consentOutput(consentState) : {}),
      };
      const result = await registerRequest(body);
      authenticated(result.user, result.reactivated);
    } catch (error) {
      prepare(captchaAction);
      fail(error, 'signup', 'signup');
    }
  };

  /** auth.md §4 "Social signup": after the birthday step, register with the provider's token. */
  const registerSocial = async (
    social: PendingSocialSignup,
    birthday: number,
    consentState: ConsentState | null,
  ) => {
    try {
      const { v3 } = await tokens();
      const credential: SocialRegisterRequest =
        social.type === 'facebook'
          ? {
              type: 'facebook',
              facebook_token: social.token,
              facebook_id: social.facebookId,
              gender: social.gender ?? undefined,
              birthday,
              email: social.needsEmail ? normalizeEmail(state.email) : undefined,
            }
          : social.type === 'line'
            ? {
                type: 'line',
                line_id_token: social.token,
                birthday,
                // LINE's own address wins on the server; this one counts only without it.
                email: state.email ? normalizeEmail(state.email) : undefined,
              }
            : { type: social.type, google_open_id_token: social.token, birthday };
      const result = await socialRegisterRequest({
        ...credential,
        recaptchaV3Token: v3,
        container: config.container,
        page: location.pathname.slice(0, SIGNUP_PAGE_MAX_LENGTH),
        signupSource: config.signupSource,
        ...(consentState ? consentOutput(consentState) : {}),
      });
      authenticated(result.user, result.reactivated);
    } catch (error) {
      prepare(captchaAction);
      const provider =
        social.type === 'facebook' || social.type === 'line' ? social.type : 'google';
      if (socialUnavailable(error, provider)) return;
      fail(error, 'signup', 'signup');
    }
  };

  /** The provider is down or not configured: 'Oops! Google isn't available' (auth.md §2). */
  const socialUnavailable = (error: unknown, provider: SocialProviderName): boolean => {
    if (!(error instanceof ApiError)) return false;
    if (errorCodeName(error.code) !== 'SOCIAL_PROVIDER_UNAVAILABLE') return false;
    dispatch({ type: 'socialUnavailable', provider });
    return true;
  };

  /**
   * The Google button's credential (auth.md §7 "Google one-tap or button callback … followed by
   * a login with google_open_id_token"). No account yet: the birthday step, then the signup; an
   * account with that e-mail that Google is not connected to: 'prevent Google register'.
   */
  const googleCredential = (credential: string, selectBy: string | undefined) =>
    void run(async () => {
      dispatch({ type: 'submitted' });
      const formView = state.view === 'login' ? 'login' : 'signup';
      try {
        const { v3 } = await tokens();
        const result = await socialLoginRequest({
          google_open_id_token: credential,
          // auth.md §3 login method google_one_tap (code 4) for a one-tap credential (ADR 167).
          login_method: isButtonSelection(selectBy) ? 'google' : 'google_one_tap',
          select_by: selectBy,
          recaptchaV3Token: v3,
          isAccountSwitch: config.isAccountSwitch ?? false,
        });
        authenticated(result.user, result.reactivated);
      } catch (error) {
        prepare(captchaAction);
        if (socialUnavailable(error, 'google')) return;
        const notFound =
          error instanceof ApiError && errorCodeName(error.code) === 'SOCIAL_ACCOUNT_NOT_FOUND';
        if (!notFound) {
          fail(error, 'login', formView);
          return;
        }
        const email = profileEmail(error.data?.['profile']);
        if (error.data?.['email_taken'] === true) {
          // That e-mail has an account Google is not connected to: reset its password instead.
          if (email) dispatch({ type: 'edited', field: 'email', value: email });
          dispatch({
            type: 'failed',
            outcome: { dialog: 'preventGoogleRegister' },
            formView,
            stepUpAllowed: false,
          });
          return;
        }
        dispatch({
          type: 'socialSignupStarted',
          social: {
            type: isButtonSelection(selectBy) ? 'google' : 'google_one_tap',
            token: credential,
          },
          email,
        });
      }
    });

  /**
   * A Facebook sign-up for a verified token (auth.md §4 "First social provider login flow"):
   * no e-mail → ask again for the e-mail permission (once), then the EmailCollection step; no
   * whole birthday (or the consent step on) → the birthday step; else register at once.
   */
  const startFacebookSignup = async (
    accessToken: string,
    facebookId: string,
    grantedScopes: string[] | null,
    known: FacebookProfileData | null,
  ) => {
    let profile = known;
    if (!profile) {
      try {
        profile = await requestFacebookProfile(accessToken);
      } catch (error) {
        if (socialUnavailable(error, 'facebook')) return;
        dispatch({ type: 'socialFailed', message: { key: 'social.facebook.failed' } });
        return;
      }
    }
    const emailDeclined = grantedScopes === null || !grantedScopes.includes('email');
    if (!profile.email && emailDeclined && !state.facebookRerequest) {
      dispatch({
        type: 'socialFailed',
        message: { key: 'social.facebook.emailNeeded' },
        rerequest: true,
      });
      return;
    }
    const social = {
      type: 'facebook' as const,
      token: accessToken,
      facebookId,
      gender: profile.gender,
      birthday: profile.birthday,
      needsEmail: !profile.email,
    };
    const birthdayInput =
      profile.birthday === null ? undefined : inputFromBirthday(profile.birthday);
    if (social.needsEmail) {
      dispatch({
        type: 'socialSignupStarted',
        social,
        email: null,
        view: 'EmailCollection',
        birthday: birthdayInput,
      });
      return;
    }
    if (social.birthday === null || consentStepOn) {
      dispatch({
        type: 'socialSignupStarted',
        social,
        email: profile.email,
        birthday: birthdayInput,
      });
      return;
    }
    dispatch({ type: 'edited', field: 'email', value: profile.email ?? '' });
    await registerSocial(social, social.birthday, null);
  };

  /** The Facebook button's outcome: a token to log in with, or why there is none (auth.md §8). */
  const facebookResult = (result: FacebookConnectResult) => {
    dispatch({ type: 'submitted' });
    if (!result.ok) {
      const key =
        result.reason === 'popups' ? 'social.facebook.popups' : 'social.facebook.authorize';
      dispatch({ type: 'socialFailed', message: { key }, rerequest: state.facebookRerequest });
      return;
    }
    void run(async () => {
      const formView = state.view === 'login' ? 'login' : 'signup';
      let profile: FacebookProfileData | null = null;
      try {
        let facebookId = result.userId;
        if (!facebookId) {
          // The manual pop-up answers only the token: the verified profile names the person.
          profile = await requestFacebookProfile(result.accessToken);
          facebookId = profile.id;
        }
        const { v3 } = await tokens();
        const session = await socialLoginRequest({
          facebook_id: facebookId,
          facebook_token: result.accessToken,
          recaptchaV3Token: v3,
          isAccountSwitch: config.isAccountSwitch ?? false,
        });
        authenticated(session.user, session.reactivated);
      } catch (error) {
        prepare(captchaAction);
        if (socialUnavailable(error, 'facebook')) return;
        const name = error instanceof ApiError ? errorCodeName(error.code) : undefined;
        if (name === 'SOCIAL_TOKEN_INVALID' || name === 'SOCIAL_TOKEN_EXPIRED') {
          dispatch({ type: 'socialFailed', message: null, banner: 'cantConnect' });
          return;
        }
        if (!(error instanceof ApiError) || name !== 'SOCIAL_ACCOUNT_NOT_FOUND') {
          fail(error, 'login', formView);
          return;
        }
        const email = profileEmail(error.data?.['profile']);
        if (error.data?.['email_taken'] === true) {
          if (email) dispatch({ type: 'edited', field: 'email', value: email });
          dispatch({
            type: 'failed',
            outcome: { dialog: 'preventFacebookRegister' },
            formView,
            stepUpAllowed: false,
          });
          return;
        }
        // auth.md §4: "hide this provider's signup if removed by experiment".
        if (socialExperiments.hideFacebookSignup) {
          dispatch({ type: 'socialFailed', message: null, banner: 'newUsers' });
          return;
        }
        const facebookId = result.userId ?? profile?.id;
        if (!facebookId) return;
        await startFacebookSignup(result.accessToken, facebookId, result.grantedScopes, profile);
      }
    });
  };

  /**
   * LINE's ID token from the server's pop-up (auth.md §3 `line_id_token`; ADR 137): logged in,
   * or — no account yet — the birthday step, then the sign-up with type line.
   */
  const lineCredential = (credential: string) =>
    void run(async () => {
      dispatch({ type: 'submitted' });
      const formView = state.view === 'login' ? 'login' : 'signup';
      try {
        const { v3 } = await tokens();
        const result = await socialLoginRequest({
          line_id_token: credential,
          recaptchaV3Token: v3,
          isAccountSwitch: config.isAccountSwitch ?? false,
        });
        authenticated(result.user, result.reactivated);
      } catch (error) {
        prepare(captchaAction);
        if (socialUnavailable(error, 'line')) return;
        const notFound =
          error instanceof ApiError && errorCodeName(error.code) === 'SOCIAL_ACCOUNT_NOT_FOUND';
        if (!notFound) {
          fail(error, 'login', formView);
          return;
        }
        // No e-mail from LINE: EmailCollection first (auth.md §2), then the birthday step.
        const email = profileEmail(error.data?.['profile']);
        if (error.data?.['email_taken'] === true) {
          // As for Google and Facebook (auth.md §2 "prevent … register"): that e-mail has an
          // account LINE is not connected to; reset its password instead (ADR 163).
          if (email) dispatch({ type: 'edited', field: 'email', value: email });
          dispatch({
            type: 'failed',
            outcome: { dialog: 'preventLineRegister' },
            formView,
            stepUpAllowed: false,
          });
          return;
        }
        dispatch({
          type: 'socialSignupStarted',
          social: { type: 'line', token: credential },
          email,
          view: email ? 'birthday' : 'EmailCollection',
        });
      }
    });

  /** EmailCollection's Continue (auth.md §2, §5 'Email is required'). */
  const continueEmailCollection = () => {
    dispatch({ type: 'submitted' });
    const trimmed = normalizeEmail(state.email);
    if (trimmed === '') {
      fieldFailed('email', { key: 'emailCollection.required' }, 'EmailCollection');
      return;
    }
    const emailFailure = validateEmail(trimmed);
    if (emailFailure) {
      fieldFailed('email', { key: EMAIL_COPY_KEYS[emailFailure.copyKey] }, 'EmailCollection');
      return;
    }
    const social = state.social;
    if (!social) return;
    if (social.type === 'facebook' && social.birthday !== null && !consentStepOn) {
      const birthday = social.birthday;
      void run(() => registerSocial(social, birthday, null));
      return;
    }
    dispatch({ type: 'viewOpened', view: 'birthday' });
  };

  /**
   * auth.md §4 "SSO": a new SSO user goes to the business SSO sign-up (on the main origin); an
   * existing one logs in through the 600×600 pop-up with sso_user_email + sso_auth_code. Called
   * inside the click when the answer is already known, so the pop-up is not blocked; answers the
   * log-in still to run (after the pop-up), or null when the page moved on.
   */
  const goSso = (
    info: SsoInfoAnswer,
    email: string,
    formView: 'signup' | 'login',
  ): (() => Promise<void>) | null => {
    const mainOrigin = ssoMainOrigin(info);
    if (!info.existing_user) {
      const target = ssoSignupTarget(email, mainOrigin, window.location.origin);
      if (target.kind === 'redirect') {
        pageLoad.assign(target.url);
        return null;
      }
      onClose?.();
      void navigate(target.path);
      return null;
    }
    if (mainOrigin !== null && mainOrigin !== window.location.origin) {
      // The flow cookie and the callback's message belong to the main origin: log in there.
      pageLoad.assign(`${mainOrigin}/login/`);
      return null;
    }
    const popup = openSsoPopup(
      info.authorization_uri ?? '',
      mainOrigin ? [mainOrigin] : [],
      lookupSsoPopupResult,
    );
    return async () => {
      let code: string;
      try {
        ({ code } = await popup.result);
      } catch (error) {
        const key =
          error instanceof SsoPopupError && error.reason !== 'window' && error.reason !== 'closed'
            ? 'sso.noTokens'
            : 'sso.windowUndefined';
        dispatch({
          type: 'failed',
          outcome: { formError: { key } },
          formView,
          stepUpAllowed: false,
        });
        return;
      }
      try {
        const { v3 } = await tokens();
        const result = await socialLoginRequest({
          sso_user_email: email,
          sso_auth_code: code,
          recaptchaV3Token: v3,
          isAccountSwitch: config.isAccountSwitch ?? false,
        });
        authenticated(result.user);
      } catch (error) {
        prepare(captchaAction);
        fail(error, 'login', formView);
      }
    };
  };

  // ---- what each view's controls do ----

  /** Signup's Continue (auth.md §4 "Email flow"). */
  const continueSignup = () => {
    dispatch({ type: 'submitted' });
    const trimmed = normalizeEmail(state.email);
    const emailFailure = validateEmail(trimmed);
    if (emailFailure) {
      fieldFailed('email', { key: EMAIL_COPY_KEYS[emailFailure.copyKey] }, 'signup');
      return;
    }
    if (sso) {
      const login = goSso(sso, trimmed, 'signup');
      if (login) void run(login);
      return;
    }
    if (state.password.length === 0) {
      fieldFailed('password', { key: 'validation.password.required' }, 'signup');
      return;
    }
    void run(async () => {
      // auth.md §4 step 2: an SSO domain goes through SSO, also when the debounced check had
      // not answered yet.
      if (ssoOffered) {
        const info = await ssoLookup(trimmed);
        if (info.is_sso) {
          await goSso(info, trimmed, 'signup')?.();
          return;
        }
      }
      let exists: boolean;
      try {
        exists = await lookupExists(trimmed);
      } catch (error) {
        // auth.md §7: "A bad-email error code uses the server message."
        const bad = error instanceof ApiError && errorCodeName(error.code) === 'AUTH_EMAIL_INVALID';
        if (bad) {
          fieldFailed('email', { key: 'validation.email.serverInvalid' }, 'signup');
        } else fail(error, 'signup', 'signup');
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
      if (state.underage) {
        dispatch({ type: 'errorsCleared' });
        dispatch({ type: 'viewOpened', view: 'birthday' });
        return;
      }
      let valid = true;
      try {
        valid = await validateOnServer(trimmed);
      } catch {
        // An unavailable check must not block signing up; the register call validates again.
      }
      if (!valid) {
        fieldFailed('email', { key: 'validation.email.serverInvalid' }, 'signup');
        return;
      }
      const passwordFailure = validatePassword(state.password, {
        minLength: minPasswordLength,
        email: trimmed,
      });
      if (passwordFailure) {
        fieldFailed(
          'password',
          {
            key: PASSWORD_COPY_KEYS[passwordFailure.copyKey],
            values: { minPasswordLength, maxPasswordLength: PASSWORD_MAX_LENGTH },
          },
          'signup',
        );
        return;
      }
      dispatch({ type: 'viewOpened', view: 'birthday' });
    });
  };

  /** Login's Log in. */
  const submitLogin = () => {
    dispatch({ type: 'submitted' });
    const identifier = state.identity ? state.identity.username : state.email.trim();
    if (!identifier) {
      fieldFailed('email', { key: 'validation.email.required' }, 'login');
      return;
    }
    if (sso && !state.identity) {
      const login = goSso(sso, normalizeEmail(identifier), 'login');
      if (login) void run(login);
      return;
    }
    if (state.password.length === 0) {
      fieldFailed('password', { key: 'validation.password.required' }, 'login');
      return;
    }
    void run(() => logIn(identifier, 'login'));
  };

  /** The loginMfa step's Continue: the code for the pending log-in (auth.md §3 mfa_token). */
  const submitMfaCode = () => {
    dispatch({ type: 'submitted' });
    const failure = validateVerificationCode(state.code);
    if (failure) {
      const key =
        failure.reason === 'required'
          ? 'validation.verificationCode.required'
          : 'validation.verificationCode.invalid';
      fieldFailed('code', { key }, 'login');
      return;
    }
    const code = state.code.replace(/\s+/g, '');
    void run(() => mfaStep({ mfa_token: code }));
  };

  /** The loginMfa step's 'resend the code' (auth.md §3 mfa_resend). */
  const resendMfaCode = () => {
    dispatch({ type: 'submitted' });
    void run(() => mfaStep({ mfa_resend: true }));
  };

  /** A passkey prompt that ended without a server answer: closed, timed out or refused. */
  const passkeyPromptFailed = () =>
    dispatch({
      type: 'failed',
      outcome: { formError: { key: 'passkey.cancelled' } },
      formView: 'login',
      stepUpAllowed: false,
    });

  /**
   * 'Use a passkey' (ADR 166). The autofill request waits in the background until the
   * person picks a passkey from the e-mail field, so it does not hold the busy state; when it is
   * replaced by the button's prompt or the view closes it ends quietly.
   */
  const logInWithPasskeyNow = (autofill: boolean) => {
    const attempt = async () => {
      try {
        const result = await logInWithPasskey({
          isAccountSwitch: config.isAccountSwitch ?? false,
          autofill,
        });
        authenticated(result.user);
      } catch (error) {
        if (error instanceof ApiError) fail(error, 'login', 'login');
        else if (!autofill) passkeyPromptFailed();
      }
    };
    if (autofill) void attempt();
    else void run(attempt);
  };

  /** The loginMfa step's 'Use a passkey' (ADR 166): finishes the pending log-in with it. */
  const submitMfaPasskey = () => {
    dispatch({ type: 'submitted' });
    void run(async () => {
      try {
        const result = await finishMfaWithPasskey(undefined);
        authenticated(result.user);
      } catch (error) {
        if (error instanceof ApiError) fail(error, 'login', 'login');
        else passkeyPromptFailed();
      }
    });
  };

  /** The birthday step's Create account (auth.md §4 "Under-age", §2 "Consent step"). */
  const createAccount = () => {
    if (state.underage) return;
    const check = checkBirthdayInput(state.birthday, new Date());
    if (!check.ok) {
      if (check.failure.reason === 'under_age') {
        markUnderage();
        dispatch({ type: 'underageFound' });
        return;
      }
      fieldFailed('birthday', { key: BIRTHDAY_COPY_KEYS[check.failure.copyKey] }, 'signup');
      return;
    }
    dispatch({ type: 'errorsCleared' });
    if (consentStepOn && !canContinue(state.consent)) {
      dispatch({ type: 'viewOpened', view: 'consents' });
      return;
    }
    void run(() => register(consentStepOn ? state.consent : null));
  };

  const actions = {
    edit: (field: 'email' | 'password' | 'birthday' | 'code', value: string) =>
      dispatch({ type: 'edited', field, value }),
    changeConsent: (consent: ConsentState) => dispatch({ type: 'consentChanged', consent }),
    showEmailForm: () => dispatch({ type: 'emailFormOpened' }),
    switchTo: (view: 'signup' | 'login') => dispatch({ type: 'switched', view }),
    openView: (view: FlowView) => dispatch({ type: 'viewOpened', view }),
    continueSignup,
    submitLogin,
    submitMfaCode,
    resendMfaCode,
    logInWithPasskey: logInWithPasskeyNow,
    submitMfaPasskey,
    createAccount,
    /** The consent step's Next. */
    submitConsent: () => void run(() => register(state.consent)),
    forgetIdentity: () => {
      forgetIdentity();
      dispatch({ type: 'identityForgotten' });
    },
    /** auth.md §4: Edit resets the stored age marker and returns to editing. */
    editUnderage: () => {
      clearUnderage();
      dispatch({ type: 'underageCleared' });
    },
    /** After the under-age confirmation: the modal closes and the page goes home. */
    leave: () => {
      onClose?.();
      void navigate('/');
    },
    closeDialog: () => dispatch({ type: 'dialogClosed' }),
    googleCredential,
    facebookResult,
    lineCredential,
    /** A sign-in pop-up the browser blocked: 'You must enable popups!' (auth.md §8). */
    popupBlocked: () =>
      dispatch({ type: 'socialFailed', message: { key: 'social.facebook.popups' } }),
    continueEmailCollection,
    /** EmailCollection's 'Not now': back to signup, the e-mail kept (auth.md §4). */
    skipEmailCollection: () => dispatch({ type: 'switched', view: 'signup' }),
    showSocialUnavailable: (provider: SocialProviderName) =>
      dispatch({ type: 'socialUnavailable', provider }),
    closeSocialUnavailable: () => dispatch({ type: 'socialUnavailableClosed' }),
  };
  return {
    state,
    actions,
    /** The typed e-mail signs in with SSO: 'Continue with SSO', no password (auth.md §4). */
    ssoActive: sso !== null,
    socialExperiments,
    containerRef,
    emailRef,
    passwordRef,
    birthdayRef,
    codeRef,
  };
}

/** What the views' controls do. */
export type AuthFlowActions = ReturnType<typeof useAuthFlow>['actions'];

// The auth flow's state (auth.md §4 "Modal views", "Email flow", "Under-age", "Login errors") as a
// pure reducer: which view shows, what the person typed, the errors, the dialog, and where focus
// goes next. useAuthFlow runs the requests and the side effects (cookies, toasts, captcha,
// leaving the page) and reports them here; the views only display and report.
import type { AuthErrorOutcome, AuthField, AuthMessage } from './authErrors.ts';
import { NO_CONSENT, type ConsentState } from './consent.ts';
import type { RememberedIdentity } from './cookies.ts';
import type {
  FieldErrors,
  FlowView,
  PendingSocialSignup,
  SocialProviderName,
} from './flowTypes.ts';
import type { RecoveryDialogState } from './recoveryDialogs.ts';

/** Where keyboard focus moves after the next render: a field with a new error, or the view. */
export type FocusTarget = AuthField | 'view';

export interface AuthFlowState {
  /** The remembered person the login view is personalised for (auth.md §2), if any. */
  readonly identity: RememberedIdentity | null;
  readonly view: FlowView;
  readonly email: string;
  readonly password: string;
  /** As typed in the date input (YYYY-MM-DD), or ''. */
  readonly birthday: string;
  /** The loginMfa step's verification code, as typed. */
  readonly code: string;
  /** The pending two-factor log-in (auth.md §2 loginMfa), or null. */
  readonly mfa: { readonly phoneNumberEnd: string | null; readonly passkey: boolean } | null;
  readonly errors: FieldErrors;
  /** Shown above the submit button. */
  readonly formError: AuthMessage | null;
  readonly consent: ConsentState;
  /** The server asked for the consent step (AUTH_CONSENT_REQUIRED). */
  readonly consentRequired: boolean;
  readonly dialog: RecoveryDialogState | null;
  /** The next login sends the harder (challenge) captcha too (auth.md §8). */
  readonly stepUp: boolean;
  /** A request runs: the overlay shows and nothing else starts. */
  readonly busy: boolean;
  /** The signup view's email form is open (else only its 'Continue with email' button). */
  readonly emailFormShown: boolean;
  /** The under-age marker is set (auth.md §4). */
  readonly underage: boolean;
  readonly focus: FocusTarget | null;
  /** A social signup waiting for its birthday (the birthday view registers it). */
  readonly social: PendingSocialSignup | null;
  /** 'Oops! Google isn't available' is open. */
  readonly unavailable: SocialProviderName | null;
  /** Under the social buttons: why the last social attempt failed (auth.md §8, ADR 135). */
  readonly socialMessage: AuthMessage | null;
  /** auth.md §8 "A banner has two variants" (ADR 135). */
  readonly facebookBanner: FacebookBanner | null;
  /** The next Facebook click asks again for the declined e-mail permission (auth.md §4). */
  readonly facebookRerequest: boolean;
}

export type FacebookBanner = 'cantConnect' | 'newUsers';

/** The views whose fields a failure may point at (the e-mail is also on EmailCollection). */
export type FormView = 'signup' | 'login' | 'EmailCollection';

export interface InitialAuthFlow {
  readonly identity: RememberedIdentity | null;
  readonly view: FlowView;
  readonly email: string;
  readonly emailFormShown: boolean;
  readonly underage: boolean;
}

export function initialAuthFlowState(initial: InitialAuthFlow): AuthFlowState {
  return {
    ...initial,
    password: '',
    birthday: '',
    code: '',
    mfa: null,
    errors: {},
    formError: null,
    consent: NO_CONSENT,
    consentRequired: false,
    dialog: null,
    stepUp: false,
    busy: false,
    focus: null,
    social: null,
    unavailable: null,
    socialMessage: null,
    facebookBanner: null,
    facebookRerequest: false,
  };
}

export type AuthFlowAction =
  | { readonly type: 'edited'; readonly field: AuthField; readonly value: string }
  | { readonly type: 'consentChanged'; readonly consent: ConsentState }
  | { readonly type: 'emailFormOpened' }
  /** A view's own action moves on (to the birthday, the consent step, back…). */
  | { readonly type: 'viewOpened'; readonly view: FlowView }
  /** Signup ↔ login: errors and the password go, the email stays. */
  | { readonly type: 'switched'; readonly view: 'signup' | 'login' }
  /** A client-side check failed: the field says why, on the view that has the field. */
  | {
      readonly type: 'fieldFailed';
      readonly field: AuthField;
      readonly message: AuthMessage;
      readonly formView: FormView;
    }
  /** A submit starts: the previous answer's messages go. */
  | { readonly type: 'submitted' }
  /** The fields' errors go (the form error stays). */
  | { readonly type: 'errorsCleared' }
  | { readonly type: 'busyChanged'; readonly busy: boolean }
  /**
   * A request failed: mapAuthError's outcome. `stepUpAllowed` is whether the captcha local limit
   * allows another step-up (asked only when the outcome wants one).
   */
  | {
      readonly type: 'failed';
      readonly outcome: AuthErrorOutcome;
      readonly formView: FormView;
      readonly stepUpAllowed: boolean;
    }
  /** A client-side under-age birthday (auth.md §4): the marker is set, the confirmation shows. */
  | { readonly type: 'underageFound' }
  /** Edit on the under-age confirmation: the marker is cleared, back to the birthday. */
  | { readonly type: 'underageCleared' }
  /** 'Not you?' on the personalised login. */
  | { readonly type: 'identityForgotten' }
  | { readonly type: 'dialogClosed' }
  | { readonly type: 'authenticated' }
  /**
   * A social login found no account (auth.md §4): the birthday step opens for the social signup,
   * with the provider's e-mail (for EmailAlreadyExist, should the signup find it taken).
   */
  | {
      readonly type: 'socialSignupStarted';
      readonly social: PendingSocialSignup;
      /** The step to open: the birthday (default) or, without an e-mail, EmailCollection. */
      readonly view?: 'birthday' | 'EmailCollection' | undefined;
      /** The birthday input's value to start with (`YYYY-MM-DD`). */
      readonly birthday?: string | undefined;
      readonly email: string | null;
    }
  | { readonly type: 'socialUnavailable'; readonly provider: SocialProviderName }
  | { readonly type: 'socialUnavailableClosed' }
  /** A social attempt failed before or outside a form (ADR 135). */
  | {
      readonly type: 'socialFailed';
      readonly message: AuthMessage | null;
      readonly banner?: FacebookBanner | undefined;
      readonly rerequest?: boolean | undefined;
    }
  | { readonly type: 'focused' };

function openView(state: AuthFlowState, view: FlowView): AuthFlowState {
  return { ...state, formError: null, view, focus: 'view' };
}

function fieldFailed(
  state: AuthFlowState,
  field: AuthField,
  message: AuthMessage,
  formView: FormView,
): AuthFlowState {
  return {
    ...state,
    errors: { [field]: message },
    view: field === 'birthday' ? 'birthday' : field === 'code' ? 'loginMfa' : formView,
    focus: field,
  };
}

function failed(
  state: AuthFlowState,
  action: Extract<AuthFlowAction, { type: 'failed' }>,
): AuthFlowState {
  const { outcome } = action;
  let next: AuthFlowState = {
    ...state,
    formError: outcome.formError ?? null,
    underage: state.underage || outcome.underage === true,
    consentRequired: state.consentRequired || outcome.view === 'consents',
    ...(outcome.mfa ? { mfa: outcome.mfa, code: state.view === 'loginMfa' ? state.code : '' } : {}),
  };
  // Already on the code step (a resend answers AUTH_MFA_REQUIRED again): stay, keep focus.
  if (outcome.view === 'loginMfa' && state.view === 'loginMfa') next = { ...next, errors: {} };
  else if (outcome.view) next = openView({ ...next, errors: {} }, outcome.view);
  else if (outcome.field) {
    next = fieldFailed(next, outcome.field.name, outcome.field.message, action.formView);
  } else next = { ...next, errors: {} };
  if (outcome.dialog) {
    next = {
      ...next,
      dialog: { kind: outcome.dialog, suspensionReason: outcome.suspensionReason },
    };
  }
  if (outcome.captchaStepUp) {
    // auth.md §9 local limit: after three step-ups within an hour, no fourth.
    next = action.stepUpAllowed
      ? { ...next, stepUp: true }
      : { ...next, dialog: { kind: 'rateLimited' } };
  }
  return next;
}

export function authFlowReducer(state: AuthFlowState, action: AuthFlowAction): AuthFlowState {
  switch (action.type) {
    case 'edited':
      return { ...state, [action.field]: action.value };
    case 'consentChanged':
      return { ...state, consent: action.consent };
    case 'emailFormOpened':
      return { ...state, emailFormShown: true, focus: 'email' };
    case 'viewOpened':
      return openView(state, action.view);
    case 'switched':
      return openView(
        { ...state, errors: {}, password: '', code: '', mfa: null, social: null },
        action.view,
      );
    case 'fieldFailed':
      return fieldFailed(state, action.field, action.message, action.formView);
    case 'submitted':
      return { ...state, formError: null, errors: {}, socialMessage: null, facebookBanner: null };
    case 'errorsCleared':
      return { ...state, errors: {} };
    case 'busyChanged':
      return { ...state, busy: action.busy };
    case 'failed':
      return failed(state, action);
    case 'underageFound':
      return openView({ ...state, underage: true, errors: {} }, 'UnderageConfirmation');
    case 'underageCleared':
      return openView({ ...state, underage: false }, 'birthday');
    case 'identityForgotten':
      return { ...state, identity: null, errors: {}, focus: 'view' };
    case 'dialogClosed':
      return { ...state, dialog: null };
    case 'authenticated':
      return openView(state, 'welcome');
    case 'socialSignupStarted':
      return openView(
        {
          ...state,
          social: action.social,
          email: action.email ?? state.email,
          birthday: action.birthday ?? state.birthday,
          errors: {},
        },
        action.view ?? 'birthday',
      );
    case 'socialUnavailable':
      return { ...state, unavailable: action.provider };
    case 'socialUnavailableClosed':
      return { ...state, unavailable: null, focus: 'view' };
    case 'socialFailed':
      return {
        ...state,
        socialMessage: action.message,
        facebookBanner: action.banner ?? null,
        facebookRerequest: action.rerequest ?? false,
      };
    case 'focused':
      return state.focus === null ? state : { ...state, focus: null };
  }
}

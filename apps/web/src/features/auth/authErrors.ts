// What an auth request's failure does to the form (auth.md §8): which field shows which
// sentence, which recovery dialog or view opens, whether the captcha steps up. One pure function
// over the registry code, so every code has one tested answer and the views only apply it.
import { PASSWORD_MAX_LENGTH } from '@corkboard/shared/auth/password';
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { ApiError, NETWORK_ERROR_CODE } from '../../api/client.ts';
import type { AuthKey } from './authCatalogue.ts';
import {
  suspensionReasonOf,
  type RecoveryDialogKind,
  type SuspensionReason,
} from './recoveryDialogs.ts';

/** A key of the auth catalogue with its values, or text the server wrote. */
export type AuthMessage =
  { key: AuthKey; values?: Record<string, string | number> } | { text: string };

export type AuthField = 'email' | 'password' | 'birthday' | 'code';

export type AuthFlowKind = 'login' | 'signup';

export interface AuthErrorOutcome {
  field?: { name: AuthField; message: AuthMessage };
  dialog?: RecoveryDialogKind;
  /** For the suspended dialog. */
  suspensionReason?: SuspensionReason | null;
  /** A view of the modal to switch to. */
  view?: 'UnderageConfirmation' | 'EmailAlreadyExist' | 'consents' | 'loginMfa';
  /** auth.md §8 "MFA-required code opens the code step (with phone_number_end)". */
  mfa?: { phoneNumberEnd: string | null; passkey: boolean };
  /** Shown above the submit button. */
  formError?: AuthMessage;
  toast?: AuthMessage;
  /** auth.md §8: ask for a harder captcha on the next attempt ("try again with the reCAPTCHA"). */
  captchaStepUp?: boolean;
  /** auth.md §8: under-age sets the ineligible cookie (the server sets it too). */
  underage?: boolean;
}

const CODE_NAMES = new Map<number, ErrorCodeName>(
  (Object.keys(ERROR_CODES) as ErrorCodeName[]).map((name) => [ERROR_CODES[name].code, name]),
);

/** The registry name of an API error code, if it has one. */
export function errorCodeName(code: number): ErrorCodeName | undefined {
  return CODE_NAMES.get(code);
}

const GENERIC: AuthMessage = { key: 'errors.generic' };
const CANT_LOG_IN: AuthMessage = { key: 'errors.cantLogIn' };

function serverText(error: ApiError): string {
  return error.detail || error.message;
}

function reasonOf(error: ApiError): string | undefined {
  const reason = error.data?.['reason'];
  return typeof reason === 'string' ? reason : undefined;
}

function fieldOf(error: ApiError): AuthField | undefined {
  const field = error.data?.['field'];
  return field === 'email' || field === 'password' || field === 'birthday' || field === 'code'
    ? field
    : undefined;
}

function passwordTooShort(error: ApiError, fallbackMinLength: number): AuthMessage {
  if (reasonOf(error) === 'required') return { key: 'validation.password.required' };
  const minLength = error.data?.['min_length'];
  return {
    key: 'validation.password.tooShort',
    values: { minPasswordLength: typeof minLength === 'number' ? minLength : fallbackMinLength },
  };
}

function emailInvalid(error: ApiError, flow: AuthFlowKind): AuthMessage {
  if (reasonOf(error) === 'required') return { key: 'validation.email.required' };
  // auth.md §8 signup: 'Your email is invalid.'; at login the field's own rule sentence.
  return flow === 'signup'
    ? { key: 'validation.email.signupInvalid' }
    : { key: 'validation.email.invalid' };
}

export interface MapAuthErrorOptions {
  /** The minimum password length the form used, when the server does not say. */
  minPasswordLength: number;
}

/** Every `AUTH_*` code of the shared registry. */
export type AuthErrorCodeName = Extract<ErrorCodeName, `AUTH_${string}`>;

type AuthAnswer = (
  error: ApiError,
  flow: AuthFlowKind,
  options: MapAuthErrorOptions,
) => AuthErrorOutcome;

/**
 * auth.md §8, one answer per auth code. A Record over every `AUTH_*` name: a code added to the
 * registry does not compile until it has its answer here (the fallback below is for codes
 * outside the auth range only), and authErrors.test.ts checks the same at run time.
 */
export const AUTH_ERROR_ANSWERS: Readonly<Record<AuthErrorCodeName, AuthAnswer>> = {
  AUTH_EMAIL_INVALID: (error, flow) => ({
    field: { name: 'email', message: emailInvalid(error, flow) },
  }),
  AUTH_EMAIL_TAKEN: () => ({ view: 'EmailAlreadyExist' }),
  AUTH_EMAIL_CONTAINS_PRODUCT_NAME: () => ({
    field: { name: 'email', message: { key: 'validation.email.containsProductName' } },
  }),
  AUTH_PASSWORD_TOO_SHORT: (error, _flow, options) => ({
    field: { name: 'password', message: passwordTooShort(error, options.minPasswordLength) },
  }),
  AUTH_PASSWORD_TOO_LONG: () => ({
    field: {
      name: 'password',
      message: {
        key: 'validation.password.tooLong',
        values: { maxPasswordLength: PASSWORD_MAX_LENGTH },
      },
    },
  }),
  AUTH_PASSWORD_NOT_ASCII: () => ({
    field: { name: 'password', message: { key: 'validation.password.notAscii' } },
  }),
  AUTH_PASSWORD_SAME_AS_IDENTITY: () => ({
    field: { name: 'password', message: { key: 'validation.password.sameAsIdentity' } },
  }),
  AUTH_PASSWORD_COMMON: () => ({
    field: { name: 'password', message: { key: 'validation.password.common' } },
  }),
  AUTH_BIRTHDAY_MISSING: () => ({
    field: { name: 'birthday', message: { key: 'validation.birthday.missingAge' } },
  }),
  AUTH_BIRTHDAY_INVALID: () => ({
    field: { name: 'birthday', message: { key: 'validation.birthday.invalid' } },
  }),
  AUTH_UNDERAGE: () => ({
    view: 'UnderageConfirmation',
    underage: true,
    field: { name: 'birthday', message: { key: 'validation.birthday.underAge' } },
  }),
  AUTH_OVERAGE: () => ({
    field: { name: 'birthday', message: { key: 'validation.birthday.overAge' } },
  }),
  AUTH_CONSENT_REQUIRED: () => ({ view: 'consents' }),
  // A fresh token is solved for every attempt (auth.md §8 "the token is refreshed"), so trying
  // again is all the person can and needs to do.
  AUTH_CAPTCHA_FAILED: () => ({ toast: GENERIC }),
  AUTH_LOGIN_INCORRECT_PASSWORD: () => ({
    field: { name: 'password', message: { key: 'errors.incorrectPassword' } },
  }),
  AUTH_LOGIN_UNKNOWN_ACCOUNT: () => ({
    field: { name: 'email', message: { key: 'errors.unknownAccount' } },
  }),
  // Locked for unknown clients (docs/decisions/042): the owner is told the way back in too.
  AUTH_LOGIN_RATE_LIMITED: (error) =>
    error.data?.['strange_activity'] === true
      ? {
          dialog: 'rateLimited',
          field: { name: 'email', message: { key: 'errors.strangeActivity' } },
        }
      : { dialog: 'rateLimited' },
  AUTH_LOGIN_TOO_FAST_IP: () => ({ formError: { key: 'errors.tooFast' }, captchaStepUp: true }),
  AUTH_ACCOUNT_SUSPENDED: (error) => ({
    dialog: 'suspended',
    suspensionReason: suspensionReasonOf(error.data?.['reason']),
    field: { name: 'email', message: CANT_LOG_IN },
  }),
  AUTH_SOFT_BANNED: () => ({
    dialog: 'softBanned',
    field: { name: 'email', message: { key: 'errors.strangeActivity' } },
  }),
  AUTH_SOFT_BANNED_NOTICE: () => ({
    dialog: 'softBanned',
    field: { name: 'email', message: { key: 'errors.strangeActivity' } },
  }),
  AUTH_LOGIN_ASSISTANCE: () => ({
    dialog: 'loginAssistance',
    field: { name: 'password', message: { key: 'errors.incorrectPassword' } },
  }),
  AUTH_RESET_TOKEN_INVALID: () => ({ formError: { key: 'reset.invalidToken' } }),
  AUTH_MFA_REQUIRED: (error) => {
    const end = error.data?.['phone_number_end'];
    const factors = error.data?.['factors'];
    return {
      view: 'loginMfa',
      mfa: {
        phoneNumberEnd: typeof end === 'string' && end !== '' ? end : null,
        // A passkey is one of the person's factors (docs/decisions/166).
        passkey: Array.isArray(factors) && factors.includes('passkey'),
      },
    };
  },
  // auth.md §8 "MFA step: server message or the generic error toast".
  AUTH_MFA_CODE_INVALID: (error) => ({
    field: { name: 'code', message: { text: serverText(error) } },
  }),
  AUTH_MFA_CHALLENGE_EXPIRED: (error) => ({
    field: { name: 'code', message: { text: serverText(error) } },
  }),
  AUTH_MFA_TOO_MANY_CODES: (error) => ({
    field: { name: 'code', message: { text: serverText(error) } },
  }),
  AUTH_MFA_RESEND_LIMITED: (error) => ({ toast: { text: serverText(error) } }),
};

function isAuthCode(name: ErrorCodeName): name is AuthErrorCodeName {
  return Object.hasOwn(AUTH_ERROR_ANSWERS, name);
}

/**
 * The outcome of a failed login or signup request. Auth codes answer from AUTH_ERROR_ANSWERS;
 * other codes fall back to auth.md §8's "other" answers: at login 'Sorry, we can't log you in.'
 * on the email field for a refusal (4xx), at signup and for server or network failures the
 * toast 'Sorry! Something went wrong on our end.'.
 */
export function mapAuthError(
  error: unknown,
  flow: AuthFlowKind,
  options: MapAuthErrorOptions,
): AuthErrorOutcome {
  if (!(error instanceof ApiError)) return { toast: GENERIC };
  const name = errorCodeName(error.code);
  if (name !== undefined && isAuthCode(name)) return AUTH_ERROR_ANSWERS[name](error, flow, options);
  switch (name) {
    case 'VALIDATION_FAILED':
    case 'BAD_REQUEST': {
      const field = fieldOf(error);
      if (field) return { field: { name: field, message: { text: serverText(error) } } };
      return flow === 'login'
        ? { field: { name: 'email', message: CANT_LOG_IN } }
        : { toast: GENERIC };
    }
    case 'RATE_LIMITED':
      return flow === 'login' ? { dialog: 'rateLimited' } : { toast: GENERIC };
    // auth.md §8: 'Your account is already linked to Google. To log in with email, set a password.'
    case 'SOCIAL_GOOGLE_ONLY_ACCOUNT':
      return { formError: { key: 'social.googleOnly' } };
    case 'SOCIAL_FACEBOOK_ONLY_ACCOUNT':
      return { formError: { key: 'social.facebookOnly' } };
    // /add-account with MAX_SWITCH_ACCOUNTS accounts held already (ADR 161): the server's text.
    case 'ACCOUNT_SWITCH_LIMIT':
      return { formError: { text: serverText(error) } };
    // auth.md §8: 'Your account is connected to Facebook - use the Facebook button to log in'.
    case 'SOCIAL_FACEBOOK_CONNECTED':
      return { toast: { key: 'errors.facebookConnected' } };
    // A social sign-in that could not be verified: the button may be the only thing on screen,
    // so a toast says it (auth.md §8 "Other codes … in a toast").
    case 'SOCIAL_TOKEN_INVALID':
    case 'SOCIAL_TOKEN_EXPIRED':
    case 'SOCIAL_TOKEN_REPLAYED':
    case 'SOCIAL_ACCOUNT_CONNECTED_ELSEWHERE':
      return { toast: CANT_LOG_IN };
    // auth.md §2 "voluntarily deactivated: a tooltip on the Google button"; the server's text.
    case 'SOCIAL_VOLUNTARILY_DEACTIVATED':
      return { toast: { text: serverText(error) } };
    default:
      break;
  }
  if (error.code === NETWORK_ERROR_CODE || error.httpStatus >= 500) return { toast: GENERIC };
  return flow === 'login' ? { field: { name: 'email', message: CANT_LOG_IN } } : { toast: GENERIC };
}

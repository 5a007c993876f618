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

export type AuthField = 'email' | 'password' | 'birthday';

export type AuthFlowKind = 'login' | 'signup';

export interface AuthErrorOutcome {
  field?: { name: AuthField; message: AuthMessage };
  dialog?: RecoveryDialogKind;
  /** For the suspended dialog. */
  suspensionReason?: SuspensionReason | null;
  /** A view of the modal to switch to. */
  view?: 'UnderageConfirmation' | 'EmailAlreadyExist' | 'consents';
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
  return field === 'email' || field === 'password' || field === 'birthday' ? field : undefined;
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

/**
 * The outcome of a failed login or signup request. Codes outside the auth range fall back to
 * auth.md §8's "other" answers: at login 'Sorry, we can't log you in.' on the email field for a
 * refusal (4xx), at signup and for server or network failures the toast 'Sorry! Something went
 * wrong on our end.'.
 */
export function mapAuthError(
  error: unknown,
  flow: AuthFlowKind,
  options: MapAuthErrorOptions,
): AuthErrorOutcome {
  if (!(error instanceof ApiError)) return { toast: GENERIC };
  const name = errorCodeName(error.code);
  switch (name) {
    case 'AUTH_EMAIL_INVALID':
      return { field: { name: 'email', message: emailInvalid(error, flow) } };
    case 'AUTH_EMAIL_TAKEN':
      return { view: 'EmailAlreadyExist' };
    case 'AUTH_EMAIL_CONTAINS_PRODUCT_NAME':
      return { field: { name: 'email', message: { key: 'validation.email.containsProductName' } } };
    case 'AUTH_PASSWORD_TOO_SHORT':
      return {
        field: { name: 'password', message: passwordTooShort(error, options.minPasswordLength) },
      };
    case 'AUTH_PASSWORD_TOO_LONG':
      return {
        field: {
          name: 'password',
          message: {
            key: 'validation.password.tooLong',
            values: { maxPasswordLength: PASSWORD_MAX_LENGTH },
          },
        },
      };
    case 'AUTH_PASSWORD_NOT_ASCII':
      return { field: { name: 'password', message: { key: 'validation.password.notAscii' } } };
    case 'AUTH_PASSWORD_SAME_AS_IDENTITY':
      return {
        field: { name: 'password', message: { key: 'validation.password.sameAsIdentity' } },
      };
    case 'AUTH_PASSWORD_COMMON':
      return { field: { name: 'password', message: { key: 'validation.password.common' } } };
    case 'AUTH_BIRTHDAY_MISSING':
      return { field: { name: 'birthday', message: { key: 'validation.birthday.missingAge' } } };
    case 'AUTH_BIRTHDAY_INVALID':
      return { field: { name: 'birthday', message: { key: 'validation.birthday.invalid' } } };
    case 'AUTH_UNDERAGE':
      return {
        view: 'UnderageConfirmation',
        underage: true,
        field: { name: 'birthday', message: { key: 'validation.birthday.underAge' } },
      };
    case 'AUTH_OVERAGE':
      return { field: { name: 'birthday', message: { key: 'validation.birthday.overAge' } } };
    case 'AUTH_CONSENT_REQUIRED':
      return { view: 'consents' };
    case 'AUTH_CAPTCHA_FAILED':
      // A fresh token is solved for every attempt (auth.md §8 "the token is refreshed"), so
      // trying again is all the person can and needs to do.
      return { toast: GENERIC };
    case 'AUTH_LOGIN_INCORRECT_PASSWORD':
      return { field: { name: 'password', message: { key: 'errors.incorrectPassword' } } };
    case 'AUTH_LOGIN_UNKNOWN_ACCOUNT':
      return { field: { name: 'email', message: { key: 'errors.unknownAccount' } } };
    case 'AUTH_LOGIN_RATE_LIMITED':
      return { dialog: 'rateLimited' };
    case 'AUTH_LOGIN_TOO_FAST_IP':
      return { formError: { key: 'errors.tooFast' }, captchaStepUp: true };
    case 'AUTH_ACCOUNT_SUSPENDED':
      return {
        dialog: 'suspended',
        suspensionReason: suspensionReasonOf(error.data?.['reason']),
        field: { name: 'email', message: CANT_LOG_IN },
      };
    case 'AUTH_SOFT_BANNED':
      return {
        dialog: 'softBanned',
        field: { name: 'email', message: { key: 'errors.strangeActivity' } },
      };
    case 'AUTH_LOGIN_ASSISTANCE':
      return {
        dialog: 'loginAssistance',
        field: { name: 'password', message: { key: 'errors.incorrectPassword' } },
      };
    case 'AUTH_RESET_TOKEN_INVALID':
      return { formError: { key: 'reset.invalidToken' } };
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
    default:
      break;
  }
  if (error.code === NETWORK_ERROR_CODE || error.httpStatus >= 500) return { toast: GENERIC };
  return flow === 'login' ? { field: { name: 'email', message: CANT_LOG_IN } } : { toast: GENERIC };
}

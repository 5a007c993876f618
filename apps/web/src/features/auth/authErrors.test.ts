import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../../api/client.ts';
import { createStrictI18n } from '../../test/i18n.ts';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import {
  AUTH_ERROR_ANSWERS,
  errorCodeName,
  mapAuthError,
  type AuthErrorOutcome,
  type AuthMessage,
} from './authErrors.ts';

const i18n = createStrictI18n('en');
ensureAuthCatalogue(i18n);
const t = i18n.getFixedT('en', 'auth');
const copy = (message: AuthMessage | undefined) =>
  message === undefined
    ? undefined
    : 'text' in message
      ? message.text
      : t(message.key, message.values ?? {}).replace(/<\/?link>/g, '');

function apiError(name: ErrorCodeName, data?: Record<string, unknown>, detail?: string): ApiError {
  const definition = ERROR_CODES[name];
  return new ApiError({
    code: definition.code,
    httpStatus: definition.httpStatus,
    message: definition.message,
    detail,
    data,
  });
}

const options = { minPasswordLength: 6 };
const login = (error: unknown) => mapAuthError(error, 'login', options);
const signup = (error: unknown) => mapAuthError(error, 'signup', options);

/** What the form shows, in words, for a readable table. */
function summary(outcome: AuthErrorOutcome) {
  return {
    field: outcome.field?.name,
    message: copy(outcome.field?.message),
    dialog: outcome.dialog,
    view: outcome.view,
    formError: copy(outcome.formError),
    toast: copy(outcome.toast),
    stepUp: outcome.captchaStepUp,
  };
}

describe('auth error codes → form (auth.md §8)', () => {
  test('every auth code in the registry has an explicit answer at login and at signup', () => {
    const authCodes = (Object.keys(ERROR_CODES) as ErrorCodeName[]).filter((name) =>
      name.startsWith('AUTH_'),
    );
    expect(authCodes.length).toBeGreaterThan(20);
    // The table, not the fallback: a code whose answer is removed is missing here.
    expect(Object.keys(AUTH_ERROR_ANSWERS).sort()).toEqual([...authCodes].sort());
    for (const name of authCodes) {
      const answer = AUTH_ERROR_ANSWERS[name as keyof typeof AUTH_ERROR_ANSWERS];
      expect(answer, name).toBeTypeOf('function');
      for (const flow of ['login', 'signup'] as const) {
        const error = apiError(name);
        const explicit = answer(error, flow, options);
        const says =
          explicit.field ??
          explicit.dialog ??
          explicit.view ??
          explicit.formError ??
          explicit.toast;
        expect(says, `${name} (${flow})`).toBeDefined();
        // …and it is what the form gets.
        expect(mapAuthError(error, flow, options), `${name} (${flow})`).toEqual(explicit);
      }
    }
  });

  test.each<[ErrorCodeName, ReturnType<typeof summary>]>([
    [
      'AUTH_LOGIN_INCORRECT_PASSWORD',
      {
        field: 'password',
        message: 'The password you entered is incorrect. Try again or Reset your password',
        dialog: undefined,
        view: undefined,
        formError: undefined,
        toast: undefined,
        stepUp: undefined,
      },
    ],
    [
      'AUTH_LOGIN_UNKNOWN_ACCOUNT',
      {
        field: 'email',
        message: "The email or username you entered doesn't belong to an account.",
        dialog: undefined,
        view: undefined,
        formError: undefined,
        toast: undefined,
        stepUp: undefined,
      },
    ],
    [
      'AUTH_LOGIN_RATE_LIMITED',
      {
        field: undefined,
        message: undefined,
        dialog: 'rateLimited',
        view: undefined,
        formError: undefined,
        toast: undefined,
        stepUp: undefined,
      },
    ],
    [
      'AUTH_LOGIN_TOO_FAST_IP',
      {
        field: undefined,
        message: undefined,
        dialog: undefined,
        view: undefined,
        formError: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
        toast: undefined,
        stepUp: true,
      },
    ],
    [
      'AUTH_ACCOUNT_SUSPENDED',
      {
        field: 'email',
        message: "Sorry, we can't log you in.",
        dialog: 'suspended',
        view: undefined,
        formError: undefined,
        toast: undefined,
        stepUp: undefined,
      },
    ],
    [
      'AUTH_SOFT_BANNED',
      {
        field: 'email',
        message:
          'We noticed some strange activity on your account. Reset your password or log in with Facebook or Google to get back into your account.',
        dialog: 'softBanned',
        view: undefined,
        formError: undefined,
        toast: undefined,
        stepUp: undefined,
      },
    ],
    [
      'AUTH_LOGIN_ASSISTANCE',
      {
        field: 'password',
        message: 'The password you entered is incorrect. Try again or Reset your password',
        dialog: 'loginAssistance',
        view: undefined,
        formError: undefined,
        toast: undefined,
        stepUp: undefined,
      },
    ],
    [
      'AUTH_CAPTCHA_FAILED',
      {
        field: undefined,
        message: undefined,
        dialog: undefined,
        view: undefined,
        formError: undefined,
        toast: 'Sorry! Something went wrong on our end.',
        stepUp: undefined,
      },
    ],
  ])('login: %s', (name, expected) => {
    expect(summary(login(apiError(name)))).toEqual(expected);
  });

  test.each<[ErrorCodeName, string | undefined, string | undefined, string | undefined]>([
    ['AUTH_EMAIL_INVALID', 'email', 'Your email is invalid.', undefined],
    ['AUTH_EMAIL_TAKEN', undefined, undefined, 'EmailAlreadyExist'],
    [
      'AUTH_EMAIL_CONTAINS_PRODUCT_NAME',
      'email',
      'Please stick to your name, or the name of your brand',
      undefined,
    ],
    [
      'AUTH_PASSWORD_TOO_SHORT',
      'password',
      'Your password is too short! You need 6+ characters.',
      undefined,
    ],
    [
      'AUTH_PASSWORD_TOO_LONG',
      'password',
      'Your password is too long! Use 128 characters or fewer.',
      undefined,
    ],
    [
      'AUTH_PASSWORD_NOT_ASCII',
      'password',
      'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
      undefined,
    ],
    [
      'AUTH_PASSWORD_SAME_AS_IDENTITY',
      'password',
      'Please make your username and password different.',
      undefined,
    ],
    ['AUTH_PASSWORD_COMMON', 'password', 'Please make a stronger password.', undefined],
    [
      'AUTH_BIRTHDAY_MISSING',
      'birthday',
      'We need to know your age to provide you this service.',
      undefined,
    ],
    ['AUTH_BIRTHDAY_INVALID', 'birthday', 'Invalid date', undefined],
    [
      'AUTH_UNDERAGE',
      'birthday',
      "Sorry, you're not eligible to sign up for Corkboard right now.",
      'UnderageConfirmation',
    ],
    ['AUTH_OVERAGE', 'birthday', 'Oops! Please use a valid age to sign up.', undefined],
    ['AUTH_CONSENT_REQUIRED', undefined, undefined, 'consents'],
  ])('signup: %s → %s %j %s', (name, field, message, view) => {
    const outcome = signup(apiError(name, { min_length: 6 }));
    expect(outcome.field?.name).toBe(field);
    expect(copy(outcome.field?.message)).toBe(message);
    expect(outcome.view).toBe(view);
  });

  test("the server's minimum length shows in 'too short' (experiment group)", () => {
    expect(
      copy(signup(apiError('AUTH_PASSWORD_TOO_SHORT', { min_length: 8 })).field?.message),
    ).toBe('Your password is too short! You need 8+ characters.');
  });

  test('a missing password or email says so', () => {
    expect(
      copy(signup(apiError('AUTH_PASSWORD_TOO_SHORT', { reason: 'required' })).field?.message),
    ).toBe("You missed a spot! Don't forget to add your password.");
    expect(copy(login(apiError('AUTH_EMAIL_INVALID', { reason: 'required' })).field?.message)).toBe(
      "You missed a spot! Don't forget to add your email.",
    );
  });

  test('under-age marks the browser', () => {
    expect(signup(apiError('AUTH_UNDERAGE')).underage).toBe(true);
  });

  test('a suspension carries its reason to the dialog', () => {
    expect(
      login(apiError('AUTH_ACCOUNT_SUSPENDED', { reason: 'unusual_activity' })).suspensionReason,
    ).toBe('unusual_activity');
    expect(
      login(apiError('AUTH_ACCOUNT_SUSPENDED', { reason: 'made up' })).suspensionReason,
    ).toBeNull();
  });

  test('other refusals: login says it cannot log you in, signup apologises in a toast', () => {
    expect(summary(login(apiError('FORBIDDEN'))).message).toBe("Sorry, we can't log you in.");
    expect(summary(signup(apiError('FORBIDDEN'))).toast).toBe(
      'Sorry! Something went wrong on our end.',
    );
  });

  test('server and network failures are a toast in both flows', () => {
    const network = new ApiError({ code: NETWORK_ERROR_CODE, httpStatus: 0, message: 'offline' });
    for (const error of [apiError('INTERNAL'), network, new Error('boom')]) {
      expect(summary(login(error)).toast).toBe('Sorry! Something went wrong on our end.');
      expect(summary(signup(error)).toast).toBe('Sorry! Something went wrong on our end.');
    }
  });

  test('a generic validation failure goes to the field the server names, with its sentence', () => {
    const outcome = signup(
      apiError('VALIDATION_FAILED', { field: 'password' }, 'Something specific.'),
    );
    expect(summary(outcome)).toMatchObject({ field: 'password', message: 'Something specific.' });
  });

  test('the general rate limit is the rate-limited dialog at login', () => {
    expect(login(apiError('RATE_LIMITED')).dialog).toBe('rateLimited');
  });

  test('codes are looked up by number', () => {
    expect(errorCodeName(ERROR_CODES.AUTH_SOFT_BANNED.code)).toBe('AUTH_SOFT_BANNED');
    expect(errorCodeName(99_999)).toBeUndefined();
  });
});

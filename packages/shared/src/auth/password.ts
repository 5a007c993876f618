// Password rules for signup (auth.md §5, §9). Shared by the signup form and the register route.
// The common-password check is injected: the list is ~50 000 words, so only the server loads it
// (common-passwords.server.ts) and the browser bundle stays small.
import { interpolate } from './interpolate.ts';
import { isPrintableAscii, splitEmail } from './email.ts';

/** auth.md §9: minimum length. */
export const PASSWORD_MIN_LENGTH = 6;
/** auth.md §9: minimum length while `web_increased_min_password_length` is on. */
export const PASSWORD_MIN_LENGTH_INCREASED = 8;
/**
 * Not in the spec (ADR 005): the longest password we hash. It matches Better Auth's default
 * `maxPasswordLength`, so the shared rule and the auth engine never disagree, and it stops
 * multi-megabyte passwords from costing a key-derivation run.
 */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_COPY = {
  /** Not in the spec (ADR 005): worded like the email and birthday 'You missed a spot' lines. */
  required: "You missed a spot! Don't forget to add your password.",
  /** auth.md §5, i18next placeholder form. */
  tooShort: 'Your password is too short! You need {{minPasswordLength}}+ characters.',
  /** Not in the spec (ADR 005). */
  tooLong: 'Your password is too long! Use {{maxPasswordLength}} characters or fewer.',
  /** auth.md §5: the password equals the email, its local part or the username. */
  sameAsIdentity: 'Please make your username and password different.',
  /** auth.md §5: the password is on the common-password list. */
  common: 'Please make a stronger password.',
  /** auth.md §5: a character outside printable ASCII. */
  notAscii: 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
  /** auth.md §5: what a login says for a too-short, same-as-identity or listed password. */
  loginIncorrect: 'The password you entered is incorrect.',
  /** auth.md §8: the login field error for a wrong password. */
  loginIncorrectWithReset:
    'The password you entered is incorrect. Try again or Reset your password',
} as const;

export type PasswordCopyKey = keyof typeof PASSWORD_COPY;

export type PasswordFailureReason =
  'required' | 'not_ascii' | 'too_short' | 'too_long' | 'same_as_identity' | 'common';

export interface PasswordFailure {
  readonly reason: PasswordFailureReason;
  readonly copyKey: PasswordCopyKey;
  /** The sentence with placeholders filled, ready to show. */
  readonly message: string;
}

/** Tells whether a password is on a common-password list; compare case-insensitively. */
export type CommonPasswordPredicate = (password: string) => boolean;

export interface PasswordRules {
  /** PASSWORD_MIN_LENGTH, or PASSWORD_MIN_LENGTH_INCREASED under the experiment. */
  readonly minLength: number;
  readonly email?: string | null | undefined;
  readonly username?: string | null | undefined;
  /** Omitted on the web: the server repeats the check with the full list. */
  readonly isCommonPassword?: CommonPasswordPredicate | undefined;
}

/** The minimum length for the `web_increased_min_password_length` group the user is in. */
export function passwordMinLength(increasedMinLength: boolean): number {
  return increasedMinLength ? PASSWORD_MIN_LENGTH_INCREASED : PASSWORD_MIN_LENGTH;
}

/**
 * Values the password may not equal, lower-cased: the whole email, the email's local part and
 * the username. The local part is included because it is usually the username people pick and
 * the first thing an attacker tries (ADR 005). Only exact (case-insensitive) equality counts.
 */
function identityValues(rules: PasswordRules): string[] {
  const values: string[] = [];
  const email = rules.email?.trim().toLowerCase() ?? '';
  if (email) {
    values.push(email);
    const local = splitEmail(email)?.local;
    if (local) values.push(local);
  }
  const username = rules.username?.trim().toLowerCase() ?? '';
  if (username) values.push(username);
  return values;
}

function failure(
  reason: PasswordFailureReason,
  copyKey: PasswordCopyKey,
  values: Record<string, number> = {},
): PasswordFailure {
  return { reason, copyKey, message: interpolate(PASSWORD_COPY[copyKey], values) };
}

/**
 * The first rule `password` breaks, or null. Order: required, ASCII (so lengths are counted in
 * characters the user can see), length, same-as-identity, common list. The password is never
 * trimmed: spaces are printable ASCII and part of what the user chose.
 */
export function validatePassword(
  password: string | null | undefined,
  rules: PasswordRules,
): PasswordFailure | null {
  if (password === null || password === undefined || password.length === 0)
    return failure('required', 'required');
  if (!isPrintableAscii(password)) return failure('not_ascii', 'notAscii');
  if (password.length < rules.minLength) {
    return failure('too_short', 'tooShort', { minPasswordLength: rules.minLength });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return failure('too_long', 'tooLong', { maxPasswordLength: PASSWORD_MAX_LENGTH });
  }
  if (identityValues(rules).includes(password.toLowerCase()))
    return failure('same_as_identity', 'sameAsIdentity');
  if (rules.isCommonPassword?.(password)) return failure('common', 'common');
  return null;
}

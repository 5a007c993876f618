// Secrets of two-factor sign-in: numeric codes sent by SMS, backup codes, challenge ids; and
// their hashes (only hashes are stored). Pure functions.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** ADR 005: six digits, what SMS codes and authenticator apps use. */
export const SMS_CODE_DIGITS = 6;
/** Backup codes: ten of them, each 10 characters from an alphabet without look-alikes. */
export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODE_LENGTH = 10;
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
}

/** 32 random bytes, base64url: the id a challenge cookie carries. */
export function newChallengeId(): string {
  return randomBytes(32).toString('base64url');
}

export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () =>
    Array.from(
      { length: BACKUP_CODE_LENGTH },
      () => BACKUP_ALPHABET[randomInt(0, BACKUP_ALPHABET.length)],
    ).join(''),
  );
}

/** What people type: spaces and dashes between groups are ignored, case too. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The last digits of a phone number shown on the loginMfa step (auth.md §3 phone_number_end). */
export const PHONE_NUMBER_END_DIGITS = 4;
export function phoneNumberEnd(phoneNumber: string): string {
  return phoneNumber.replace(/\D/g, '').slice(-PHONE_NUMBER_END_DIGITS);
}

/** E.164: a plus, then 8 to 15 digits, the first not 0. Spaces, dashes, dots and brackets are dropped. */
export function normalizePhoneNumber(input: string): string | null {
  const compact = input.replace(/[\s().-]+/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

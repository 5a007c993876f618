// Email address rules shared by the signup/login forms and the /v3 auth routes (auth.md §5).
// Deliberately "practical RFC 5322": dot-atom local parts and DNS host names only. Quoted local
// parts, comments and IP-literal domains are legal in the RFC but no mail provider our users
// sign up with hands them out, and accepting them only lets typos through.

import { isHostNameLabel } from '../host-name.ts';

/** RFC 5321 path limit (256) minus the angle brackets: the longest address that can be mailed. */
export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321 §4.5.3.1.1. */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export const EMAIL_COPY = {
  /** auth.md §5: the signup and login forms. */
  required: "You missed a spot! Don't forget to add your email.",
  /** auth.md §5: the client-side syntax check and the obviously-bad list share this sentence. */
  invalid: "Hmm...that doesn't look like an email address.",
  /** auth.md §5: the email-collection step (social signup without an email). */
  collectionRequired: 'Email is required',
  /** auth.md §5: what the server's email check says. */
  serverInvalid: "Sorry, this doesn't look like a valid email",
  /** auth.md §8: signup failed with the invalid-email code. */
  signupInvalid: 'Your email is invalid.',
  /** auth.md §8: signup failed because the email contains the product's name. */
  containsProductName: 'Please stick to your name, or the name of your brand',
} as const;

export type EmailCopyKey = keyof typeof EMAIL_COPY;

export type EmailErrorReason = 'required' | 'not_ascii' | 'too_long' | 'malformed' | 'known_bad';

export interface EmailError {
  readonly reason: EmailErrorReason;
  readonly copyKey: EmailCopyKey;
  readonly message: string;
}

/**
 * Misspellings of well-known mail domains. Most of them are registered by typo-squatters or
 * do not exist, so mail to them is lost or read by a stranger: auth.md §5 rejects them
 * outright rather than only hinting (email-typo.ts gives the hint for everything else).
 */
export const KNOWN_BAD_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmial.com',
  'gmal.com',
  'gmai.com',
  'gamil.com',
  'gmaill.com',
  'gmali.com',
  'gnail.com',
  'gmail.co',
  'gmail.cm',
  'gmail.om',
  'gmail.cim',
  'gmail.vom',
  'gmail.xom',
  'hotmial.com',
  'hotmal.com',
  'hotmai.com',
  'hotamil.com',
  'hotnail.com',
  'homail.com',
  'hotmail.co',
  'hotmail.cm',
  'yaho.com',
  'yahooo.com',
  'yhoo.com',
  'yahho.com',
  'yahoo.cm',
  'yahoo.co',
  'outlok.com',
  'outloo.com',
  'outllok.com',
  'outlook.co',
  'iclod.com',
  'icoud.com',
  'icould.com',
  'icloud.co',
  'aol.co',
]);

/**
 * Top-level domains that are never real but are one key away from `.com`. Any address ending in
 * one of them is a typo whatever the rest says.
 */
export const KNOWN_BAD_EMAIL_TLDS: ReadonlySet<string> = new Set([
  'con',
  'cmo',
  'ocm',
  'comm',
  'coom',
  'cpm',
]);

/**
 * Placeholder addresses people type to get past a form. They are syntactically fine and would
 * create accounts nobody can recover. Tests and seeds must not use these.
 */
export const KNOWN_BAD_EMAILS: ReadonlySet<string> = new Set([
  'test@test.com',
  'email@email.com',
  'your@email.com',
  'youremail@email.com',
  'example@example.com',
  'asdf@asdf.com',
]);

// RFC 5322 atext, ASCII only.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
// A real TLD is letters only, or an IDNA A-label (xn--…); this rejects `user@host.123`.
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
// Printable ASCII (0x20–0x7E); auth.md §5 says email and password are ASCII only.
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** True when every character is printable ASCII (0x20–0x7E). */
export function isPrintableAscii(value: string): boolean {
  return PRINTABLE_ASCII.test(value);
}

/** Leading and trailing spaces come from autofill and copy-paste; they are never meant. */
export function normalizeEmail(value: string): string {
  return value.trim();
}

/** Splits at the only `@`; null when there is not exactly one. */
export function splitEmail(email: string): { local: string; domain: string } | null {
  const at = email.indexOf('@');
  if (at < 0 || at !== email.lastIndexOf('@')) return null;
  return { local: email.slice(0, at), domain: email.slice(at + 1) };
}

/** Syntax only (no obviously-bad list). Expects an already trimmed value. */
export function isEmailSyntaxValid(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH || !isPrintableAscii(email)) return false;
  const parts = splitEmail(email);
  if (!parts) return false;
  const { local, domain } = parts;
  if (local.length === 0 || local.length > EMAIL_LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local))
    return false;
  const labels = domain.split('.');
  // A bare host (`user@localhost`) cannot receive mail from the internet.
  if (labels.length < 2) return false;
  if (!labels.every(isHostNameLabel)) return false;
  return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1] ?? '');
}

/** True for an address auth.md §5 rejects client-side although its syntax is fine. */
export function isKnownBadEmail(email: string): boolean {
  const lower = email.toLowerCase();
  if (KNOWN_BAD_EMAILS.has(lower)) return true;
  const parts = splitEmail(lower);
  if (!parts) return false;
  if (KNOWN_BAD_EMAIL_DOMAINS.has(parts.domain)) return true;
  const tld = parts.domain.slice(parts.domain.lastIndexOf('.') + 1);
  return KNOWN_BAD_EMAIL_TLDS.has(tld);
}

export interface ValidateEmailOptions {
  /**
   * `form` (default): the signup and login forms. `email_collection`: the step that asks a
   * social signup for its missing email, which has its own empty-field sentence.
   */
  readonly step?: 'form' | 'email_collection';
}

function failure(reason: EmailErrorReason, copyKey: EmailCopyKey): EmailError {
  return { reason, copyKey, message: EMAIL_COPY[copyKey] };
}

/**
 * The first rule `value` breaks, or null when it is a usable address. Every failure except an
 * empty field shows the same sentence (auth.md §5); the reason is for logging and tests.
 */
export function validateEmail(
  value: string | null | undefined,
  options: ValidateEmailOptions = {},
): EmailError | null {
  const email = normalizeEmail(value ?? '');
  if (email.length === 0) {
    return failure(
      'required',
      options.step === 'email_collection' ? 'collectionRequired' : 'required',
    );
  }
  if (!isPrintableAscii(email)) return failure('not_ascii', 'invalid');
  if (email.length > EMAIL_MAX_LENGTH) return failure('too_long', 'invalid');
  if (!isEmailSyntaxValid(email)) return failure('malformed', 'invalid');
  if (isKnownBadEmail(email)) return failure('known_bad', 'invalid');
  return null;
}

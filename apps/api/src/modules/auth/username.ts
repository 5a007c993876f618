// Usernames for new accounts: made from the person's name (else the email's local part), in
// the users table's format ^[A-Za-z0-9_]{3,30}$, never a word our URLs use (a profile lives at
// /<username>/), never the product's name, and unique (case-insensitively).
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { takenUsernames } from './auth.repository.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Candidates tried per database round trip. */
export const USERNAME_CANDIDATES_PER_ROUND = 12;
/** Rounds before giving up (each with longer random suffixes). */
export const USERNAME_ROUNDS = 4;
/** When a name gives nothing usable (e.g. only non-Latin letters). */
export const FALLBACK_USERNAME_BASE = 'user';

/**
 * First path segments the web app routes itself; a profile with one of these names could never
 * be reached. Compared lower-cased.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'about',
  'add_account',
  'admin',
  'amp',
  'api',
  'assets',
  'board',
  'bookmarklet',
  'business',
  'connect',
  'dev',
  'explore',
  'extension',
  'healthz',
  'help',
  'home',
  'ideas',
  'invite',
  'login',
  'logout',
  'me',
  'media',
  'offsite',
  'password',
  'pin',
  'pins',
  'privacy',
  'resource',
  'search',
  'settings',
  'signup',
  'support',
  'terms',
  'today',
  'user',
  'users',
  'v3',
  // saving.md §2.10: /_profile/ is the viewer's own profile (docs/decisions/133).
  '_profile',
]);

export const PRODUCT_NAME = 'corkboard';

/** Lower-case ASCII letters, digits and underscores from `value` (accents folded: é → e). */
function asciiSlug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '')
    .replaceAll(PRODUCT_NAME, '')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export interface UsernameSource {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email: string;
}

/** The stem every candidate starts with: name, else email local part, else 'user'. */
export function usernameBase(source: UsernameSource): string {
  const fromName = asciiSlug(`${source.firstName ?? ''}${source.lastName ?? ''}`);
  if (fromName.length >= USERNAME_MIN_LENGTH) return fromName.slice(0, USERNAME_MAX_LENGTH);
  const local = source.email.slice(0, Math.max(0, source.email.indexOf('@')));
  const fromEmail = asciiSlug(local);
  if (fromEmail.length >= USERNAME_MIN_LENGTH) return fromEmail.slice(0, USERNAME_MAX_LENGTH);
  return FALLBACK_USERNAME_BASE;
}

export function isAcceptableUsername(candidate: string): boolean {
  return USERNAME_PATTERN.test(candidate) && !RESERVED_USERNAMES.has(candidate.toLowerCase());
}

/**
 * Why a username someone chose is refused, or null (settings, ADR 148): the table's format, a
 * word our URLs use, or the product's name (auth.md §8 'Please stick to your name…').
 */
export function usernameProblem(candidate: string): 'invalid' | 'reserved' | null {
  if (!USERNAME_PATTERN.test(candidate)) return 'invalid';
  const lower = candidate.toLowerCase();
  if (RESERVED_USERNAMES.has(lower) || lower.includes(PRODUCT_NAME)) return 'reserved';
  return null;
}

/** `base` with a numeric suffix, the base cut so the whole fits in 30 characters. */
function withSuffix(base: string, suffix: string): string {
  return `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

/**
 * Candidates for round `round`: round 0 tries the bare base first, then suffixes of 2 digits;
 * later rounds use longer suffixes, so a common name still finds a free one quickly.
 */
export function usernameCandidates(
  base: string,
  round: number,
  random: (min: number, max: number) => number = randomInt,
): string[] {
  const candidates: string[] = round === 0 ? [base] : [];
  const digits = 2 + round * 2;
  while (candidates.length < USERNAME_CANDIDATES_PER_ROUND) {
    const suffix = String(random(10 ** (digits - 1), 10 ** digits));
    candidates.push(withSuffix(base, suffix));
  }
  return [...new Set(candidates)].filter(isAcceptableUsername);
}

/**
 * A free username for a new account. `avoid` (the password) is skipped so the new account can
 * never break "make your username and password different".
 */
export async function pickUsername(
  db: Kysely<Database>,
  source: UsernameSource,
  avoid: string,
  random?: (min: number, max: number) => number,
): Promise<string> {
  const base = usernameBase(source);
  for (let round = 0; round < USERNAME_ROUNDS; round++) {
    const candidates = usernameCandidates(base, round, random).filter(
      (candidate) => candidate.toLowerCase() !== avoid.toLowerCase(),
    );
    const taken = await takenUsernames(db, candidates);
    const free = candidates.find((candidate) => !taken.has(candidate.toLowerCase()));
    if (free) return free;
  }
  throw new Error(`no free username found for base "${base}"`);
}

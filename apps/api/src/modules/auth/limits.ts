// The numbers behind login lockout and the auth endpoints' per-IP limits (docs/decisions/006).
// auth.md fixes only the 30-minute lockout; the thresholds and windows are ours.
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import { recordHit, type WindowRule } from './rate-limits.repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Failed logins are counted in windows of this length (per account and per IP). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/** auth.md §2/§9: "Try again in 30 minutes." */
export const ACCOUNT_LOCK_MS = 30 * MINUTE_MS;
/** Wrong passwords on one account within the window before it is locked. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** From this many failures on, a wrong password answers AUTH_LOGIN_ASSISTANCE (offer a reset). */
export const LOGIN_ASSISTANCE_AFTER_FAILURES = 5;
/** Failed logins from one IP within the window before every login from it needs a step-up captcha. */
export const IP_FAILURE_LIMIT = 50;

export const ACCOUNT_FAILURE_RULE: WindowRule = {
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  max: ACCOUNT_FAILURE_LIMIT,
  lockMs: ACCOUNT_LOCK_MS,
};
export const IP_FAILURE_RULE: WindowRule = {
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  max: IP_FAILURE_LIMIT,
};
/**
 * /v3/register/exists/ and /v3/email/validation/ together, per IP: they tell whether an email
 * has an account, so they must not become an enumeration oracle. A person typing an address
 * triggers a handful; 30 per 10 minutes leaves room for typos and retries.
 */
export const LOOKUP_RULE: WindowRule = { windowMs: 10 * MINUTE_MS, max: 30 };
/** New accounts per IP per hour (a household or office signs up a few; a script many). */
export const SIGNUP_RULE: WindowRule = { windowMs: HOUR_MS, max: 10 };
/** Reset requests per IP per hour. */
export const RESET_REQUEST_RULE: WindowRule = { windowMs: HOUR_MS, max: 10 };
/** Reset mails per account per hour; more requests are answered the same but send nothing. */
export const RESET_MAIL_RULE: WindowRule = { windowMs: HOUR_MS, max: 3 };
/** Reset completions (token guesses) per IP per hour. */
export const RESET_COMPLETE_RULE: WindowRule = { windowMs: HOUR_MS, max: 20 };
/** The longest window above: counters older than this (and unlocked) can be purged. */
export const LONGEST_WINDOW_MS = HOUR_MS;

/**
 * The address a limit is counted against: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its
 * /64 network, since one subscriber usually gets a whole /64 and could otherwise rotate freely.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = ip.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}

export const limitKeys = {
  /** Wrong passwords for the account from clients it does not know (docs/decisions/042). */
  accountFailures: (userId: string) => `login-fail:account:${userId}`,
  /** Wrong passwords for the account from one browser that logged in to it before (042). */
  deviceFailures: (deviceHash: string, userId: string) =>
    `login-fail:device:${deviceHash}:${userId}`,
  ipFailures: (ip: string) => `login-fail:ip:${clientNetwork(ip)}`,
  lookup: (ip: string) => `lookup:ip:${clientNetwork(ip)}`,
  signup: (ip: string) => `signup:ip:${clientNetwork(ip)}`,
  resetRequest: (ip: string) => `reset-request:ip:${clientNetwork(ip)}`,
  resetMail: (userId: string) => `reset-mail:account:${userId}`,
  resetComplete: (ip: string) => `reset-complete:ip:${clientNetwork(ip)}`,
} as const;

/** Whole seconds until `until`, at least 1 (a Retry-After of 0 invites a tight loop). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * Counts a request against `key`; over the limit it throws RATE_LIMITED with
 * `data.retry_after_seconds` (the routes turn that into Retry-After).
 */
export async function consume(
  db: Kysely<Database>,
  key: string,
  rule: WindowRule,
  now: Date,
): Promise<void> {
  const state = await recordHit(db, key, rule, now);
  if (state.count > rule.max) {
    const windowEnds = new Date(state.windowStartedAt.getTime() + rule.windowMs);
    throw new AppError('RATE_LIMITED', {
      data: { retry_after_seconds: secondsUntil(windowEnds, now) },
    });
  }
}

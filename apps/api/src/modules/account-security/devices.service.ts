// Device cookies (OWASP "Slow down online guessing attacks with device cookies";
// docs/decisions/042): a browser that once logged in to an account proves it with a random id
// in an HttpOnly cookie. The login lockout then applies per client: wrong passwords from
// unknown clients lock the account for unknown clients only (auth.md's 30 minutes), while a
// trusted browser is counted — and locked — on its own. So a stranger who knows someone's
// e-mail can no longer lock them out with ten wrong passwords.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../core/app-deps.ts';
import type { QueryCreator } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import {
  purgeStaleDevices,
  trustDevice,
  trustDeviceStatement,
} from './account-security.repository.ts';
import { sha256 } from './codes.ts';

/** One cookie per browser, whichever accounts log in from it. */
export const DEVICE_COOKIE = 'corkboard.device';
/** Sent only to the API (login reads it). */
export const DEVICE_COOKIE_PATH = '/v3/';
/** A browser stays trusted for a year after its last successful log-in to the account. */
export const DEVICE_TRUST_MS = 365 * 24 * 60 * 60_000;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export function newDeviceId(): string {
  return randomBytes(32).toString('base64url');
}

/** A well-formed device id from the cookie, or undefined. */
export function deviceIdFrom(cookie: string | undefined): string | undefined {
  return cookie !== undefined && DEVICE_ID.test(cookie) ? cookie : undefined;
}

/**
 * The hash a browser is known by (auth_trusted_devices.device_hash, and its lockout counter's
 * key): the log-in's one state read (auth/password-login.repository.ts) checks whether it logged
 * in to the account before.
 */
export function deviceHash(deviceId: string): string {
  return sha256(deviceId);
}

/** Marks the browser trusted for the account after a successful log-in. */
export async function rememberDevice(
  deps: Pick<AppDeps, 'db' | 'now'>,
  deviceId: string,
  userId: string,
): Promise<void> {
  await trustDevice(deps.db, deviceHash(deviceId), userId, deps.now());
}

/**
 * rememberDevice's statement, unexecuted, for a caller that runs it together with another one
 * (a log-in's last read, ADR 199).
 */
export function rememberDeviceStatement(
  qc: QueryCreator<Database>,
  deviceId: string,
  userId: string,
  now: Date,
) {
  return trustDeviceStatement(qc, deviceHash(deviceId), userId, now);
}

/** Forgets browsers that have not logged in to the account for DEVICE_TRUST_MS (hourly purge). */
export async function purgeStaleTrustedDevices(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  return purgeStaleDevices(deps.db, new Date(deps.now().getTime() - DEVICE_TRUST_MS));
}

// Account states that stop a login (auth.md §2 recovery dialogs, §4). There is no admin UI
// yet; these are the operations support tooling (and the tests) use. Each one revokes every
// session in the same transaction, so the state takes effect at once on every device.
import type { Kysely } from 'kysely';
import type { Database, SuspensionReason } from '@corkboard/db/schema';
import { purgeRedemptions } from '../../plugins/captcha/captcha-redemptions.repository.ts';
import {
  clearCredentialPassword,
  deleteSessions,
  purgeExpiredSessions,
  purgeExpiredVerifications,
  setAccountStatus,
} from './auth.repository.ts';
import { LONGEST_WINDOW_MS } from './limits.ts';
import { purgeCounters } from './rate-limits.repository.ts';

/** Suspended: login answers AUTH_ACCOUNT_SUSPENDED (with the reason) after a correct password. */
export async function suspendAccount(
  db: Kysely<Database>,
  userId: string,
  reason: SuspensionReason,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setAccountStatus(trx, userId, { suspended_at: now, suspension_reason: reason }, now);
    await deleteSessions(trx, userId);
  });
}

export async function liftSuspension(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await setAccountStatus(db, userId, { suspended_at: null, suspension_reason: null }, now);
}

/**
 * auth.md §2 "soft banned: … the password is reset and sessions are logged out on all devices".
 * The password is cleared (no password matches) until the owner resets it by e-mail.
 */
export async function softBanAccount(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setAccountStatus(trx, userId, { soft_banned_at: now }, now);
    await clearCredentialPassword(trx, userId, now);
    await deleteSessions(trx, userId);
  });
}

/** Voluntary deactivation: logging in within 28 days reactivates; after that it is purged. */
export async function deactivateAccount(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setAccountStatus(trx, userId, { deactivated_at: now }, now);
    await deleteSessions(trx, userId);
  });
}

export interface PurgeSummary {
  sessions: number;
  verifications: number;
  counters: number;
  redemptions: number;
}

/**
 * Housekeeping: expired rows. Accounts past the resurrection window are deleted, with their
 * media, by the `account-purge` job (deactivation.service.ts, docs/decisions/150).
 */
export async function purgeAuthData(db: Kysely<Database>, now: Date): Promise<PurgeSummary> {
  return {
    sessions: await purgeExpiredSessions(db, now),
    verifications: await purgeExpiredVerifications(db, now),
    counters: await purgeCounters(db, now, LONGEST_WINDOW_MS),
    redemptions: await purgeRedemptions(db, now),
  };
}

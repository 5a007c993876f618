// All SQL of account security: second factors, backup codes, the short-lived challenges and
// re-authentication on a session.
import type { Kysely, QueryCreator } from 'kysely';
import type { Database, MfaFactorKind } from '@corkboard/db/schema';

type Db = Kysely<Database>;

export interface FactorRow {
  id: string;
  kind: MfaFactorKind;
  phone_number: string | null;
  secret_encrypted: string | null;
  last_used_step: string | null;
  verified_at: Date | null;
  created_at: Date;
}

const FACTOR_COLUMNS = [
  'id',
  'kind',
  'phone_number',
  'secret_encrypted',
  'last_used_step',
  'verified_at',
  'created_at',
] as const;

// ---- factors ---------------------------------------------------------------------------------

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db
    .selectFrom('mfa_factors')
    .select(FACTOR_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findFactor(
  db: Db,
  userId: string,
  kind: MfaFactorKind,
): Promise<FactorRow | undefined> {
  return db
    .selectFrom('mfa_factors')
    .select(FACTOR_COLUMNS)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** A new unverified factor, replacing an unverified one of the same kind. */
export async function savePendingFactor(
  db: Db,
  input: {
    userId: string;
    kind: MfaFactorKind;
    phoneNumber: string | null;
    secretEncrypted: string | null;
    now: Date;
  },
): Promise<string> {
  await db
    .deleteFrom('mfa_factors')
    .where('user_id', '=', input.userId)
    .where('kind', '=', input.kind)
    .where('verified_at', 'is', null)
    .execute();
  const row = await db
    .insertInto('mfa_factors')
    .values({
      user_id: input.userId,
      kind: input.kind,
      phone_number: input.phoneNumber,
      secret_encrypted: input.secretEncrypted,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markFactorVerified(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('mfa_factors').set({ verified_at: now }).where('id', '=', id).execute();
}

/** Records the TOTP step used, only if it is newer than the last one (atomic replay guard). */
export async function claimTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('mfa_factors')
    .set({ last_used_step: step })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(step))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteFactor(db: Db, userId: string, kind: MfaFactorKind): Promise<number> {
  const result = await db
    .deleteFrom('mfa_factors')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the person has a verified second factor (SMS, authenticator app or a passkey). */
export async function hasVerifiedSecondFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mfa_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (row !== undefined) return true;
  const passkey = await db
    .selectFrom('webauthn_credentials')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return passkey !== undefined;
}

// ---- backup codes ----------------------------------------------------------------------------

export async function replaceBackupCodes(
  db: Db,
  userId: string,
  hashes: readonly string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('mfa_backup_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('mfa_backup_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Spends a backup code (once, even under races); false when unknown or already used. */
export async function useBackupCode(
  db: Db,
  userId: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('mfa_backup_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedBackupCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mfa_backup_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteBackupCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('mfa_backup_codes').where('user_id', '=', userId).execute();
}

// ---- challenges ------------------------------------------------------------------------------

export interface ChallengeRow {
  id_hash: string;
  user_id: string | null;
  purpose: string;
  code_hash: string | null;
  code_sent_at: Date | null;
  sends: number;
  attempts: number;
  payload: Record<string, unknown>;
  expires_at: Date;
}

export async function insertChallenge(
  db: Db,
  row: {
    idHash: string;
    userId: string | null;
    purpose: string;
    payload?: Record<string, unknown>;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('mfa_challenges')
    .values({
      id_hash: row.idHash,
      user_id: row.userId,
      purpose: row.purpose,
      payload: JSON.stringify(row.payload ?? {}),
      expires_at: row.expiresAt,
      created_at: row.now,
    })
    .execute();
}

export async function findChallenge(
  db: Db,
  idHash: string,
  purpose: string,
  now: Date,
): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('mfa_challenges')
    .select([
      'id_hash',
      'user_id',
      'purpose',
      'code_hash',
      'code_sent_at',
      'sends',
      'attempts',
      'payload',
      'expires_at',
    ])
    .where('id_hash', '=', idHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function recordCodeSent(
  db: Db,
  idHash: string,
  codeHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('mfa_challenges')
    .set((eb) => ({ code_hash: codeHash, code_sent_at: now, sends: eb('sends', '+', 1) }))
    .where('id_hash', '=', idHash)
    .execute();
}

/** One more wrong code; answers the attempts made so far. */
export async function recordWrongCode(db: Db, idHash: string): Promise<number> {
  const row = await db
    .updateTable('mfa_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id_hash', '=', idHash)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Uses a challenge up; true only for the one caller that deleted it. */
export async function consumeChallenge(db: Db, idHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mfa_challenges')
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The person's live challenge of `purpose` (one at a time for phone checks). */
export async function findChallengeOfUser(
  db: Db,
  userId: string,
  purpose: string,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const row = await db
    .selectFrom('mfa_challenges')
    .select('id_hash')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? findChallenge(db, row.id_hash, purpose, now) : undefined;
}

export async function deleteChallengesOfUser(
  db: Db,
  userId: string,
  purpose: string,
): Promise<void> {
  await db
    .deleteFrom('mfa_challenges')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

/** A failed re-authentication, kept an hour as an expired row with one attempt (for the limit). */
export async function recordFailedReauth(
  db: Db,
  idHash: string,
  userId: string,
  purpose: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('mfa_challenges')
    .values({
      id_hash: idHash,
      user_id: userId,
      purpose,
      attempts: 1,
      payload: '{}',
      expires_at: now,
      created_at: now,
    })
    .execute();
}

/** Ends a challenge now but keeps its row (its wrong codes still count for an hour). */
export async function expireChallenge(db: Db, idHash: string, now: Date): Promise<void> {
  await db
    .updateTable('mfa_challenges')
    .set({ expires_at: now })
    .where('id_hash', '=', idHash)
    .execute();
}

/** Wrong codes typed on the person's `purpose` challenges opened within the last hour. */
export async function wrongCodesWithinHour(
  db: Db,
  userId: string,
  now: Date,
  purpose: string,
): Promise<number> {
  const row = await db
    .selectFrom('mfa_challenges')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('attempts'), eb.val('0')).as('wrong'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', new Date(now.getTime() - 60 * 60_000))
    .executeTakeFirstOrThrow();
  return Number(row.wrong);
}

/** Challenges that ended over an hour ago are of no further use (not even for the limits). */
export async function purgeExpiredChallenges(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('mfa_challenges')
    .where('expires_at', '<', new Date(now.getTime() - 60 * 60_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- sessions and re-authentication ----------------------------------------------------------

export async function setReauthenticated(db: Db, sessionToken: string, now: Date): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ reauthenticated_at: now })
    .where('token', '=', sessionToken)
    .execute();
}

/** When the session logged in and when it last re-authenticated (undefined: no such session). */
export async function sessionProofTimes(
  db: Db,
  sessionToken: string,
): Promise<{ created_at: Date; reauthenticated_at: Date | null } | undefined> {
  return db
    .selectFrom('auth_sessions')
    .select(['created_at', 'reauthenticated_at'])
    .where('token', '=', sessionToken)
    .executeTakeFirst();
}

/** The credential (email + password) account's hash, if the person has a password. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

/** What the authenticator app shows next to the codes: the e-mail, else the username. */
export async function findAccountLabel(
  db: Db,
  userId: string,
): Promise<{ username: string; email: string | null }> {
  return db
    .selectFrom('users')
    .select(['username', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Codes sent to the person (log-ins and phone checks) by challenges opened since `since`. */
export async function codesSentSince(db: Db, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('mfa_challenges')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('sends'), eb.val('0')).as('sent'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.sent);
}

// ---- trusted devices (docs/decisions/042) -----------------------------------------------------

/**
 * The statement that trusts a browser for an account (or renews its trust), unexecuted: a log-in
 * runs it together with its last read (auth.repository.ts, ADR 199).
 */
export function trustDeviceStatement(
  qc: QueryCreator<Database>,
  deviceHash: string,
  userId: string,
  now: Date,
) {
  return qc
    .insertInto('auth_trusted_devices')
    .values({ device_hash: deviceHash, user_id: userId, created_at: now, last_used_at: now })
    .onConflict((oc) => oc.columns(['device_hash', 'user_id']).doUpdateSet({ last_used_at: now }));
}

export async function trustDevice(
  db: Db,
  deviceHash: string,
  userId: string,
  now: Date,
): Promise<void> {
  await trustDeviceStatement(db, deviceHash, userId, now).execute();
}

/** Browsers unused since `cutoff` stop being trusted. */
export async function purgeStaleDevices(db: Db, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('auth_trusted_devices')
    .where('last_used_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

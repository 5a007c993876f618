// All SQL of passkeys (docs/decisions/166): the webauthn_credentials rows and the single-use
// taking of a WebAuthn challenge (rows of mfa_challenges).
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

type Db = Kysely<Database>;

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: string;
  transports: string[];
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'sign_count',
  'transports',
  'device_type',
  'backed_up',
  'name',
  'created_at',
  'last_used_at',
] as const;

/** A person's passkeys, oldest first (at most PASSKEYS_MAX_PER_PERSON exist, so one page). */
export async function listPasskeys(db: Db, userId: string, limit = 100): Promise<PasskeyRow[]> {
  return db
    .selectFrom('webauthn_credentials')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webauthn_credentials')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('webauthn_credentials')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('webauthn_credentials')
    .select(COLUMNS)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function findPasskeyOfUser(
  db: Db,
  userId: string,
  id: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('webauthn_credentials')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Stores a new passkey unless the person already has `max` (checked in the same statement, so
 * two enrolments racing cannot pass the cap). Answers the row, 'limit', or 'duplicate' when the
 * credential id is already stored.
 */
export async function insertPasskey(
  db: Db,
  input: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    deviceType: 'singleDevice' | 'multiDevice';
    backedUp: boolean;
    aaguid: string;
    name: string;
    now: Date;
    max: number;
  },
): Promise<PasskeyRow | 'limit' | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    // Serialises this person's enrolments (the count below is then exact).
    await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().execute();
    const existing = await trx
      .selectFrom('webauthn_credentials')
      .select('user_id')
      .where('credential_id', '=', input.credentialId)
      .executeTakeFirst();
    if (existing) return 'duplicate';
    if ((await countPasskeys(trx, input.userId)) >= input.max) return 'limit';
    return trx
      .insertInto('webauthn_credentials')
      .values({
        user_id: input.userId,
        credential_id: input.credentialId,
        public_key: input.publicKey,
        sign_count: input.signCount,
        transports: input.transports,
        device_type: input.deviceType,
        backed_up: input.backedUp,
        aaguid: input.aaguid,
        name: input.name,
        created_at: input.now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

export async function renamePasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  return db
    .updateTable('webauthn_credentials')
    .set({ name })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webauthn_credentials')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Records a use: the new counter only if it is still `seen` in the row and the new one is larger
 * (or both are 0, an authenticator without a counter). False when another answer got in first.
 */
export async function advanceSignCount(
  db: Db,
  id: string,
  seen: number,
  next: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webauthn_credentials')
    .set({ sign_count: next, last_used_at: now })
    .where('id', '=', id)
    .where('sign_count', '=', String(seen))
    .where(next > seen || (next === 0 && seen === 0) ? sql<boolean>`true` : sql<boolean>`false`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes and answers a live challenge of `purpose`: only one caller ever gets it. */
export async function takeChallenge(
  db: Db,
  idHash: string,
  purpose: string,
  now: Date,
): Promise<{ user_id: string | null; payload: Record<string, unknown> } | undefined> {
  return db
    .deleteFrom('mfa_challenges')
    .where('id_hash', '=', idHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning(['user_id', 'payload'])
    .executeTakeFirst();
}

/** What an authenticator shows for the account: the e-mail (else username) and the name. */
export async function findPasskeyUserLabel(
  db: Db,
  userId: string,
): Promise<{ username: string; email: string | null; first_name: string; last_name: string }> {
  return db
    .selectFrom('users')
    .select(['username', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

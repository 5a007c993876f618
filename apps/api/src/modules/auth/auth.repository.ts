// Queries behind email auth that are ours rather than Better Auth's: finding an account by
// email or username, status changes, password-reset tokens, credential passwords set outside a
// sign-up, session revocation and purges. Emails and usernames match case-insensitively, as the
// unique indexes on lower(email) and lower(username) do.
import { sql, type Kysely, type QueryCreator } from 'kysely';
import { rememberDeviceStatement } from '../account-security/devices.service.ts';
import type { Database, StoredVariants, SuspensionReason } from '@corkboard/db/schema';

/** Better Auth's provider id for email + password. */
export const CREDENTIAL_PROVIDER = 'credential';
export const GOOGLE_PROVIDER = 'google';
export const FACEBOOK_PROVIDER = 'facebook';
/** Prefix of password-reset rows in auth_verifications (followed by the token's SHA-256). */
export const RESET_IDENTIFIER_PREFIX = 'reset-password:';

export interface AccountStatusRow {
  id: string;
  username: string;
  email: string | null;
  first_name: string;
  deactivated_at: Date | null;
  suspended_at: Date | null;
  suspension_reason: SuspensionReason | null;
  soft_banned_at: Date | null;
}

const STATUS_COLUMNS = [
  'id',
  'username',
  'email',
  'first_name',
  'deactivated_at',
  'suspended_at',
  'suspension_reason',
  'soft_banned_at',
] as const;

/** The account an email (when it has an `@`) or a username names. */
export async function findAccountByIdentifier(
  db: Kysely<Database>,
  identifier: string,
): Promise<AccountStatusRow | undefined> {
  const value = identifier.trim().toLowerCase();
  const column = value.includes('@') ? sql<string>`lower(email)` : sql<string>`lower(username)`;
  return db.selectFrom('users').select(STATUS_COLUMNS).where(column, '=', value).executeTakeFirst();
}

export async function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<AccountStatusRow | undefined> {
  return db
    .selectFrom('users')
    .select(STATUS_COLUMNS)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAccountById(
  db: Kysely<Database>,
  id: string,
): Promise<AccountStatusRow | undefined> {
  return db.selectFrom('users').select(STATUS_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Lower-cased usernames among `candidates` that are already taken. */
export async function takenUsernames(
  db: Kysely<Database>,
  candidates: readonly string[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(username)`.as('name'))
    .where(
      sql<string>`lower(username)`,
      'in',
      candidates.map((candidate) => candidate.toLowerCase()),
    )
    .execute();
  return new Set(rows.map((row) => row.name));
}

export interface AuthUserRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  image_url: string | null;
  avatar_variants: StoredVariants | null;
  account_type: 'personal' | 'business';
  country: string | null;
  locale: string;
  is_admin: boolean;
  providers: string[];
}

/** The signed-in person with the ways they can log in (for has_password / connected_to_*). */
function authUserQuery(qc: QueryCreator<Database>, id: string) {
  return qc
    .selectFrom('users as u')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .where('u.id', '=', id)
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.image_url',
      'ua.variants as avatar_variants',
      'u.account_type',
      'u.country',
      'u.locale',
      'u.is_admin',
      sql<string[]>`ARRAY(
        SELECT a.provider_id FROM auth_accounts a
        WHERE a.user_id = u.id AND (a.provider_id <> ${CREDENTIAL_PROVIDER} OR a.password IS NOT NULL)
        ORDER BY a.provider_id
      )`.as('providers'),
    ]);
}

export async function findAuthUser(
  db: Kysely<Database>,
  id: string,
): Promise<AuthUserRow | undefined> {
  return authUserQuery(db, id).executeTakeFirst();
}

/**
 * The last two steps of "complete the login" in one round trip (ADR 199): trusts the browser
 * with device id `deviceId` for the account (rememberDevice's statement), and reads the
 * signed-in person for the answer (findAuthUser's). The read does not see the insert, and needs
 * nothing from it.
 */
export async function trustDeviceAndFindAuthUser(
  db: Kysely<Database>,
  id: string,
  deviceId: string,
  now: Date,
): Promise<AuthUserRow | undefined> {
  return authUserQuery(
    db.with('trusted_device', (qc) => rememberDeviceStatement(qc, deviceId, id, now)),
    id,
  ).executeTakeFirst();
}

/** The password hash of the user's credential account, or null (no password). */
export async function findCredentialHash(
  db: Kysely<Database>,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', CREDENTIAL_PROVIDER)
    .executeTakeFirst();
  return row?.password ?? null;
}

/** Sets (or replaces) the password hash of the user's credential account. */
export async function setCredentialPassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('auth_accounts')
    .values({
      user_id: userId,
      provider_id: CREDENTIAL_PROVIDER,
      // Better Auth keys a credential account by the user's id.
      account_id: userId,
      password: passwordHash,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['provider_id', 'account_id'])
        .doUpdateSet({ password: passwordHash, updated_at: now }),
    )
    .execute();
}

/** Leaves the credential account without a usable password (soft ban). */
export async function clearCredentialPassword(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('auth_accounts')
    .set({ password: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('provider_id', '=', CREDENTIAL_PROVIDER)
    .execute();
}

/** Revokes the user's sessions, except the one whose token is `keepToken`. */
export async function deleteSessions(
  db: Kysely<Database>,
  userId: string,
  keepToken?: string | null,
): Promise<number> {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('token', '<>', keepToken);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSessionByToken(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('token', '=', token).execute();
}

export async function countSessions(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('auth_sessions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function storeResetToken(
  db: Kysely<Database>,
  input: { tokenHash: string; userId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insertInto('auth_verifications')
    .values({
      identifier: `${RESET_IDENTIFIER_PREFIX}${input.tokenHash}`,
      value: input.userId,
      expires_at: input.expiresAt,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
}

/**
 * Uses up a reset token: deletes its row and answers the user id, only if it has not expired at
 * `now`. One DELETE … RETURNING, so two concurrent resets with one token cannot both succeed.
 */
export async function consumeResetToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('auth_verifications')
    .where('identifier', '=', `${RESET_IDENTIFIER_PREFIX}${tokenHash}`)
    .where('expires_at', '>', now)
    .returning('value')
    .executeTakeFirst();
  return row?.value;
}

/** Deletes every outstanding reset token of the user (a reset with any one of them ends them all). */
export async function deleteResetTokensOf(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('auth_verifications')
    .where('identifier', 'like', `${RESET_IDENTIFIER_PREFIX}%`)
    .where('value', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setAccountStatus(
  db: Kysely<Database>,
  userId: string,
  status: {
    deactivated_at?: Date | null;
    suspended_at?: Date | null;
    suspension_reason?: SuspensionReason | null;
    soft_banned_at?: Date | null;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...status, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function purgeExpiredVerifications(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('auth_verifications')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function purgeExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('auth_sessions')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes an account for good (one past the resurrection window, before its email is reused). */
export async function deleteAccount(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** The user id a reset token (by its hash) was issued for, unless it expired. Not consumed. */
export async function findPendingReset(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_verifications')
    .select('value')
    .where('identifier', '=', `${RESET_IDENTIFIER_PREFIX}${tokenHash}`)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.value;
}

/** Ids of the users without a password (no credential account with one). */
export async function findUsersWithoutPassword(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('auth_accounts as a')
            .select('a.id')
            .whereRef('a.user_id', '=', 'u.id')
            .where('a.provider_id', '=', CREDENTIAL_PROVIDER)
            .where('a.password', 'is not', null),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

// SQL behind /settings/ (issue 9 "Account settings"; docs/decisions/148–150): the profile row,
// sessions listed and revoked by id (never by token: tokens never leave the server), connected
// accounts, e-mail change tokens (as hashes in auth_verifications) and the accounts past the
// resurrection window. Usernames and e-mails compare case-insensitively, as their indexes do.
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { CREDENTIAL_PROVIDER } from './auth.repository.ts';

/** Prefix of e-mail change rows in auth_verifications (followed by the token's SHA-256). */
export const EMAIL_CHANGE_IDENTIFIER_PREFIX = 'change-email:';

export interface ProfileRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  about: string;
  email: string | null;
  listed_website_url: string | null;
  avatar_image_id: string | null;
  avatar_variants: StoredVariants | null;
  image_url: string | null;
}

export async function findProfile(
  db: Kysely<Database>,
  userId: string,
): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.about',
      'u.email',
      'u.listed_website_url',
      'u.avatar_image_id',
      'ua.variants as avatar_variants',
      'u.image_url',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Locks the person's row for the profile update (two saves of one avatar cannot interleave). */
export async function lockProfile(
  db: Kysely<Database>,
  userId: string,
): Promise<{ avatar_image_id: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select('avatar_image_id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateProfileRow(
  db: Kysely<Database>,
  userId: string,
  values: {
    first_name?: string;
    last_name?: string;
    username?: string;
    about?: string;
    listed_website_url?: string | null;
    avatar_image_id?: string | null;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Whether another account than `userId` has `username` (case-insensitively). */
export async function usernameTakenByOther(
  db: Kysely<Database>,
  username: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes one of the person's own uploads (its image now belongs to the profile). */
export async function deleteOwnUpload(
  db: Kysely<Database>,
  userId: string,
  mediaUploadId: string,
): Promise<void> {
  await db
    .deleteFrom('media_uploads')
    .where('id', '=', mediaUploadId)
    .where('user_id', '=', userId)
    .execute();
}

export interface SessionRow {
  id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: Date;
  updated_at: Date;
  current: boolean;
}

/** The person's unexpired sessions, newest activity first; `current` marks `currentToken`'s. */
export async function listSessionsOf(
  db: Kysely<Database>,
  userId: string,
  currentToken: string | null,
  now: Date,
  limit: number,
  beforeId?: string,
): Promise<SessionRow[]> {
  let query = db
    .selectFrom('auth_sessions')
    .select([
      'id',
      'user_agent',
      'ip_address',
      'created_at',
      'updated_at',
      sql<boolean>`token = ${currentToken ?? ''}`.as('current'),
    ])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Deletes one of the person's sessions by id; answers whether it existed. */
export async function deleteSessionOf(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('auth_sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function sessionIsCurrent(
  db: Kysely<Database>,
  sessionId: string,
  token: string | null,
): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('token', '=', token)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the session with `token` was created (a fresh log-in counts as re-authentication). */
export async function sessionCreatedAt(
  db: Kysely<Database>,
  token: string,
): Promise<{ created_at: Date; reauthenticated_at: Date | null } | undefined> {
  return db
    .selectFrom('auth_sessions')
    .select(['created_at', 'reauthenticated_at'])
    .where('token', '=', token)
    .executeTakeFirst();
}

export interface LinkedAccountRow {
  provider_id: string;
  created_at: Date;
}

/** The person's ways in: provider ids (the credential one only when it holds a password). */
export async function listLinkedAccounts(
  db: Kysely<Database>,
  userId: string,
): Promise<{ providers: LinkedAccountRow[]; hasPassword: boolean }> {
  const rows = await db
    .selectFrom('auth_accounts')
    .select(['provider_id', 'created_at', 'password'])
    .where('user_id', '=', userId)
    .orderBy('provider_id')
    .execute();
  return {
    providers: rows
      .filter((row) => row.provider_id !== CREDENTIAL_PROVIDER)
      .map((row) => ({ provider_id: row.provider_id, created_at: row.created_at })),
    hasPassword: rows.some(
      (row) => row.provider_id === CREDENTIAL_PROVIDER && row.password !== null,
    ),
  };
}

/** Locks the person's account rows (disconnecting two providers at once cannot strand them). */
export async function lockLinkedAccounts(db: Kysely<Database>, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/**
 * Connects a provider identity to the person (a Better Auth account row, as a social sign-up
 * makes); false when the identity was connected by someone meanwhile (the unique key).
 */
export async function insertLinkedAccount(
  db: Kysely<Database>,
  input: { userId: string; providerId: string; accountId: string; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('auth_accounts')
    .values({
      user_id: input.userId,
      provider_id: input.providerId,
      account_id: input.accountId,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.columns(['provider_id', 'account_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteLinkedAccount(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('auth_accounts')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function storeEmailChange(
  db: Kysely<Database>,
  input: { tokenHash: string; userId: string; email: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One pending change per person: a new request replaces the older link.
    await trx
      .deleteFrom('auth_verifications')
      .where('identifier', 'like', `${EMAIL_CHANGE_IDENTIFIER_PREFIX}%`)
      .where(sql<string>`value::jsonb ->> 'user_id'`, '=', input.userId)
      .execute();
    await trx
      .insertInto('auth_verifications')
      .values({
        identifier: `${EMAIL_CHANGE_IDENTIFIER_PREFIX}${input.tokenHash}`,
        value: JSON.stringify({ user_id: input.userId, email: input.email }),
        expires_at: input.expiresAt,
        created_at: input.now,
        updated_at: input.now,
      })
      .execute();
  });
}

/** Consumes an e-mail change token (by hash): its user and new address, unless expired. */
export async function consumeEmailChange(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ user_id: string; email: string } | undefined> {
  const row = await db
    .deleteFrom('auth_verifications')
    .where('identifier', '=', `${EMAIL_CHANGE_IDENTIFIER_PREFIX}${tokenHash}`)
    .where('expires_at', '>', now)
    .returning('value')
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = JSON.parse(row.value) as { user_id?: unknown; email?: unknown };
  if (typeof parsed.user_id !== 'string' || typeof parsed.email !== 'string') return undefined;
  return { user_id: parsed.user_id, email: parsed.email };
}

export async function emailTakenByOther(
  db: Kysely<Database>,
  email: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setEmail(
  db: Kysely<Database>,
  userId: string,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, email_verified: true, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Accounts deactivated before `cutoff`, oldest first, at most `limit`. */
export async function findExpiredDeactivations(
  db: Kysely<Database>,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('deactivated_at', 'is not', null)
    .where('deactivated_at', '<', cutoff)
    .orderBy('deactivated_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Every image the person's data uses: their avatar, their pins, and pins on their boards. */
export async function imagesOfPerson(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pins as p')
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .select('p.image_id as id')
    .where((eb) => eb.or([eb('p.pinner_id', '=', userId), eb('b.owner_id', '=', userId)]))
    .union(
      db
        .selectFrom('users')
        .select('avatar_image_id as id')
        .where('id', '=', userId)
        .where('avatar_image_id', 'is not', null)
        .$narrowType<{ id: string }>(),
    )
    .union(db.selectFrom('media_uploads').select('image_id as id').where('user_id', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the account row if it is still deactivated before `cutoff` (a login may have won). */
export async function deleteDeactivatedUser(
  db: Kysely<Database>,
  userId: string,
  cutoff: Date,
): Promise<boolean> {
  // The row lock keeps a login (which clears deactivated_at) from racing the counter fixes.
  const still = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deactivated_at', 'is not', null)
    .where('deactivated_at', '<', cutoff)
    .forUpdate()
    .executeTakeFirst();
  if (!still) return false;
  await releaseCountersOf(db, userId);
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Before a purged person's row goes (its pins, follows and collaborations cascade with it), the
 * counters on other people's rows that counted them go down: pin counts of others' boards and
 * sections holding their pins (ADR 150's known gap, fixed in ADR 162), follower counts of the
 * boards and people they followed, following counts of their followers, and collaborator counts
 * of boards they had joined. Their own boards go with them, so those are left alone.
 */
async function releaseCountersOf(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`
    UPDATE boards b SET pin_count = GREATEST(b.pin_count - c.n, 0)
    FROM (SELECT board_id, count(*)::int AS n FROM pins WHERE pinner_id = ${userId} GROUP BY board_id) c
    WHERE b.id = c.board_id AND b.owner_id <> ${userId}
  `.execute(db);
  await sql`
    UPDATE board_sections s SET pin_count = GREATEST(s.pin_count - c.n, 0)
    FROM (
      SELECT p.section_id, count(*)::int AS n FROM pins p
      JOIN boards b ON b.id = p.board_id
      WHERE p.pinner_id = ${userId} AND p.section_id IS NOT NULL AND b.owner_id <> ${userId}
      GROUP BY p.section_id
    ) c
    WHERE s.id = c.section_id
  `.execute(db);
  await sql`
    UPDATE boards b SET follower_count = GREATEST(b.follower_count - 1, 0)
    FROM board_follows f
    WHERE f.user_id = ${userId} AND f.board_id = b.id AND b.owner_id <> ${userId}
  `.execute(db);
  await sql`
    UPDATE boards b SET collaborator_count = GREATEST(b.collaborator_count - 1, 0)
    FROM board_collaborators c
    WHERE c.user_id = ${userId} AND c.status = 'accepted' AND c.board_id = b.id
      AND b.owner_id <> ${userId}
  `.execute(db);
  await sql`
    UPDATE users u SET follower_count = GREATEST(u.follower_count - 1, 0)
    FROM user_follows f
    WHERE f.follower_id = ${userId} AND f.followee_id = u.id AND u.id <> ${userId}
  `.execute(db);
  await sql`
    UPDATE users u SET following_count = GREATEST(u.following_count - 1, 0)
    FROM user_follows f
    WHERE f.followee_id = ${userId} AND f.follower_id = u.id AND u.id <> ${userId}
  `.execute(db);
}

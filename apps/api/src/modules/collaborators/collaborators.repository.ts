// Collaborator queries: memberships (board_collaborators) and e-mail invitations (board_invites).
// `db` may be a transaction.
import type { Kysely } from 'kysely';
import type { BoardPrivacyColumn, Database, StoredVariants } from '@corkboard/db/schema';
import { boardCovers } from '../../core/board-covers.repository.ts';
import { userSummaryQuery } from '../../core/user-summary.repository.ts';

export interface PersonRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
}

export interface InviteBoardRow {
  id: string;
  name: string;
  slug: string;
  privacy: BoardPrivacyColumn;
  owner_id: string;
  owner_username: string;
}

export async function findBoardForInvites(
  db: Kysely<Database>,
  boardId: string,
): Promise<InviteBoardRow | undefined> {
  return db
    .selectFrom('boards as b')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .select(['b.id', 'b.name', 'b.slug', 'b.privacy', 'b.owner_id', 'o.username as owner_username'])
    .where('b.id', '=', boardId)
    .executeTakeFirst();
}

/** People by id who can be invited: existing, not deactivated, not suspended. */
export async function findInvitableUsers(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<PersonRow[]> {
  if (userIds.length === 0) return [];
  return userSummaryQuery(db)
    .where('u.id', 'in', [...userIds])
    .where('u.deactivated_at', 'is', null)
    .where('u.suspended_at', 'is', null)
    .execute();
}

export async function findPerson(db: Kysely<Database>, userId: string): Promise<PersonRow> {
  return userSummaryQuery(db).where('u.id', '=', userId).executeTakeFirstOrThrow();
}

/** The account's e-mail and whether it is verified (for binding e-mail invitations). */
export async function findAccountEmail(
  db: Kysely<Database>,
  userId: string,
): Promise<{ email: string | null; email_verified: boolean } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'email_verified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Accepting an e-mail invitation sent to the account's own address proves the person reads that
 * mailbox (the token went nowhere else): the address counts as verified from then on.
 */
export async function markAccountEmailVerified(
  db: Kysely<Database>,
  userId: string,
): Promise<void> {
  await db.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute();
}

/** Invites each user unless they already are invited or a member; answers every status. */
export async function inviteUsers(
  db: Kysely<Database>,
  boardId: string,
  invitedById: string,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, 'invited' | 'accepted'>> {
  if (userIds.length === 0) return new Map();
  await db
    .insertInto('board_collaborators')
    .values(
      userIds.map((userId) => ({
        board_id: boardId,
        user_id: userId,
        invited_by_id: invitedById,
        status: 'invited' as const,
        created_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['board_id', 'user_id']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('board_collaborators')
    .select(['user_id', 'status'])
    .where('board_id', '=', boardId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.status]));
}

/** E-mail invitations `inviterId` created since `since` (the daily budget). */
export async function countEmailInvitesSince(
  db: Kysely<Database>,
  inviterId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('board_invites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('invited_by_id', '=', inviterId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEmailInvite(
  db: Kysely<Database>,
  values: {
    boardId: string;
    invitedById: string;
    email: string;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('board_invites')
    .values({
      board_id: values.boardId,
      invited_by_id: values.invitedById,
      email: values.email,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteEmailInvite(db: Kysely<Database>, inviteId: string): Promise<void> {
  await db.deleteFrom('board_invites').where('id', '=', inviteId).execute();
}

export async function findEmailInviteByHash(
  db: Kysely<Database>,
  tokenHash: string,
  options: { forUpdate: boolean },
) {
  let query = db.selectFrom('board_invites').selectAll().where('token_hash', '=', tokenHash);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markEmailInviteAccepted(
  db: Kysely<Database>,
  inviteId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('board_invites')
    .set({ accepted_by_id: userId, accepted_at: now })
    .where('id', '=', inviteId)
    .where('accepted_by_id', 'is', null)
    .execute();
}

/** The membership row (invited or accepted), locked. */
export async function findMembership(
  db: Kysely<Database>,
  boardId: string,
  userId: string,
): Promise<{ status: 'invited' | 'accepted' } | undefined> {
  return db
    .selectFrom('board_collaborators')
    .select('status')
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Makes `userId` an accepted collaborator (from an invitation or an e-mail link), bumping the
 * board's collaborator_count exactly when they were not one before. Answers whether it changed.
 */
export async function acceptMembership(
  db: Kysely<Database>,
  values: { boardId: string; userId: string; invitedById: string; now: Date },
): Promise<boolean> {
  const existing = await findMembership(db, values.boardId, values.userId);
  if (existing?.status === 'accepted') return false;
  if (existing) {
    await db
      .updateTable('board_collaborators')
      .set({ status: 'accepted', accepted_at: values.now })
      .where('board_id', '=', values.boardId)
      .where('user_id', '=', values.userId)
      .execute();
  } else {
    await db
      .insertInto('board_collaborators')
      .values({
        board_id: values.boardId,
        user_id: values.userId,
        invited_by_id: values.invitedById,
        status: 'accepted',
        created_at: values.now,
        accepted_at: values.now,
      })
      .execute();
  }
  await db
    .updateTable('boards')
    .set((eb) => ({ collaborator_count: eb('collaborator_count', '+', 1) }))
    .where('id', '=', values.boardId)
    .execute();
  return true;
}

export async function deleteInvitation(
  db: Kysely<Database>,
  boardId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('board_collaborators')
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface InvitationRow {
  board_id: string;
  created_at: Date;
  board_name: string;
  board_slug: string;
  board_privacy: BoardPrivacyColumn;
  board_pin_count: number;
  owner_id: string;
  owner_username: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_avatar_variants: StoredVariants | null;
  inviter_id: string;
  inviter_username: string;
  inviter_first_name: string;
  inviter_last_name: string;
  inviter_avatar_variants: StoredVariants | null;
  covers: { variants: StoredVariants }[];
}

/** Invitations waiting for `userId`, newest first. */
export async function listInvitations(
  db: Kysely<Database>,
  userId: string,
  offset: number,
  limit: number,
): Promise<InvitationRow[]> {
  return db
    .selectFrom('board_collaborators as bc')
    .innerJoin('boards as b', 'b.id', 'bc.board_id')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('images as oa', 'oa.id', 'o.avatar_image_id')
    .innerJoin('users as iu', 'iu.id', 'bc.invited_by_id')
    .leftJoin('images as ia', 'ia.id', 'iu.avatar_image_id')
    .select([
      'bc.board_id',
      'bc.created_at',
      'b.name as board_name',
      'b.slug as board_slug',
      'b.privacy as board_privacy',
      'b.pin_count as board_pin_count',
      'o.id as owner_id',
      'o.username as owner_username',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'oa.variants as owner_avatar_variants',
      'iu.id as inviter_id',
      'iu.username as inviter_username',
      'iu.first_name as inviter_first_name',
      'iu.last_name as inviter_last_name',
      'ia.variants as inviter_avatar_variants',
      // An invitee is not a member yet: a secret board shows them no pin images.
      boardCovers(db, { coverFirst: false, exceptSecret: true }).as('covers'),
    ])
    .where('bc.user_id', '=', userId)
    .where('bc.status', '=', 'invited')
    .orderBy('bc.created_at', 'desc')
    .orderBy('bc.board_id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** What the invitation mail needs, while the invitation is still open (decision 143). */
export async function findOpenEmailInviteForMail(
  db: Kysely<Database>,
  inviteId: string,
  now: Date,
) {
  return db
    .selectFrom('board_invites as i')
    .innerJoin('boards as b', 'b.id', 'i.board_id')
    .innerJoin('users as u', 'u.id', 'i.invited_by_id')
    .select([
      'i.id',
      'i.email',
      'b.name as board_name',
      'u.username',
      'u.first_name',
      'u.last_name',
    ])
    .where('i.id', '=', inviteId)
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

/** The mailed link's token replaces the placeholder the request stored (only hashes are kept). */
export async function setEmailInviteTokenHash(
  db: Kysely<Database>,
  inviteId: string,
  tokenHash: string,
): Promise<void> {
  await db
    .updateTable('board_invites')
    .set({ token_hash: tokenHash })
    .where('id', '=', inviteId)
    .where('accepted_at', 'is', null)
    .execute();
}

/** An invitation whose mail was given up: taken back unless someone accepted it meanwhile. */
export async function deleteOpenEmailInvite(db: Kysely<Database>, inviteId: string): Promise<void> {
  await db
    .deleteFrom('board_invites')
    .where('id', '=', inviteId)
    .where('accepted_at', 'is', null)
    .execute();
}

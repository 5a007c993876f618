// Collaborators (saving.md §1, §2.6, §6, §7 "Collaborator invites are sent per board after
// creation, by user or by e-mail"; docs/decisions/008).
//
// - Only the owner invites (owner decided by id); protected (advertiser) boards take no
//   collaborators. A board the viewer cannot see is BOARD_NOT_FOUND.
// - By user: a `board_collaborators` row with status `invited`. It grants nothing (not even
//   seeing a secret board) until the invitee accepts from their invitations list.
// - By e-mail: a real mail with a link carrying a random token (stored hashed, 14 days). A
//   signed-in person whose account's e-mail is the invited address (case-insensitive; decision
//   096) becomes an accepted collaborator when they open it — after logging in, or signing up with
//   that address, which the accepted token then verifies. Another account gets
//   COLLABORATOR_INVITE_WRONG_EMAIL: a forwarded or leaked link is not a key to a secret board.
//   The link then belongs to them: following it again is a harmless success, anyone else gets
//   COLLABORATOR_INVITE_TOKEN_INVALID.
// - E-mail invitations are limited per inviter per day (COLLABORATOR_INVITE_LIMIT): they go to
//   addresses nobody has verified, so they must not become a way to send mail to strangers.
import { AppError } from '@corkboard/shared/app-error';
import type { UserSummary } from '@corkboard/shared/api-types';
import { validateEmail } from '@corkboard/shared/auth/email';
import type {
  BoardInviteItem,
  CollaboratorInviteOutcome,
  CollaboratorInviteResult,
  EmailInvitePreview,
} from '@corkboard/shared/saving/api';
import type { AppDeps } from '../../core/app-deps.ts';
import { isBoardVisible } from '../../core/board-access.repository.ts';
import { decodeOffsetBookmark, encodeOffsetBookmark, type Page } from '../../core/bookmarks.ts';
import { thumbnail } from '../../core/media-urls.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { boardUrl, serializeUserSummary } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import type { CollaboratorInviteBody } from './collaborators.schemas.ts';
import {
  acceptMembership,
  countEmailInvitesSince,
  deleteEmailInvite,
  deleteInvitation,
  findAccountEmail,
  findBoardForInvites,
  findEmailInviteByHash,
  findInvitableUsers,
  findMembership,
  findPerson,
  insertEmailInvite,
  inviteUsers,
  listInvitations,
  markAccountEmailVerified,
  markEmailInviteAccepted,
  type InviteBoardRow,
  type PersonRow,
} from './collaborators.repository.ts';
import { BOARD_INVITE_MAIL_JOB } from './invite-mail.jobs.ts';
import { BOARD_INVITE_TTL_MS, hashInviteToken, newInviteToken } from './invite-mail.ts';

/** Not in the spec: e-mail invitations one person may send per 24 hours. */
export const COLLABORATOR_EMAIL_INVITES_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60_000;
/** Invitations listed beyond this offset are not paged. */
export const INVITATIONS_MAX_OFFSET = 1000;

function summary(deps: AppDeps, row: PersonRow): UserSummary {
  return serializeUserSummary(deps.storage, row);
}

function outcome(
  board: InviteBoardRow,
  status: CollaboratorInviteOutcome['status'],
): CollaboratorInviteOutcome {
  return {
    board: { id: board.id, name: board.name, url: boardUrl(board.owner_username, board.slug) },
    status,
  };
}

/** The board for an owner action, checked: visible, owned by the viewer, not protected. */
async function requireOwnedBoard(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
): Promise<InviteBoardRow> {
  const visible = await isBoardVisible(deps.db, viewer, boardId);
  const board = visible ? await findBoardForInvites(deps.db, boardId) : undefined;
  if (!board) throw new AppError('BOARD_NOT_FOUND');
  if (board.owner_id !== viewer.id) throw new AppError('COLLABORATOR_INVITE_NOT_OWNER');
  if (board.privacy === 'protected') throw new AppError('COLLABORATOR_INVITE_NOT_ALLOWED');
  return board;
}

/** Trimmed, each checked with the signup rule, duplicates (ignoring case) dropped. */
function checkedEmails(emails: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const email of emails) {
    if (validateEmail(email) !== null) {
      throw new AppError('COLLABORATOR_INVITE_EMAIL_INVALID', { data: { field: 'emails', email } });
    }
    const key = email.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      result.push(email);
    }
  }
  return result;
}

/** POST /v3/boards/{id}/collaborators/invite/ */
export async function inviteCollaborators(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
  input: CollaboratorInviteBody,
): Promise<CollaboratorInviteResult> {
  const board = await requireOwnedBoard(deps, viewer, boardId);
  const emails = checkedEmails(input.emails);
  const userIds = [...new Set(input.user_ids)];
  if (userIds.includes(viewer.id)) {
    throw new AppError('COLLABORATOR_INVITE_SELF', { data: { field: 'user_ids' } });
  }
  const users = await findInvitableUsers(deps.db, userIds);
  if (users.length !== userIds.length) {
    const found = new Set(users.map((user) => user.id));
    throw new AppError('USER_NOT_FOUND', {
      data: { field: 'user_ids', user_ids: userIds.filter((id) => !found.has(id)) },
    });
  }

  const now = deps.now();
  const tokens = emails.map((email) => ({ email, token: newInviteToken() }));
  const { statuses, inviteIds } = await deps.db.transaction().execute(async (trx) => {
    if (tokens.length > 0) {
      const sent = await countEmailInvitesSince(trx, viewer.id, new Date(now.getTime() - DAY_MS));
      if (sent + tokens.length > COLLABORATOR_EMAIL_INVITES_PER_DAY) {
        throw new AppError('COLLABORATOR_INVITE_LIMIT', {
          data: { max_per_day: COLLABORATOR_EMAIL_INVITES_PER_DAY },
        });
      }
    }
    const statuses = await inviteUsers(trx, board.id, viewer.id, userIds, now);
    const inviteIds: string[] = [];
    for (const { email, token } of tokens) {
      inviteIds.push(
        await insertEmailInvite(trx, {
          boardId: board.id,
          invitedById: viewer.id,
          email,
          tokenHash: hashInviteToken(token),
          expiresAt: new Date(now.getTime() + BOARD_INVITE_TTL_MS),
          now,
        }),
      );
    }
    return { statuses, inviteIds };
  });

  // Decision 143: each mail is a durable job accepted after the commit (a job must never point
  // at an invitation that was rolled back; pg-boss cannot join this transaction on PGlite). The
  // worker mints the link's token then; the token stored above is a placeholder nobody has.
  // 'sent' means accepted for delivery; a job that cannot be accepted takes its invitation back.
  const emailResults: CollaboratorInviteResult['emails'] = [];
  for (const [index, { email }] of tokens.entries()) {
    const inviteId = inviteIds[index];
    if (inviteId === undefined) continue;
    try {
      await deps.jobs.send(BOARD_INVITE_MAIL_JOB, { invite_id: inviteId });
      emailResults.push({ email, status: 'sent' });
    } catch (error) {
      deps.log.error({ err: error, board_id: board.id }, 'collaborator invitation mail not queued');
      await deleteEmailInvite(deps.db, inviteId);
      emailResults.push({ email, status: 'failed' });
    }
  }
  return {
    board_id: board.id,
    users: users.map((user) => ({
      user: summary(deps, user),
      status: statuses.get(user.id) ?? 'invited',
    })),
    emails: emailResults,
  };
}

async function requireBoardRow(deps: AppDeps, boardId: string): Promise<InviteBoardRow> {
  const board = await findBoardForInvites(deps.db, boardId);
  if (!board) throw new AppError('COLLABORATOR_INVITE_NOT_FOUND');
  return board;
}

/** POST /v3/boards/{id}/collaborators/accept/ — idempotent for an accepted member. */
export async function acceptInvitation(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
): Promise<CollaboratorInviteOutcome> {
  await deps.db.transaction().execute(async (trx) => {
    const membership = await findMembership(trx, boardId, viewer.id);
    if (!membership) throw new AppError('COLLABORATOR_INVITE_NOT_FOUND');
    if (membership.status === 'accepted') return;
    const board = await findBoardForInvites(trx, boardId);
    if (!board) throw new AppError('COLLABORATOR_INVITE_NOT_FOUND');
    await acceptMembership(trx, {
      boardId,
      userId: viewer.id,
      invitedById: board.owner_id,
      now: deps.now(),
    });
  });
  return outcome(await requireBoardRow(deps, boardId), 'accepted');
}

/** POST /v3/boards/{id}/collaborators/decline/ — removes a pending invitation. */
export async function declineInvitation(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
): Promise<CollaboratorInviteOutcome> {
  const board = await requireBoardRow(deps, boardId);
  if (!(await deleteInvitation(deps.db, boardId, viewer.id))) {
    throw new AppError('COLLABORATOR_INVITE_NOT_FOUND');
  }
  return outcome(board, 'declined');
}

/** GET /v3/users/me/board_invites/ — invitations waiting for the viewer, newest first. */
export async function myInvitations(
  deps: AppDeps,
  viewer: Viewer,
  page: PageRequest,
): Promise<Page<BoardInviteItem>> {
  const offset = decodeOffsetBookmark(page.bookmark, INVITATIONS_MAX_OFFSET);
  const rows = await listInvitations(deps.db, viewer.id, offset, page.pageSize + 1);
  const pageRows = rows.slice(0, page.pageSize);
  const next = offset + pageRows.length;
  return {
    items: pageRows.map((row) => ({
      board: {
        id: row.board_id,
        name: row.board_name,
        url: boardUrl(row.owner_username, row.board_slug),
        privacy: row.board_privacy,
        owner: summary(deps, {
          id: row.owner_id,
          username: row.owner_username,
          first_name: row.owner_first_name,
          last_name: row.owner_last_name,
          avatar_variants: row.owner_avatar_variants,
        }),
        pin_count: row.board_pin_count,
        cover_images: row.covers.map((cover) => thumbnail(deps.storage, cover.variants)),
      },
      invited_by: summary(deps, {
        id: row.inviter_id,
        username: row.inviter_username,
        first_name: row.inviter_first_name,
        last_name: row.inviter_last_name,
        avatar_variants: row.inviter_avatar_variants,
      }),
      created_at: row.created_at.toISOString(),
    })),
    bookmark:
      rows.length > page.pageSize && next <= INVITATIONS_MAX_OFFSET
        ? encodeOffsetBookmark(next)
        : undefined,
  };
}

/** Addresses compare as the invitation stores them: trimmed, case-insensitive. */
function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** POST /v3/board_invites/accept/ { token } — the e-mail link, for a signed-in person. */
export async function acceptEmailInvitation(
  deps: AppDeps,
  viewer: Viewer,
  token: string,
): Promise<CollaboratorInviteOutcome> {
  const tokenHash = hashInviteToken(token);
  const boardId = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const invite = await findEmailInviteByHash(trx, tokenHash, { forUpdate: true });
    if (!invite) throw new AppError('COLLABORATOR_INVITE_TOKEN_INVALID');
    if (invite.accepted_by_id !== null) {
      if (invite.accepted_by_id === viewer.id) return invite.board_id;
      throw new AppError('COLLABORATOR_INVITE_TOKEN_INVALID');
    }
    if (invite.expires_at.getTime() <= now.getTime()) {
      throw new AppError('COLLABORATOR_INVITE_TOKEN_INVALID', { data: { reason: 'expired' } });
    }
    const board = await findBoardForInvites(trx, invite.board_id);
    if (!board) throw new AppError('COLLABORATOR_INVITE_TOKEN_INVALID');
    // The owner opening their own invitation must not use it up for the person it was for.
    if (board.owner_id === viewer.id) throw new AppError('COLLABORATOR_INVITE_SELF');
    const account = await findAccountEmail(trx, viewer.id);
    if (!account?.email || !sameEmail(account.email, invite.email)) {
      throw new AppError('COLLABORATOR_INVITE_WRONG_EMAIL');
    }
    if (!account.email_verified) await markAccountEmailVerified(trx, viewer.id);
    await markEmailInviteAccepted(trx, invite.id, viewer.id, now);
    await acceptMembership(trx, {
      boardId: board.id,
      userId: viewer.id,
      invitedById: invite.invited_by_id,
      now,
    });
    return board.id;
  });
  return outcome(await requireBoardRow(deps, boardId), 'accepted');
}

/** GET /v3/board_invites/?token= — what a link invites to, for the page before accepting. */
export async function previewEmailInvitation(
  deps: AppDeps,
  token: string,
): Promise<EmailInvitePreview> {
  const invite = await findEmailInviteByHash(deps.db, hashInviteToken(token), { forUpdate: false });
  const usable =
    invite !== undefined &&
    (invite.accepted_by_id !== null || invite.expires_at.getTime() > deps.now().getTime());
  const board = usable ? await findBoardForInvites(deps.db, invite.board_id) : undefined;
  if (!invite || !board) throw new AppError('COLLABORATOR_INVITE_TOKEN_INVALID');
  const inviter = await findPerson(deps.db, invite.invited_by_id);
  return {
    board: { id: board.id, name: board.name },
    invited_by: summary(deps, inviter),
    expires_at: invite.expires_at.toISOString(),
    accepted: invite.accepted_by_id !== null,
  };
}

// Collaborators in board edit (issue 10 "board edit (… collaborators: list, remove, leave)";
// docs/decisions/125):
// - list: the owner sees collaborators and pending invitations; an accepted collaborator sees the
//   collaborators; anyone else who can see the board gets BOARD_NOT_MEMBER, a board they cannot
//   see is BOARD_NOT_FOUND.
// - remove: the owner only (BOARD_NOT_OWNER otherwise), a collaborator or a pending invitation
//   (COLLABORATOR_NOT_FOUND for anyone else, the owner included).
// - leave: an accepted collaborator only; the owner gets BOARD_LEAVE_OWNER, anyone else
//   COLLABORATOR_NOT_FOUND.
// A removal is one transaction: the membership, the count, the person's own board state and, on
// a secret board, their follow.
import { AppError } from '@corkboard/shared/app-error';
import type {
  BoardCollaboratorItem,
  CollaboratorRemovedData,
} from '@corkboard/shared/saving/organise';
import type { AppDeps } from '../../core/app-deps.ts';
import { findVisibleBoardForWrite } from '../../core/board-access.repository.ts';
import { decodeOffsetBookmark, offsetPage, type Page } from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializeUserSummary } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { findMembership } from './collaborators.repository.ts';
import { listMembers, removeMember } from './membership.repository.ts';

/** Not in the spec (ADR 125): how deep the collaborator list pages. */
export const COLLABORATORS_MAX_OFFSET = 1000;

/** GET /v3/boards/{id}/collaborators/ */
export async function boardCollaborators(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
  page: PageRequest,
): Promise<Page<BoardCollaboratorItem>> {
  const offset = decodeOffsetBookmark(page.bookmark, COLLABORATORS_MAX_OFFSET);
  const board = await findVisibleBoardForWrite(deps.db, viewer, boardId);
  if (!board) throw new AppError('BOARD_NOT_FOUND');
  if (!board.writable) throw new AppError('BOARD_NOT_MEMBER');
  const rows = await listMembers(deps.db, board.id, {
    withInvited: board.owner_id === viewer.id,
    offset,
    limit: page.pageSize + 1,
  });
  return offsetPage(rows, offset, page.pageSize, COLLABORATORS_MAX_OFFSET, (row) => ({
    user: serializeUserSummary(deps.storage, row),
    status: row.status,
    created_at: row.created_at.toISOString(),
    accepted_at: row.accepted_at === null ? null : row.accepted_at.toISOString(),
  }));
}

/** DELETE /v3/boards/{id}/collaborators/{user_id}/ — the owner removes someone. */
export async function removeCollaborator(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
  userId: string,
): Promise<CollaboratorRemovedData> {
  await deps.db.transaction().execute(async (trx) => {
    const board = await findVisibleBoardForWrite(trx, viewer, boardId);
    if (!board) throw new AppError('BOARD_NOT_FOUND');
    if (board.owner_id !== viewer.id) throw new AppError('BOARD_NOT_OWNER');
    const member = await findMembership(trx, board.id, userId);
    if (!member) throw new AppError('COLLABORATOR_NOT_FOUND');
    await removeMember(trx, board, userId, member.status === 'accepted');
  });
  return { board_id: boardId, user_id: userId };
}

/** POST /v3/boards/{id}/collaborators/leave/ — a collaborator leaves the board. */
export async function leaveBoard(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
): Promise<CollaboratorRemovedData> {
  await deps.db.transaction().execute(async (trx) => {
    const board = await findVisibleBoardForWrite(trx, viewer, boardId);
    if (!board) throw new AppError('BOARD_NOT_FOUND');
    if (board.owner_id === viewer.id) throw new AppError('BOARD_LEAVE_OWNER');
    const member = await findMembership(trx, board.id, viewer.id);
    if (member?.status !== 'accepted') throw new AppError('COLLABORATOR_NOT_FOUND');
    await removeMember(trx, board, viewer.id, true);
  });
  return { board_id: boardId, user_id: viewer.id };
}

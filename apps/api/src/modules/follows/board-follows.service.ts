// PUT / DELETE /v3/boards/{id}/follow/ (saving.md §7; §4 "Board follow: optimistic set to
// followed, rolled back if the request fails"; docs/decisions/050).
//
// - Signed in only. A board the viewer cannot see (a secret board of someone else) is
//   BOARD_NOT_FOUND, indistinguishable from a missing one: it can never be followed by someone
//   who cannot see it. Unfollowing such a board is allowed when a follow row is left over (so
//   nobody is stuck following a board they lost sight of), else it is BOARD_NOT_FOUND too.
// - Nobody follows their own board (BOARD_FOLLOW_OWN); collaborators may.
// - Idempotent; the row and boards.follower_count change in one transaction, the board's row
//   locked first so concurrent follows queue up.
import { AppError } from '@corkboard/shared/app-error';
import type { BoardFollowData } from '@corkboard/shared/saving/organise';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  adjustBoardFollowerCount,
  deleteBoardFollow,
  insertBoardFollow,
  lockBoardForFollow,
} from './board-follows.repository.ts';

export async function setBoardFollow(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  boardId: string,
  follow: boolean,
): Promise<BoardFollowData> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const board = await lockBoardForFollow(trx, viewer, boardId);
    if (!board) throw new AppError('BOARD_NOT_FOUND');
    if (follow) {
      if (!board.visible) throw new AppError('BOARD_NOT_FOUND');
      if (board.owner_id === viewer.id) throw new AppError('BOARD_FOLLOW_OWN');
      const changed = await insertBoardFollow(trx, viewer.id, board.id, deps.now());
      return { changed, count: await adjustBoardFollowerCount(trx, board.id, changed ? 1 : 0) };
    }
    const changed = await deleteBoardFollow(trx, viewer.id, board.id);
    if (!changed && !board.visible) throw new AppError('BOARD_NOT_FOUND');
    if (!changed && board.owner_id === viewer.id) throw new AppError('BOARD_FOLLOW_OWN');
    return { changed, count: await adjustBoardFollowerCount(trx, board.id, changed ? -1 : 0) };
  });
  deps.log.debug(
    { user_id: viewer.id, board_id: boardId, changed: result.changed },
    follow ? 'board followed' : 'board unfollowed',
  );
  return { board_id: boardId, followed_by_me: follow, follower_count: result.count };
}

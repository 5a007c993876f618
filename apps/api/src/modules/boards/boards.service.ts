// Boards: the board page (board + sections) and its pin feed. Invisible boards are
// BOARD_NOT_FOUND, indistinguishable from missing ones.
import { AppError } from '@corkboard/shared/app-error';
import type { BoardDetail, Pin } from '@corkboard/shared/api-types';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { boardAccessList, canWriteBoard } from '../../core/board-access.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import type { ServiceDeps } from '../../core/service-deps.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializeBoardDetail, serializePin } from '../../core/serializers.ts';
import {
  findVisibleBoardBySlug,
  isBoardVisible,
  listBoardPins,
  listSectionsOfBoard,
} from './boards.repository.ts';

export async function getBoardBySlug(
  deps: ServiceDeps,
  viewer: Viewer | null,
  username: string,
  slug: string,
): Promise<BoardDetail> {
  const board = await findVisibleBoardBySlug(deps.db, viewer, username, slug);
  if (!board) throw new AppError('BOARD_NOT_FOUND');
  const [sections, access] = await Promise.all([
    listSectionsOfBoard(deps.db, board.id),
    deps.db
      .selectFrom('boards as b')
      .select(canWriteBoard(viewer).as('writable'))
      .where('b.id', '=', board.id)
      .executeTakeFirst(),
  ]);
  return serializeBoardDetail(
    deps.storage,
    board,
    sections,
    boardAccessList(access?.writable === true),
  );
}

export async function boardPins(
  deps: ServiceDeps,
  viewer: Viewer | null,
  boardId: string,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  if (!(await isBoardVisible(deps.db, viewer, boardId))) throw new AppError('BOARD_NOT_FOUND');
  const rows = await listBoardPins(deps.db, boardId, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => serializePin(deps.storage, row));
}

// Manual ordering (issue 10 "manual ordering of boards on a profile and of pins on a board and in
// a section … plus sort options"; docs/decisions/053, 055, 123):
// - a person arranges the boards on their own profile (owned and collaborated, not archived);
//   saving an arrangement switches their profile to the custom sort and stamps
//   users.board_order_modified_at;
// - the people who may save to a board (owner, accepted collaborators) arrange its pins, on the
//   board or within one section; saving stamps boards.board_order_modified_at, which is also the
//   board's sort: set means custom, null means newest first.
// Every move is one transaction under a lock of the list's owner row; a refused move changes
// nothing.
import { AppError } from '@corkboard/shared/app-error';
import type {
  BoardPinOrderData,
  boardOrderBodySchema,
  boardPinSortBodySchema,
  boardSortBodySchema,
  pinOrderBodySchema,
  ProfileBoardOrderData,
} from '@corkboard/shared/saving/organise';
import type { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { requireWritableBoard } from '../../core/board-access.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireSectionOfBoard } from '../sections/sections.service.ts';
import {
  lockBoardRow,
  lockPerson,
  pinOrderItems,
  profileOrderItems,
  setBoardOrderModifiedAt,
  setPinPositions,
  setProfilePositions,
  setProfileSort,
} from './board-order.repository.ts';
import { CUSTOM_ORDER_MAX_ITEMS } from './boards.service.ts';
import { placeAfter } from './custom-order.ts';

type BoardOrderBody = z.output<typeof boardOrderBodySchema>;
type BoardSortBody = z.output<typeof boardSortBodySchema>;
type PinOrderBody = z.output<typeof pinOrderBodySchema>;
type BoardPinSortBody = z.output<typeof boardPinSortBodySchema>;

function iso(at: Date | null): string | null {
  return at === null ? null : at.toISOString();
}

/** PUT /v3/users/me/boards/order/: a board of the viewer's profile right after another. */
export async function reorderProfileBoard(
  deps: AppDeps,
  viewer: Viewer,
  body: BoardOrderBody,
): Promise<ProfileBoardOrderData> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockPerson(trx, viewer.id))) throw new AppError('UNAUTHORIZED');
    const items = await profileOrderItems(trx, viewer.id, CUSTOM_ORDER_MAX_ITEMS + 1);
    if (items.length > CUSTOM_ORDER_MAX_ITEMS) {
      throw new AppError('BOARD_ORDER_INVALID', { data: { max: CUSTOM_ORDER_MAX_ITEMS } });
    }
    const placement = placeAfter(items, body.board_id, body.after_board_id ?? null);
    if (!placement) throw new AppError('BOARD_ORDER_INVALID');
    await setProfilePositions(trx, viewer.id, placement.updates);
    const user = await setProfileSort(trx, viewer.id, 'custom', deps.now());
    return {
      board_sort: user.profile_board_sort,
      board_order_modified_at: iso(user.board_order_modified_at),
    };
  });
}

/** PUT /v3/users/me/boards/sort/: how the viewer's profile sorts their boards. */
export async function setProfileBoardSort(
  deps: AppDeps,
  viewer: Viewer,
  body: BoardSortBody,
): Promise<ProfileBoardOrderData> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockPerson(trx, viewer.id))) throw new AppError('UNAUTHORIZED');
    const user = await setProfileSort(trx, viewer.id, body.sort, undefined);
    return {
      board_sort: user.profile_board_sort,
      board_order_modified_at: iso(user.board_order_modified_at),
    };
  });
}

/** PUT /v3/boards/{id}/pins/order/: a pin right after another, on the board or in a section. */
export async function reorderBoardPin(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
  body: PinOrderBody,
): Promise<BoardPinOrderData> {
  return deps.db.transaction().execute(async (trx) => {
    const board = await requireWritableBoard(trx, viewer, boardId);
    const sectionId = body.section_id ?? null;
    if (sectionId !== null) await requireSectionOfBoard(trx, board.id, sectionId);
    await lockBoardRow(trx, board.id);
    const items = await pinOrderItems(trx, board.id, sectionId, CUSTOM_ORDER_MAX_ITEMS + 1);
    if (items.length > CUSTOM_ORDER_MAX_ITEMS) {
      throw new AppError('PIN_ORDER_INVALID', { data: { max: CUSTOM_ORDER_MAX_ITEMS } });
    }
    const placement = placeAfter(items, body.pin_id, body.after_pin_id ?? null);
    if (!placement) throw new AppError('PIN_ORDER_INVALID');
    await setPinPositions(trx, sectionId !== null, placement.updates);
    const at = await setBoardOrderModifiedAt(trx, board.id, deps.now());
    return { board_id: board.id, pin_sort: 'custom', board_order_modified_at: iso(at) };
  });
}

/** PUT /v3/boards/{id}/pins/sort/: newest first, or back to the hand-arranged order. */
export async function setBoardPinSort(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
  body: BoardPinSortBody,
): Promise<BoardPinOrderData> {
  return deps.db.transaction().execute(async (trx) => {
    const board = await requireWritableBoard(trx, viewer, boardId);
    await lockBoardRow(trx, board.id);
    const at = await setBoardOrderModifiedAt(
      trx,
      board.id,
      body.sort === 'custom' ? deps.now() : null,
    );
    return { board_id: board.id, pin_sort: body.sort, board_order_modified_at: iso(at) };
  });
}

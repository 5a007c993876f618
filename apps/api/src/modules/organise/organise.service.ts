// Moving and deleting pins in bulk (saving.md §3, §4, §5, §7, §8; issue 10; docs/decisions/051,
// 052): BulkEditSelectAllResource, BoardSectionEditResource, BoardSectionPinsResource delete,
// BulkEditResource update and delete.
//
// Every action: claims the boards it touches (core/board-actions.ts: 2171/2172/2173 "Please wait
// until the previous board action finishes." while another one runs), then in ONE transaction
// locks the boards (id order) and the pins, checks that the viewer can see (else
// BOARD_NOT_FOUND) and write (else PIN_NOT_EDITABLE) every source and target board, that each
// pin is where the request says (else PIN_MOVE_PINS_INVALID), and that the move goes somewhere
// else (else PIN_MOVE_SAME_PLACE); then writes and recomputes the counters of every board,
// section and pinner touched from the rows. Any refusal rolls everything back.
import { AppError } from '@corkboard/shared/app-error';
import {
  PIN_BULK_INVERSE_MAX,
  type BulkEditResult,
  type bulkDeleteOptionsSchema,
  type boardSectionEditOptionsSchema,
  type bulkEditOptionsSchema,
  type bulkEditSelectAllOptionsSchema,
} from '@corkboard/shared/saving/organise';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@corkboard/db/schema';
import type { AppDeps } from '../../core/app-deps.ts';
import { withBoardActions, type BoardActionTarget } from '../../core/board-actions.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  lockImagesForDelete,
  releaseUnusedImages,
  sweepMediaDeletions,
} from '../media/image-cleanup.service.ts';
import {
  clearMovedCovers,
  deletePinRows,
  findSection,
  lockBoards,
  lockPins,
  lockPinsExcept,
  movePinRows,
  recount,
  type MovablePinRow,
} from './organise.repository.ts';

// The pieces a single pin's edit and delete (pins/pin-edit.service.ts) shares with the bulk
// actions: the same locks, moves, cover fix and recounts, so one pin and many stay alike.
export {
  clearMovedCovers,
  deletePinRows,
  findSection,
  lockBoards,
  lockPins,
  movePinRows,
  recount,
  type MovablePinRow,
} from './organise.repository.ts';

type SelectAllOptions = z.output<typeof bulkEditSelectAllOptionsSchema>;
type SectionEditOptions = z.output<typeof boardSectionEditOptionsSchema>;
type BulkEditOptions = z.output<typeof bulkEditOptionsSchema>;
type BulkDeleteOptions = z.output<typeof bulkDeleteOptionsSchema>;

interface Place {
  boardId: string;
  sectionId: string | null;
}

/** Every board must exist and be visible (BOARD_NOT_FOUND) and writable (PIN_NOT_EDITABLE). */
async function requireWritableBoards(
  trx: Kysely<Database>,
  viewer: Viewer,
  boardIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(boardIds)];
  const rows = await lockBoards(trx, viewer, unique);
  for (const id of unique) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row?.visible) throw new AppError('BOARD_NOT_FOUND', { data: { board_id: id } });
    if (!row.writable) throw new AppError('PIN_NOT_EDITABLE', { data: { board_id: id } });
  }
}

/** The section must be on the board (SECTION_NOT_FOUND otherwise, as for a missing one). */
async function requireSectionOn(
  trx: Kysely<Database>,
  sectionId: string | null,
  boardId: string,
): Promise<void> {
  if (sectionId === null) return;
  const section = await findSection(trx, sectionId);
  if (section?.board_id !== boardId) throw new AppError('SECTION_NOT_FOUND');
}

/** All named pins, each on `boardId` (and in `sectionId` when given). */
async function requirePinsAt(
  trx: Kysely<Database>,
  pinIds: readonly string[],
  boardId: string,
  sectionId?: string | null,
): Promise<MovablePinRow[]> {
  const pins = await lockPins(trx, pinIds);
  const misplaced =
    pins.length !== pinIds.length ||
    pins.some(
      (pin) =>
        pin.board_id !== boardId || (sectionId !== undefined && pin.section_id !== sectionId),
    );
  if (misplaced) throw new AppError('PIN_MOVE_PINS_INVALID');
  return pins;
}

function requireSomewhereElse(pins: readonly MovablePinRow[], target: Place): void {
  if (pins.every((pin) => pin.board_id === target.boardId && pin.section_id === target.sectionId)) {
    throw new AppError('PIN_MOVE_SAME_PLACE');
  }
}

async function applyMove(
  deps: Pick<AppDeps, 'now'>,
  trx: Kysely<Database>,
  pins: readonly MovablePinRow[],
  target: Place,
): Promise<BulkEditResult> {
  const ids = pins.map((pin) => pin.id);
  const sourceBoards = [...new Set(pins.map((pin) => pin.board_id))];
  await movePinRows(trx, ids, target.boardId, target.sectionId, deps.now());
  await clearMovedCovers(trx, sourceBoards);
  const sections = pins.flatMap((pin) => (pin.section_id === null ? [] : [pin.section_id]));
  if (target.sectionId !== null) sections.push(target.sectionId);
  await recount(trx, {
    boards: [...new Set([...sourceBoards, target.boardId])],
    sections: [...new Set(sections)],
    users: [],
  });
  return {
    pin_ids: ids,
    count: ids.length,
    target: { board_id: target.boardId, section_id: target.sectionId },
  };
}

function moveClaims(boardIds: readonly string[]): BoardActionTarget[] {
  return [...new Set(boardIds)].map((boardId) => ({ boardId, kind: 'move' }));
}

/**
 * BulkEditSelectAllResource update: pins of `board_id` (of `old_section_id` when given) to
 * `new_board_id` (default: the same board) and `new_section_id` (default: no section); with
 * `inverse_selection`, all of them except `pin_ids`, at most PIN_BULK_INVERSE_MAX.
 */
export async function bulkEditSelectAll(
  deps: AppDeps,
  viewer: Viewer,
  options: SelectAllOptions,
): Promise<BulkEditResult> {
  const source: Place = { boardId: options.board_id, sectionId: options.old_section_id ?? null };
  const target: Place = {
    boardId: options.new_board_id ?? options.board_id,
    sectionId: options.new_section_id ?? null,
  };
  // From a section to itself is refused at once. Without old_section_id the source is the whole
  // board (its sections included), so "same place" is decided per pin below.
  if (
    source.sectionId !== null &&
    source.boardId === target.boardId &&
    source.sectionId === target.sectionId
  ) {
    throw new AppError('PIN_MOVE_SAME_PLACE');
  }
  return withBoardActions(deps, viewer, moveClaims([source.boardId, target.boardId]), () =>
    deps.db.transaction().execute(async (trx) => {
      await requireWritableBoards(trx, viewer, [source.boardId, target.boardId]);
      await requireSectionOn(trx, source.sectionId, source.boardId);
      await requireSectionOn(trx, target.sectionId, target.boardId);
      let pins: MovablePinRow[];
      if (options.inverse_selection) {
        pins = await lockPinsExcept(
          trx,
          source.boardId,
          source.sectionId,
          options.pin_ids,
          PIN_BULK_INVERSE_MAX + 1,
        );
        if (pins.length > PIN_BULK_INVERSE_MAX) throw new AppError('PIN_MOVE_TOO_MANY');
        if (pins.length === 0) throw new AppError('PIN_MOVE_PINS_INVALID');
      } else {
        pins = await requirePinsAt(
          trx,
          options.pin_ids,
          source.boardId,
          options.old_section_id === null || options.old_section_id === undefined
            ? undefined
            : source.sectionId,
        );
      }
      requireSomewhereElse(pins, target);
      return applyMove(deps, trx, pins, target);
    }),
  );
}

/** BoardSectionEditResource update: pins of the section's board into the section. */
export async function boardSectionEdit(
  deps: AppDeps,
  viewer: Viewer,
  options: SectionEditOptions,
): Promise<BulkEditResult> {
  const section = await findSection(deps.db, options.section_id);
  if (!section) throw new AppError('SECTION_NOT_FOUND');
  const target: Place = { boardId: section.board_id, sectionId: section.id };
  return withBoardActions(deps, viewer, moveClaims([section.board_id]), () =>
    deps.db.transaction().execute(async (trx) => {
      await requireWritableBoards(trx, viewer, [section.board_id]);
      await requireSectionOn(trx, section.id, section.board_id);
      const pins = await requirePinsAt(trx, options.pins, section.board_id);
      requireSomewhereElse(pins, target);
      return applyMove(deps, trx, pins, target);
    }),
  );
}

/** BoardSectionPinsResource delete: pins out of the section, still on the board. */
export async function boardSectionPinsDelete(
  deps: AppDeps,
  viewer: Viewer,
  options: SectionEditOptions,
): Promise<BulkEditResult> {
  const section = await findSection(deps.db, options.section_id);
  if (!section) throw new AppError('SECTION_NOT_FOUND');
  return withBoardActions(deps, viewer, moveClaims([section.board_id]), () =>
    deps.db.transaction().execute(async (trx) => {
      await requireWritableBoards(trx, viewer, [section.board_id]);
      await requireSectionOn(trx, section.id, section.board_id);
      const pins = await requirePinsAt(trx, options.pins, section.board_id, section.id);
      return applyMove(deps, trx, pins, { boardId: section.board_id, sectionId: null });
    }),
  );
}

/** BulkEditResource update: pins, wherever they are, to `board_id` (and `section_id`). */
export async function bulkEdit(
  deps: AppDeps,
  viewer: Viewer,
  options: BulkEditOptions,
): Promise<BulkEditResult> {
  const target: Place = { boardId: options.board_id, sectionId: options.section_id ?? null };
  // Where the pins are now, to claim those boards; checked again under the locks below.
  const before = await lockPins(deps.db, options.pin_ids);
  if (before.length !== options.pin_ids.length) throw new AppError('PIN_MOVE_PINS_INVALID');
  const sourceBoards = [...new Set(before.map((pin) => pin.board_id))];
  return withBoardActions(deps, viewer, moveClaims([...sourceBoards, target.boardId]), () =>
    deps.db.transaction().execute(async (trx) => {
      await requireWritableBoards(trx, viewer, [...sourceBoards, target.boardId]);
      await requireSectionOn(trx, target.sectionId, target.boardId);
      const pins = await lockPins(trx, options.pin_ids);
      const moved = pins.some(
        (pin) => before.find((earlier) => earlier.id === pin.id)?.board_id !== pin.board_id,
      );
      if (pins.length !== options.pin_ids.length || moved) {
        throw new AppError('PIN_MOVE_PINS_INVALID');
      }
      requireSomewhereElse(pins, target);
      return applyMove(deps, trx, pins, target);
    }),
  );
}

/**
 * BulkEditResource delete (ADR 052): pins of a board (of a section when given), listed or all
 * except the listed ones; their images go when nothing else uses them (ADR 054).
 */
export async function bulkDelete(
  deps: AppDeps,
  viewer: Viewer,
  options: BulkDeleteOptions,
): Promise<BulkEditResult> {
  const sectionId = options.section_id ?? null;
  const result = await withBoardActions(
    deps,
    viewer,
    [{ boardId: options.board_id, kind: 'delete' }],
    () =>
      deps.db.transaction().execute(async (trx) => {
        await requireWritableBoards(trx, viewer, [options.board_id]);
        await requireSectionOn(trx, sectionId, options.board_id);
        let pins: MovablePinRow[];
        if (options.inverse_selection) {
          pins = await lockPinsExcept(
            trx,
            options.board_id,
            sectionId,
            options.pin_ids,
            PIN_BULK_INVERSE_MAX + 1,
          );
          if (pins.length > PIN_BULK_INVERSE_MAX) throw new AppError('PIN_MOVE_TOO_MANY');
          if (pins.length === 0) throw new AppError('PIN_MOVE_PINS_INVALID');
        } else {
          pins = await requirePinsAt(
            trx,
            options.pin_ids,
            options.board_id,
            sectionId === null ? undefined : sectionId,
          );
        }
        const imageIds = pins.map((pin) => pin.image_id);
        await lockImagesForDelete(trx, imageIds);
        const ids = pins.map((pin) => pin.id);
        await deletePinRows(trx, ids);
        await recount(trx, {
          boards: [options.board_id],
          sections: [...new Set(pins.flatMap((pin) => (pin.section_id ? [pin.section_id] : [])))],
          users: [...new Set(pins.map((pin) => pin.pinner_id))],
        });
        const queued = await releaseUnusedImages(trx, imageIds, deps.now());
        return { ids, queued };
      }),
  );
  // After the commit: the files of images nothing uses any more.
  if (result.queued.length > 0) await sweepMediaDeletions(deps, result.queued);
  return { pin_ids: result.ids, count: result.ids.length, target: null };
}

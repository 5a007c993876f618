// Board edit, archive and delete (issue 10 "board edit (name, description, secret toggle, cover
// pin…), archive/unarchive (archivedByMeAt), delete with confirmation"; docs/decisions/058).
//
// - BoardResource update and delete: the board's owner only (BOARD_NOT_OWNER for collaborators,
//   BOARD_NOT_FOUND for anyone who cannot see it). A rename re-slugs the board (the old link stops
//   working, as a new board of that name could take it). A privacy change claims the board as a
//   whole-board action (2173 for others meanwhile); turning it secret drops the follows of
//   everyone who can no longer see it (ADR 050). A protected board stays protected.
// - Archive: any member (owner or accepted collaborator), for themselves only.
// - Delete claims the board, deletes its pins and the board in one transaction, releases the
//   images nothing else uses, and removes their files after the commit (ADR 054).
import { AppError } from '@corkboard/shared/app-error';
import { BOARD_SLUG_FALLBACK, slugify, uniqueSlug } from '@corkboard/shared/saving/board-name';
import type {
  boardDeleteOptionsSchema,
  boardEditOptionsSchema,
} from '@corkboard/shared/saving/organise';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@corkboard/db/schema';
import type { AppDeps } from '../../core/app-deps.ts';
import { withBoardActions } from '../../core/board-actions.ts';
import { uniqueViolation } from '../../core/db-errors.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  lockImagesForDelete,
  releaseUnusedImages,
  sweepMediaDeletions,
} from '../media/image-cleanup.service.ts';
import { takenBoardSlugs } from './board-create.repository.ts';
import {
  deleteBoardRow,
  dropInvisibleFollows,
  isPinOnBoard,
  lockBoardForEdit,
  lockBoardPins,
  otherBoardNamed,
  setArchivedAt,
  updateBoard,
  type BoardChange,
  type EditableBoardRow,
} from './board-edit.repository.ts';
import { getBoardItem } from './board-items.service.ts';

type BoardEditOptions = z.output<typeof boardEditOptionsSchema>;
type BoardDeleteOptions = z.output<typeof boardDeleteOptionsSchema>;

export interface BoardArchiveData {
  board_id: string;
  archived_by_me_at: string | null;
}

async function requireBoard(
  trx: Kysely<Database>,
  viewer: Viewer,
  boardId: string,
): Promise<EditableBoardRow> {
  const board = await lockBoardForEdit(trx, viewer, boardId);
  if (!board?.visible) throw new AppError('BOARD_NOT_FOUND');
  return board;
}

async function requireOwnedBoard(
  trx: Kysely<Database>,
  viewer: Viewer,
  boardId: string,
): Promise<EditableBoardRow> {
  const board = await requireBoard(trx, viewer, boardId);
  if (board.owner_id !== viewer.id) throw new AppError('BOARD_NOT_OWNER');
  return board;
}

/** What the request changes, checked against the locked board. */
async function changeOf(
  trx: Kysely<Database>,
  board: EditableBoardRow,
  options: BoardEditOptions,
): Promise<BoardChange> {
  const change: BoardChange = {};
  if (options.name !== undefined && options.name !== board.name) {
    if (await otherBoardNamed(trx, board.owner_id, board.id, options.name)) {
      throw new AppError('BOARD_NAME_TAKEN', { data: { field: 'name' } });
    }
    change.name = options.name;
    const base = slugify(options.name, BOARD_SLUG_FALLBACK);
    const taken = (await takenBoardSlugs(trx, board.owner_id, base)).filter(
      (slug) => slug !== board.slug,
    );
    change.slug = uniqueSlug(base, taken);
  }
  if (options.description !== undefined) change.description = options.description;
  if (options.layout !== undefined) change.layout = options.layout;
  if (options.privacy !== undefined && options.privacy !== board.privacy) {
    if (board.privacy === 'protected') {
      throw new AppError('BOARD_PRIVACY_NOT_ALLOWED', {
        detail: "A protected board's privacy can't be changed.",
        data: { field: 'privacy' },
      });
    }
    change.privacy = options.privacy;
  }
  if (options.cover_pin_id !== undefined) {
    if (
      options.cover_pin_id !== null &&
      !(await isPinOnBoard(trx, options.cover_pin_id, board.id))
    ) {
      throw new AppError('BOARD_COVER_PIN_INVALID', { data: { field: 'cover_pin_id' } });
    }
    change.cover_pin_id = options.cover_pin_id;
  }
  return change;
}

/** BoardResource update: the owner's edit; the fields given change, the others stay. */
export async function editBoard(
  deps: AppDeps,
  viewer: Viewer,
  options: BoardEditOptions,
): Promise<PickerBoardItem> {
  const work = () =>
    deps.db.transaction().execute(async (trx) => {
      const board = await requireOwnedBoard(trx, viewer, options.board_id);
      const change = await changeOf(trx, board, options);
      await updateBoard(trx, board.id, change, deps.now());
      if (change.privacy === 'secret') {
        const dropped = await dropInvisibleFollows(trx, board.id);
        deps.log.debug({ board_id: board.id, dropped }, 'board turned secret');
      }
    });
  try {
    // A privacy change is a whole-board action: moves and deletes wait for it (2173).
    if (options.privacy !== undefined) {
      await withBoardActions(deps, viewer, [{ boardId: options.board_id, kind: 'board' }], work);
    } else {
      await work();
    }
  } catch (error) {
    // A board made or renamed at the same moment took the name or its slug: the unique indexes
    // decide, and the answer is the name's.
    if (uniqueViolation(error) !== null) {
      throw new AppError('BOARD_NAME_TAKEN', { data: { field: 'name' } });
    }
    throw error;
  }
  return getBoardItem(deps, viewer, options.board_id);
}

/** PUT (archived) / DELETE (not archived) /v3/boards/{id}/archive/: for this member only. */
export async function setBoardArchived(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
  archived: boolean,
): Promise<BoardArchiveData> {
  const at = archived ? deps.now() : null;
  await deps.db.transaction().execute(async (trx) => {
    const board = await requireBoard(trx, viewer, boardId);
    if (!board.writable) throw new AppError('BOARD_NOT_MEMBER');
    await setArchivedAt(trx, viewer.id, board.id, at);
  });
  return { board_id: boardId, archived_by_me_at: at === null ? null : at.toISOString() };
}

/** BoardResource delete: the owner's; the pins go with it, and images nothing else uses. */
export async function deleteBoard(
  deps: AppDeps,
  viewer: Viewer,
  options: BoardDeleteOptions,
): Promise<{ board_id: string }> {
  const queued = await withBoardActions(
    deps,
    viewer,
    [{ boardId: options.board_id, kind: 'board' }],
    () =>
      deps.db.transaction().execute(async (trx) => {
        const board = await requireOwnedBoard(trx, viewer, options.board_id);
        const pins = await lockBoardPins(trx, board.id);
        const imageIds = [...new Set(pins.map((pin) => pin.image_id))];
        await lockImagesForDelete(trx, imageIds);
        await deleteBoardRow(trx, board.id, board.owner_id, [
          ...new Set(pins.map((pin) => pin.pinner_id)),
        ]);
        return releaseUnusedImages(trx, imageIds, deps.now());
      }),
  );
  // After the commit: the files of the images nothing uses any more.
  if (queued.length > 0) await sweepMediaDeletions(deps, queued);
  return { board_id: options.board_id };
}

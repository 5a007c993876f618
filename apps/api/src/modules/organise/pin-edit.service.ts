// One pin's edit and delete (issue 10 "pin edit (title, description, link, board, section, alt
// text) and delete"; docs/decisions/052, 054, 057): PinResource update and delete.
//
// Who: the board's owner or an accepted collaborator (the same write rule as saving and the bulk
// actions). A pin the viewer cannot see is PIN_NOT_FOUND, like a missing one; one they can see
// but not change is PIN_NOT_EDITABLE. A change of board or section claims both boards like a
// move (2171–2173 while another bulk action runs); a delete claims the board as a delete.
// Everything happens in one transaction; a delete's image files go after the commit (ADR 054).
import { AppError } from '@corkboard/shared/app-error';
import type { PinDetail } from '@corkboard/shared/api-types';
import type {
  pinDeleteOptionsSchema,
  pinEditOptionsSchema,
} from '@corkboard/shared/saving/organise';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@corkboard/db/schema';
import type { AppDeps } from '../../core/app-deps.ts';
import { withBoardActions, type BoardActionTarget } from '../../core/board-actions.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { setPinHashtags } from '../hashtags/hashtags.service.ts';
import {
  lockImagesForDelete,
  releaseUnusedImages,
  sweepMediaDeletions,
} from '../media/image-cleanup.service.ts';
import { linkDomain } from '../pins/pin-create.service.ts';
import { getPin } from '../pins/pins.service.ts';
import {
  clearMovedCovers,
  deletePinRows,
  findSection,
  lockBoards,
  lockPins,
  movePinRows,
  recount,
  updatePinText,
  type MovablePinRow,
} from './organise.repository.ts';

type PinEditOptions = z.output<typeof pinEditOptionsSchema>;
type PinDeleteOptions = z.output<typeof pinDeleteOptionsSchema>;

/** The pin as it is now (unlocked): where to claim; checked again under the locks. */
async function currentPin(deps: Pick<AppDeps, 'db'>, pinId: string): Promise<MovablePinRow> {
  const [pin] = await lockPins(deps.db, [pinId]);
  if (!pin) throw new AppError('PIN_NOT_FOUND');
  return pin;
}

/**
 * Locks the boards (id order) then the pin, and checks the viewer may change the pin
 * (PIN_NOT_FOUND when they cannot see it, PIN_NOT_EDITABLE when they cannot write its board)
 * and, when given, may save to `targetBoardId` (BOARD_NOT_FOUND / PIN_NOT_EDITABLE).
 */
async function lockForEdit(
  trx: Kysely<Database>,
  viewer: Viewer,
  pinId: string,
  sourceBoardId: string,
  targetBoardId: string,
): Promise<MovablePinRow> {
  const boards = await lockBoards(trx, viewer, [...new Set([sourceBoardId, targetBoardId])]);
  const [pin] = await lockPins(trx, [pinId]);
  // Moved or deleted since it was read: as if the pin were not there any more.
  if (pin?.board_id !== sourceBoardId) throw new AppError('PIN_NOT_FOUND');
  const source = boards.find((board) => board.id === sourceBoardId);
  if (!source?.visible) throw new AppError('PIN_NOT_FOUND');
  if (!source.writable) throw new AppError('PIN_NOT_EDITABLE');
  const target = boards.find((board) => board.id === targetBoardId);
  if (!target?.visible)
    throw new AppError('BOARD_NOT_FOUND', { data: { board_id: targetBoardId } });
  if (!target.writable)
    throw new AppError('PIN_NOT_EDITABLE', { data: { board_id: targetBoardId } });
  return pin;
}

function claims(boardIds: readonly string[], kind: BoardActionTarget['kind']): BoardActionTarget[] {
  return [...new Set(boardIds)].map((boardId) => ({ boardId, kind }));
}

/** PinResource update: the fields given change, the others stay; answers the pin as now. */
export async function editPin(
  deps: AppDeps,
  viewer: Viewer,
  options: PinEditOptions,
): Promise<PinDetail> {
  const before = await currentPin(deps, options.id);
  const targetBoardId = options.board_id ?? before.board_id;
  const boardChanges = targetBoardId !== before.board_id;
  // Another board starts outside any section unless one is named; the same board keeps its
  // section unless `section_id` says otherwise.
  const targetSectionId =
    options.section_id !== undefined ? options.section_id : boardChanges ? null : before.section_id;
  const placeChanges = boardChanges || targetSectionId !== before.section_id;
  const work = () =>
    deps.db.transaction().execute(async (trx) => {
      const pin = await lockForEdit(trx, viewer, options.id, before.board_id, targetBoardId);
      if (targetSectionId !== null) {
        const section = await findSection(trx, targetSectionId);
        if (section?.board_id !== targetBoardId) throw new AppError('SECTION_NOT_FOUND');
      }
      const now = deps.now();
      await updatePinText(
        trx,
        pin.id,
        {
          title: options.title,
          description: options.description,
          alt_text: options.alt_text,
          ...(options.link === undefined
            ? {}
            : { link: options.link, domain: linkDomain(options.link) }),
        },
        now,
      );
      if (options.description !== undefined) {
        await setPinHashtags(
          trx,
          deps.log,
          { id: pin.id, description: options.description, source: 'edit' },
          now,
        );
      }
      if (placeChanges) {
        await movePinRows(trx, [pin.id], targetBoardId, targetSectionId, now);
        await clearMovedCovers(trx, [pin.board_id]);
        await recount(trx, {
          boards: [...new Set([pin.board_id, targetBoardId])],
          sections: [pin.section_id, targetSectionId].filter((id): id is string => id !== null),
          users: [],
        });
      }
    });
  if (placeChanges) {
    await withBoardActions(deps, viewer, claims([before.board_id, targetBoardId], 'move'), work);
  } else {
    await work();
  }
  return getPin(deps, viewer, options.id);
}

/** PinResource delete: the pin goes, and its image when nothing else uses it (ADR 054). */
export async function deletePin(
  deps: AppDeps,
  viewer: Viewer,
  options: PinDeleteOptions,
): Promise<{ id: string }> {
  const before = await currentPin(deps, options.id);
  const queued = await withBoardActions(deps, viewer, claims([before.board_id], 'delete'), () =>
    deps.db.transaction().execute(async (trx) => {
      const pin = await lockForEdit(trx, viewer, options.id, before.board_id, before.board_id);
      await lockImagesForDelete(trx, [pin.image_id]);
      await deletePinRows(trx, [pin.id]);
      await recount(trx, {
        boards: [pin.board_id],
        sections: pin.section_id === null ? [] : [pin.section_id],
        users: [pin.pinner_id],
      });
      return releaseUnusedImages(trx, [pin.image_id], deps.now());
    }),
  );
  // After the commit: the files of an image nothing uses any more.
  if (queued.length > 0) await sweepMediaDeletions(deps, queued);
  return { id: options.id };
}

// BoardResource create and get (saving.md §2.6, §3 "Board create options", §5, §6, §7).
//
// Create: the name follows the shared rule (required, 50 characters: BOARD_NAME_REQUIRED /
// BOARD_NAME_TOO_LONG with the form's sentence as message_detail) and must not repeat one of the
// owner's board names (BOARD_NAME_TAKEN); privacy is public or secret, `protected` only and
// always when acting for an advertiser (who cannot make secret boards). The slug is unique per
// owner (uniqueSlug). Optional `section_names` (decision 012) give the new board its first
// sections. The board, its sections and the counters change in one transaction: a failure
// leaves nothing.
// Get: any board the viewer may see (visitors included), with the viewer's access.
import type { BoardPrivacyColumn } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import { BOARD_SLUG_FALLBACK, slugify, uniqueSlug } from '@corkboard/shared/saving/board-name';
import { resolveActing } from '../business/acting.service.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { isBoardVisible } from '../../core/board-access.repository.ts';
import { SLUG_RACE_ATTEMPTS, uniqueViolation } from '../../core/db-errors.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { insertFirstSections } from '../sections/section-create.service.ts';
import {
  incrementBoardCount,
  insertBoard,
  ownerHasBoardNamed,
  takenBoardSlugs,
} from './board-create.repository.ts';
import { getBoardItem } from './board-items.service.ts';
import type { BoardCreateOptions, BoardGetOptions } from './boards.schemas.ts';

/** The privacy a new board gets, or BOARD_PRIVACY_NOT_ALLOWED (saving.md §4, §6). */
function decidePrivacy(asked: BoardPrivacyColumn, asAdvertiser: boolean): BoardPrivacyColumn {
  if (asAdvertiser) {
    if (asked === 'secret') {
      throw new AppError('BOARD_PRIVACY_NOT_ALLOWED', {
        detail: "Boards made for an advertiser are protected and can't be secret.",
        data: { field: 'privacy' },
      });
    }
    return 'protected';
  }
  if (asked === 'protected') {
    throw new AppError('BOARD_PRIVACY_NOT_ALLOWED', {
      detail: 'Only boards made for an advertiser are protected.',
      data: { field: 'privacy' },
    });
  }
  return asked;
}

/**
 * Inserts the board in one transaction with the owner's board_count. A slug taken by a
 * concurrent create between our read and our insert is picked again (a few attempts); a name
 * taken that way is BOARD_NAME_TAKEN, like one taken before.
 */
async function insertBoardOnce(
  deps: AppDeps,
  viewer: Viewer,
  board: {
    name: string;
    description: string;
    privacy: BoardPrivacyColumn;
    base: string;
    sectionNames: readonly string[];
  },
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        if (await ownerHasBoardNamed(trx, viewer.id, board.name)) {
          throw new AppError('BOARD_NAME_TAKEN', { data: { field: 'name' } });
        }
        const slug = uniqueSlug(board.base, await takenBoardSlugs(trx, viewer.id, board.base));
        const id = await insertBoard(trx, {
          ownerId: viewer.id,
          name: board.name,
          slug,
          description: board.description,
          privacy: board.privacy,
          now: deps.now(),
        });
        await incrementBoardCount(trx, viewer.id);
        await insertFirstSections(trx, id, board.sectionNames, deps.now());
        return id;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'boards_owner_name_key') {
        throw new AppError('BOARD_NAME_TAKEN', { data: { field: 'name' } });
      }
      if (constraint === 'board_sections_board_title_key') {
        // Two names JavaScript's toLowerCase told apart but the index's lower() does not.
        throw new AppError('SECTION_NAME_TAKEN', { data: { field: 'section_names' } });
      }
      if (constraint === null || attempt >= SLUG_RACE_ATTEMPTS) throw error;
    }
  }
}

/** BoardResource create. */
export async function createBoard(
  deps: AppDeps,
  viewer: Viewer,
  options: BoardCreateOptions,
): Promise<PickerBoardItem> {
  const acting = await resolveActing(deps, viewer, options);
  const privacy = decidePrivacy(options.privacy, acting.asAdvertiser);
  // Acting for a business, the board is the business's (docs/decisions/101).
  const owner = acting.subject;

  const base = slugify(options.name, BOARD_SLUG_FALLBACK);
  const boardId = await insertBoardOnce(deps, owner, {
    name: options.name,
    description: options.description,
    privacy,
    base,
    sectionNames: options.section_names ?? [],
  });
  deps.log.debug({ board_id: boardId, source: options.aux_data?.source ?? null }, 'board created');
  return getBoardItem(deps, owner, boardId);
}

/** BoardResource get: any board the viewer may see (visitors included), with their access. */
export async function getBoard(
  deps: AppDeps,
  viewer: Viewer | null,
  options: BoardGetOptions,
): Promise<PickerBoardItem> {
  if (viewer !== null) await resolveActing(deps, viewer, options);
  if (!(await isBoardVisible(deps.db, viewer, options.board_id))) {
    throw new AppError('BOARD_NOT_FOUND');
  }
  return getBoardItem(deps, viewer, options.board_id);
}

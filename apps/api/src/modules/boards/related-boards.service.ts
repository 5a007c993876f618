// RelatedBoardForPinRandomFeedResource (saving.md §2.8 'You might also like {suggestion}', §2.9
// "See suggested board", §7 "with pin, page_size 1"): a board somebody else made that is about
// what the pin is about. Deterministic (docs/decisions/008): public boards only (never secret or
// protected ones), not the viewer's, not the pin's own board, with pins; their names must share a
// keyword with the pin's title, description or link host (keywordsRelated), best match first,
// then most followed, most pins, oldest. The "random" of the name is not needed to be useful, and
// a fixed order is what tests and people can rely on.
import { AppError } from '@corkboard/shared/app-error';
import type { Board } from '@corkboard/shared/api-types';
import { boardRelevance, pinKeywordKeys } from '@corkboard/shared/saving/board-sort';
import type { AppDeps } from '../../core/app-deps.ts';
import { escapeLike } from '../../core/db-errors.ts';
import { clampSize } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { visiblePinSource } from '../pins/pins.service.ts';
import { relatedBoardCandidates } from './boards.repository.ts';
import type { RelatedBoardOptions } from './boards.schemas.ts';
import { serializeBoard } from './boards.service.ts';

/** saving.md §9 "related board page size 1"; a caller may ask for a few more. */
export const RELATED_BOARDS_DEFAULT_PAGE_SIZE = 1;
export const RELATED_BOARDS_MAX_PAGE_SIZE = 5;
/** Boards whose names look related, ranked exactly in JavaScript afterwards. */
export const RELATED_BOARDS_CANDIDATES = 200;
/** Pin keywords used to look for boards (the first ones: title words come first). */
export const RELATED_BOARDS_MAX_KEYWORDS = 10;

/** The LIKE pattern that finds names related to `key`: its first 4 letters, or all of a shorter one. */
function namePattern(key: string): string {
  return `%${escapeLike(key.length >= 4 ? key.slice(0, 4) : key)}%`;
}

export async function relatedBoards(
  deps: AppDeps,
  viewer: Viewer,
  options: RelatedBoardOptions,
): Promise<Board[]> {
  const pinId = options.pin ?? options.pin_id ?? '';
  const pin = await visiblePinSource(deps.db, viewer, pinId);
  if (!pin) throw new AppError('PIN_NOT_FOUND', { data: { field: 'pin' } });
  const size = clampSize(
    options.page_size,
    RELATED_BOARDS_DEFAULT_PAGE_SIZE,
    RELATED_BOARDS_MAX_PAGE_SIZE,
  );
  const keys = pinKeywordKeys(pin).slice(0, RELATED_BOARDS_MAX_KEYWORDS);
  if (keys.length === 0) return [];

  const candidates = await relatedBoardCandidates(deps.db, {
    viewerId: viewer.id,
    exceptBoardId: pin.board_id,
    namePatterns: keys.map(namePattern),
    limit: RELATED_BOARDS_CANDIDATES,
  });

  return candidates
    .map((board, order) => ({ board, order, relevance: boardRelevance(board.name, keys) }))
    .filter(({ relevance }) => relevance.matched > 0)
    .sort(
      (a, b) =>
        b.relevance.matched - a.relevance.matched ||
        b.relevance.matched / b.relevance.total - a.relevance.matched / a.relevance.total ||
        a.order - b.order,
    )
    .slice(0, size)
    .map(({ board }) => serializeBoard(deps.storage, board));
}

// The board and section pickers (saving.md §2.4, §2.5, §7): BoardPickerBoardsResource lists the
// boards the viewer can save to (owned and accepted-collaborator boards, never one they can only
// read) with a 'Top choices' shortlist; BoardSectionsRepinResource lists a writable board's
// sections (the section picker lives in the sections module).
import { AppError } from '@corkboard/shared/app-error';
import type { BoardPickerData, PickerBoardItem } from '@corkboard/shared/saving/api';
import {
  boardRecency,
  boardRelevance,
  compareRelevance,
  pickShortlist,
  pinKeywordKeys,
  type PickerBoard,
} from '@corkboard/shared/saving/board-sort';
import type { PinText } from '@corkboard/shared/saving/keywords';
import { resolveActing } from '../business/acting.service.ts';
import type { AppDeps } from '../../core/app-deps.ts';

/** The picker reads the database and turns image keys into URLs, nothing else. */
type PickerDeps = Pick<AppDeps, 'db' | 'storage'>;
import { decodeIdBookmark, encodeIdBookmark } from '../../core/bookmarks.ts';
import { clampSize } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { visiblePinSource } from '../pins/pins.service.ts';
import {
  findUsername,
  writableBoardItemsByIds,
  writableBoardPage,
  type BoardItemRow,
} from './board-items.repository.ts';
import { serializeBoardItem } from './board-items.service.ts';
import type { BoardPickerOptions } from './boards.schemas.ts';
import {
  keywordCandidateBoards,
  recentShortlistBoards,
  shortlistBoardsByIds,
  type ShortlistBoardRow,
} from './shortlist.repository.ts';

/** Not in the spec: rows per picker page. The picker filters locally, so pages are large. */
export const BOARD_PICKER_DEFAULT_PAGE_SIZE = 100;
/**
 * Not in the spec: the cap. Picker rows are small and the picker needs every board to search
 * locally (saving.md §2.4), so 250 rows a page keeps a 5,000-board person at 20 requests.
 */
export const BOARD_PICKER_MAX_PAGE_SIZE = 250;
/**
 * The shortlist scores the names of at most this many of the newest writable boards that may
 * match the pin (keywordCandidateBoards); the board-title suggestions read at most this many
 * names too.
 */
export const BOARD_SHORTLIST_SCAN_MAX = 10_000;

/** `username` / `user_id` name whose boards to list: only the viewer's own can be saved to. */
async function requireSelf(
  deps: PickerDeps,
  viewer: Viewer,
  options: { username?: string | undefined; user_id?: string | undefined },
): Promise<void> {
  if (options.user_id !== undefined && options.user_id !== viewer.id) {
    throw new AppError('FORBIDDEN', { data: { field: 'user_id' } });
  }
  if (options.username === undefined) return;
  const self = await findUsername(deps.db, viewer.id);
  if (self?.toLowerCase() !== options.username.toLowerCase()) {
    throw new AppError('FORBIDDEN', { data: { field: 'username' } });
  }
}

/**
 * The boards pickShortlist can possibly choose, in their input order: the `size` most recent
 * boards with all their ties (the 'recent' pick and the fallback never look further down the
 * recency order) and the boards whose names match a pin keyword best — the `size` best by
 * compareRelevance, with all their ties (the 'relevant' pick takes at most `size - 1` boards
 * other than the recent one, and recency and name order only break those ties). pickShortlist
 * over this subset gives the same answer as over all boards — it orders by its keys, then name
 * order, then input order, and the subset keeps its relative order — without scoring thousands.
 * The server reads the same subset with SQL (shortlist.repository.ts). Randomised tests hold
 * both to pickShortlist over every board: shortlist-pool.test.ts this function,
 * shortlist.repository.test.ts the server's answers.
 */
export function shortlistPool<T extends PickerBoard>(
  boards: readonly T[],
  pin: PinText,
  size: number,
): T[] {
  if (boards.length <= size) return [...boards];
  const recency = boards.map((board) => boardRecency(board));
  const known = recency.filter((value): value is number => value !== null).sort((a, b) => b - a);
  // Fewer than `size` boards with a known recency: the fallback reaches the unknown ones.
  if (known.length < size) return [...boards];
  const threshold = known[size - 1] ?? Number.NEGATIVE_INFINITY;
  const relevant = new Set(mostRelevant(boards, pinKeywordKeys(pin), size));
  return boards.filter((board, index) => {
    const value = recency[index];
    return (value !== null && value !== undefined && value >= threshold) || relevant.has(board);
  });
}

/**
 * The boards whose names match `pinKeys` (boardRelevance) among the `size` best by
 * compareRelevance, with every board tied with the last of them, in input order.
 */
export function mostRelevant<T extends { readonly name: string }>(
  boards: readonly T[],
  pinKeys: readonly string[],
  size: number,
): T[] {
  if (pinKeys.length === 0 || size <= 0) return [];
  const scored = boards
    .map((board) => ({ board, relevance: boardRelevance(board.name, pinKeys) }))
    .filter((entry) => entry.relevance.matched > 0);
  const ranked = scored.map((entry) => entry.relevance).sort(compareRelevance);
  const last = ranked[size - 1];
  if (last === undefined) return scored.map((entry) => entry.board);
  return scored
    .filter((entry) => compareRelevance(entry.relevance, last) <= 0)
    .map((entry) => entry.board);
}

function pickerBoard(row: ShortlistBoardRow): PickerBoard {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastSavedAt: row.last_saved_at === null ? null : new Date(row.last_saved_at).toISOString(),
  };
}

/** Newest (highest id) first: the order the shortlist has always read boards in. */
function byIdDescending(a: { id: string }, b: { id: string }): number {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x === y ? 0 : x > y ? -1 : 1;
}

/**
 * The 'Top choices' (pickShortlist) over the boards the viewer can save to, reading only
 * shortlistPool's subset: the most recent boards (SQL picks them from indexes), and, when the pin
 * has keywords, the names that may match one, scored here, and then the recency of the best.
 */
async function shortlist(
  deps: PickerDeps,
  viewer: Viewer,
  filter: 'all' | 'protected',
  pin: PinText,
  size: number,
): Promise<PickerBoardItem[]> {
  if (size <= 0) return [];
  const pinKeys = pinKeywordKeys(pin);
  const [recent, names] = await Promise.all([
    recentShortlistBoards(deps.db, viewer, filter, size),
    pinKeys.length > 0
      ? keywordCandidateBoards(deps.db, viewer, filter, pinKeys, BOARD_SHORTLIST_SCAN_MAX)
      : Promise.resolve([]),
  ]);
  const pool = new Map<string, PickerBoard>();
  for (const row of recent) pool.set(row.id, pickerBoard(row));
  if (names.length > 0) {
    const missing = mostRelevant(names, pinKeys, size)
      .map((board) => board.id)
      .filter((id) => !pool.has(id));
    for (const row of await shortlistBoardsByIds(deps.db, viewer, filter, missing)) {
      pool.set(row.id, pickerBoard(row));
    }
  }
  const candidates = [...pool.values()].sort(byIdDescending);
  const chosen = pickShortlist(candidates, pin, { size }).map((board) => board.id);
  if (chosen.length === 0) return [];
  const items = await writableBoardItemsByIds(deps.db, viewer, filter, chosen);
  const byId = new Map(items.map((row) => [row.id, row]));
  return chosen
    .map((id) => byId.get(id))
    .filter((row): row is BoardItemRow => row !== undefined)
    .map((row) => serializeBoardItem(deps.storage, row));
}

/** BoardPickerBoardsResource get. */
export async function boardPicker(
  deps: PickerDeps,
  viewer: Viewer,
  options: BoardPickerOptions,
): Promise<{ data: BoardPickerData; bookmark: string | undefined }> {
  const acting = await resolveActing(deps, viewer, options);
  // Acting for a business lists the business's boards, protected ones only (saving.md §6).
  const owner = acting.subject;
  const filter = acting.asAdvertiser ? 'protected' : options.filter;
  await requireSelf(deps, owner, options);
  const beforeId = decodeIdBookmark(options.bookmark ?? undefined);
  const pageSize = clampSize(
    options.page_size,
    BOARD_PICKER_DEFAULT_PAGE_SIZE,
    BOARD_PICKER_MAX_PAGE_SIZE,
  );

  let pin: PinText = {
    title: options.title ?? null,
    description: options.description ?? null,
    link: options.link ?? null,
  };
  if (options.pin_id !== undefined) {
    const source = await visiblePinSource(deps.db, viewer, options.pin_id);
    if (!source) throw new AppError('PIN_NOT_FOUND', { data: { field: 'pin_id' } });
    pin = { title: source.title, description: source.description, link: source.link };
  }

  // The shortlist belongs to the first page: later pages only extend 'All boards'. The two are
  // independent reads (in parallel on a PostgreSQL pool).
  const [rows, boards_shortlist] = await Promise.all([
    writableBoardPage(deps.db, owner, filter, { beforeId, limit: pageSize + 1 }).execute(),
    beforeId === undefined
      ? shortlist(deps, owner, filter, pin, options.shortlist_suggestions)
      : Promise.resolve([]),
  ]);
  const pageRows = rows.slice(0, pageSize);
  const last = pageRows.at(-1);
  const bookmark = rows.length > pageSize && last ? encodeIdBookmark(last.id) : undefined;
  return {
    data: {
      all_boards: pageRows.map((row) => serializeBoardItem(deps.storage, row)),
      boards_shortlist,
    },
    bookmark,
  };
}

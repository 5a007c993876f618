// Board picker ordering and layout rules (saving.md §2.4, §9): names starting with a digit sort
// after the others; 3 or fewer boards give one flat list; otherwise a 'Top choices' shortlist of
// 2 suggestions (recent and relevant) above 'All boards'. Pure functions over plain data so the
// server (boards_shortlist) and the picker agree.
import { createBoardSearcher, isBoardSearchActive, type BoardSearchMatch } from './board-search.ts';
import { extractKeywords, hostKeywords, keywordsRelated, type PinText } from './keywords.ts';

/** saving.md §2.4, §9: "If there are 3 or fewer boards, one flat list is shown." */
export const BOARD_PICKER_FLAT_LIST_MAX_BOARDS = 3;

/** saving.md §7, §9: BoardPickerBoardsResource `shortlist_suggestions 2`. */
export const BOARD_SHORTLIST_SIZE = 2;

/** Collation used when the caller gives no locale, so server and tests sort the same way. */
export const DEFAULT_BOARD_SORT_LOCALE = 'en';

/** The fields the picker rules read. Timestamps are ISO 8601 strings as the API sends them. */
export interface PickerBoard {
  readonly id: string;
  readonly name: string;
  /** When the viewer last saved a pin to this board; null or absent when never. */
  readonly lastSavedAt?: string | null;
  readonly createdAt?: string | null;
}

const LEADING_DIGIT = /^\p{Nd}/u;

/** True when `name` (leading spaces ignored) starts with a decimal digit in any script. */
export function startsWithDigit(name: string): boolean {
  return LEADING_DIGIT.test(name.trimStart());
}

/**
 * A comparator for board names: names starting with a digit after all others, then the locale's
 * alphabetical order ignoring accents and case ('base' strength, numeric so "Trip 2" < "Trip
 * 10"), then accents and case as a tie-break so the order never depends on the input order.
 */
export function createBoardNameComparator(
  locale: string = DEFAULT_BOARD_SORT_LOCALE,
): (a: string, b: string) => number {
  const base = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const variant = new Intl.Collator(locale, { sensitivity: 'variant', numeric: true });
  return (a, b) => {
    const digitA = startsWithDigit(a);
    const digitB = startsWithDigit(b);
    if (digitA !== digitB) return digitA ? 1 : -1;
    return base.compare(a.trim(), b.trim()) || variant.compare(a, b);
  };
}

/**
 * Boards in picker order (see createBoardNameComparator). Boards whose names compare equal keep
 * their input order: the sort is stable. Returns a new array.
 */
export function sortBoardsByName<T extends { readonly name: string }>(
  boards: readonly T[],
  locale: string = DEFAULT_BOARD_SORT_LOCALE,
): T[] {
  const compare = createBoardNameComparator(locale);
  return [...boards].sort((a, b) => compare(a.name, b.name));
}

/** saving.md §2.4: one flat list when there are 3 or fewer boards. */
export function shouldShowFlatList(boardCount: number): boolean {
  return boardCount <= BOARD_PICKER_FLAT_LIST_MAX_BOARDS;
}

function timestamp(value: string | null | undefined): number | null {
  if (!value) return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * Recency of a board for the shortlist: the later of the last save to it and its creation (a
 * board made a minute ago is as "recent" as one saved to a minute ago). Null when neither is
 * known.
 */
export function boardRecency(board: PickerBoard): number | null {
  const saved = timestamp(board.lastSavedAt);
  const created = timestamp(board.createdAt);
  if (saved === null) return created;
  if (created === null) return saved;
  return Math.max(saved, created);
}

export interface BoardRelevance {
  /** How many of the board name's keywords relate to a keyword of the pin. */
  readonly matched: number;
  /** The board name's keyword count (0 for names with no keyword at all). */
  readonly total: number;
}

/** The keyword keys of a pin: title, description and link host. */
export function pinKeywordKeys(pin: PinText): string[] {
  const words = [
    ...extractKeywords(pin.title ?? ''),
    ...extractKeywords(pin.description ?? ''),
    ...hostKeywords(pin.link),
  ];
  return [...new Set(words.map((word) => word.key))];
}

/** How well a board's name matches a pin's keywords (see keywordsRelated). */
export function boardRelevance(boardName: string, pinKeys: readonly string[]): BoardRelevance {
  const boardKeys = [...new Set(extractKeywords(boardName).map((word) => word.key))];
  const matched = boardKeys.filter((key) => pinKeys.some((pinKey) => keywordsRelated(key, pinKey)));
  return { matched: matched.length, total: boardKeys.length };
}

/** Later recency first; unknown recency (null) last. */
function compareRecencyValues(ra: number | null, rb: number | null): number {
  if (ra === rb) return 0;
  if (ra === null) return 1;
  if (rb === null) return -1;
  return rb - ra;
}

/**
 * The relevance order of the shortlist's 'relevant' pick: more of the name's keywords matched
 * first, then the larger share of the name matched. 0 when the two rank the same (recency and
 * name order decide then). Only for relevances with `matched > 0`.
 */
export function compareRelevance(a: BoardRelevance, b: BoardRelevance): number {
  return b.matched - a.matched || b.matched / b.total - a.matched / a.total;
}

/** The `count` smallest of `items` under `compare` (a strict total order), smallest first. */
function smallest<E>(items: readonly E[], count: number, compare: (a: E, b: E) => number): E[] {
  const best: E[] = [];
  if (count <= 0) return best;
  for (const item of items) {
    const last = best[best.length - 1];
    if (best.length === count && last !== undefined && compare(item, last) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(item, best[at - 1] as E) < 0) at -= 1;
    best.splice(at, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

interface ShortlistEntry<T> {
  readonly board: T;
  readonly index: number;
  readonly recency: number | null;
}

/**
 * The 'Top choices' shortlist (saving.md §2.2, §2.4, §7 `shortlist_suggestions 2`):
 *
 * 1. **Recent**: the board with the latest boardRecency; ties go to name order.
 * 2. **Relevant**: among the others, the board whose name shares the most keywords with the
 *    pin's title, description and link host (keywordsRelated: equal or a ≥ 4-letter prefix);
 *    ties go to the larger share of the name's keywords matched, then recency, then name order.
 *    When no other board shares a keyword, the next most recent board takes the slot, so the
 *    shortlist is full whenever there are at least 2 boards.
 *
 * If the recent board is also the best match, it is listed once and the slot goes on to the
 * next best match. Returns at most `size` boards, recent first. Boards whose names compare equal
 * keep their input order.
 *
 * Picks by selection, not by sorting every board (a person may have thousands): each order
 * below is "the key, then name order, then input position" — exactly what stable sorts by name
 * and then by the key give.
 */
export function pickShortlist<T extends PickerBoard>(
  boards: readonly T[],
  pin: PinText = {},
  options: { size?: number; locale?: string } = {},
): T[] {
  const size = options.size ?? BOARD_SHORTLIST_SIZE;
  if (size <= 0 || boards.length === 0) return [];
  const compareName = createBoardNameComparator(options.locale);
  const entries: ShortlistEntry<T>[] = boards.map((board, index) => ({
    board,
    index,
    recency: boardRecency(board),
  }));
  const byName = (a: ShortlistEntry<T>, b: ShortlistEntry<T>) =>
    compareName(a.board.name, b.board.name) || a.index - b.index;
  const byRecency = (a: ShortlistEntry<T>, b: ShortlistEntry<T>) =>
    compareRecencyValues(a.recency, b.recency) || byName(a, b);

  const chosen = new Set<T>(smallest(entries, 1, byRecency).map((entry) => entry.board));

  const pinKeys = pinKeywordKeys(pin);
  if (pinKeys.length > 0 && chosen.size < size) {
    const relevant = entries
      .filter((entry) => !chosen.has(entry.board))
      .map((entry) => ({ ...entry, relevance: boardRelevance(entry.board.name, pinKeys) }))
      .filter((entry) => entry.relevance.matched > 0);
    const best = smallest(
      relevant,
      size - chosen.size,
      (a, b) => compareRelevance(a.relevance, b.relevance) || byRecency(a, b),
    );
    for (const entry of best) chosen.add(entry.board);
  }
  if (chosen.size < size) {
    const rest = smallest(
      entries.filter((entry) => !chosen.has(entry.board)),
      size - chosen.size,
      byRecency,
    );
    for (const entry of rest) chosen.add(entry.board);
  }
  return [...chosen];
}

/** What the picker shows (saving.md §2.4). */
export type BoardPickerView<T> =
  | { readonly kind: 'flat'; readonly boards: readonly T[] }
  | { readonly kind: 'filtered'; readonly matches: readonly BoardSearchMatch<T>[] }
  | {
      readonly kind: 'sectioned';
      /** 'Top choices'. */
      readonly topChoices: readonly T[];
      /** 'All boards': every board, the top choices included, in picker order. */
      readonly allBoards: readonly T[];
    };

export interface BoardPickerViewOptions {
  readonly query?: string;
  readonly pin?: PinText;
  readonly locale?: string;
  /**
   * The server's boards_shortlist, when it sent one; otherwise pickShortlist computes it. Ids
   * not among `boards` are ignored.
   */
  readonly shortlistIds?: readonly string[];
}

/**
 * Decides the picker's list. A query long enough to search (isBoardSearchActive) gives the
 * filtered list whatever the board count — "Typing filters the list" holds with 3 boards too,
 * and the create row needs the query; otherwise 3 or fewer boards give one flat list, and more
 * give 'Top choices' + 'All boards'.
 */
export function boardPickerView<T extends PickerBoard>(
  boards: readonly T[],
  options: BoardPickerViewOptions = {},
): BoardPickerView<T> {
  const sorted = sortBoardsByName(boards, options.locale);
  const query = options.query ?? '';
  if (isBoardSearchActive(query)) {
    return {
      kind: 'filtered',
      matches: createBoardSearcher(sorted, (board) => board.name).search(query),
    };
  }
  if (shouldShowFlatList(sorted.length)) return { kind: 'flat', boards: sorted };
  const topChoices = options.shortlistIds
    ? [...new Set(options.shortlistIds)]
        .map((id) => sorted.find((board) => board.id === id))
        .filter((board): board is T => board !== undefined)
    : pickShortlist(sorted, options.pin, { locale: options.locale });
  return { kind: 'sectioned', topChoices, allBoards: sorted };
}

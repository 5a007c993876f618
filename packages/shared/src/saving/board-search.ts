// Board picker search (saving.md §2.4, §5): each typed word must appear in the board name, as a
// word prefix or as a substring, in the order typed, ignoring accents and case. Highlighting
// applies only when the query is longer than 1 character. Pure, so the picker can run it on
// every keystroke and tests can pin it down.
import { foldText, foldWithMap, isWordChar, mapFoldedRange, type FoldedText } from './fold.ts';

/**
 * Decision (saving.md §9 "Board search minimum length: not shown"): the filtered list replaces
 * 'Top choices' + 'All boards' from the first non-blank character. §2.4 says "Typing filters
 * the list", and with thousands of boards one letter already narrows it usefully; a longer
 * minimum would leave the unfiltered list on screen after the first keystroke, which reads as
 * broken. Blank (whitespace-only) queries never filter.
 */
export const BOARD_SEARCH_MIN_QUERY_LENGTH = 1;

/** saving.md §5: "Highlighting applies only when the query is longer than 1 character." */
export const BOARD_SEARCH_HIGHLIGHT_MIN_QUERY_LENGTH = 2;

/** A highlighted range of the original name in UTF-16 offsets, `end` exclusive. */
export interface HighlightRange {
  readonly start: number;
  readonly end: number;
}

/**
 * How well a name matched, best first: the name starts with the first word, every word starts
 * a word of the name, or some word matched only inside a word.
 */
export type BoardMatchQuality = 'name_prefix' | 'word_prefix' | 'substring';

export interface BoardNameMatch {
  readonly quality: BoardMatchQuality;
  /** Empty when the query is too short to highlight (see BOARD_SEARCH_HIGHLIGHT_MIN_QUERY_LENGTH). */
  readonly ranges: readonly HighlightRange[];
}

export interface BoardSearchMatch<T> extends BoardNameMatch {
  readonly item: T;
}

export interface HighlightSegment {
  readonly text: string;
  readonly highlighted: boolean;
}

const QUALITY_RANK: Record<BoardMatchQuality, number> = {
  name_prefix: 0,
  word_prefix: 1,
  substring: 2,
};

/** Length in code points, so an emoji counts as one character like the person sees it. */
function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** True when `query` is long enough to switch the picker to the filtered list. */
export function isBoardSearchActive(query: string): boolean {
  return codePointLength(query.trim()) >= BOARD_SEARCH_MIN_QUERY_LENGTH;
}

/** True when matches for `query` should be highlighted. */
export function shouldHighlightQuery(query: string): boolean {
  return codePointLength(query.trim()) >= BOARD_SEARCH_HIGHLIGHT_MIN_QUERY_LENGTH;
}

/** The folded words of a query; whitespace separates words, punctuation stays part of them. */
export function tokenizeBoardQuery(query: string): string[] {
  return foldText(query)
    .split(/\s+/u)
    .filter((word) => word.length > 0);
}

function isWordStart(folded: string, index: number): boolean {
  if (index === 0) return true;
  const before = folded.codePointAt(index - 1);
  // A low surrogate before `index` belongs to a letter outside the BMP; look at the whole pair.
  const previous =
    before !== undefined && before >= 0xdc00 && before <= 0xdfff && index >= 2
      ? folded.slice(index - 2, index)
      : folded.slice(index - 1, index);
  return !isWordChar(previous);
}

/** True when `words` all occur in `folded`, in order, from `from` on. */
function matchesInOrder(folded: string, words: readonly string[], from: number): boolean {
  let cursor = from;
  for (const word of words) {
    const at = folded.indexOf(word, cursor);
    if (at < 0) return false;
    cursor = at + word.length;
  }
  return true;
}

/** The first occurrence of `word` at or after `from` that starts a word, or -1. */
function wordStartOccurrence(folded: string, word: string, from: number): number {
  let at = folded.indexOf(word, from);
  while (at >= 0) {
    if (isWordStart(folded, at)) return at;
    at = folded.indexOf(word, at + 1);
  }
  return -1;
}

/**
 * Places each word: at a word start when one exists that still lets the remaining words match
 * in order (it reads better highlighted and ranks higher), else at its leftmost occurrence. The
 * leftmost choice never loses a match, because taking the earliest end keeps the most room for
 * the words after it.
 */
function placeWords(folded: string, words: readonly string[]): number[] | null {
  const positions: number[] = [];
  let cursor = 0;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const rest = words.slice(index + 1);
    const atWordStart = wordStartOccurrence(folded, word, cursor);
    let at: number;
    if (atWordStart >= 0 && matchesInOrder(folded, rest, atWordStart + word.length)) {
      at = atWordStart;
    } else {
      at = folded.indexOf(word, cursor);
      if (at < 0 || !matchesInOrder(folded, rest, at + word.length)) return null;
    }
    positions.push(at);
    cursor = at + word.length;
  }
  return positions;
}

function mergeRanges(ranges: readonly HighlightRange[]): HighlightRange[] {
  const merged: HighlightRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) {
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    } else {
      merged.push(range);
    }
  }
  return merged;
}

/**
 * Matches folded words against a name. `folded` is foldText(name), which equals the folded text
 * of foldWithMap(name); the position map is only asked for (`getMap`) when highlighting.
 */
function matchFolded(
  name: string,
  folded: string,
  getMap: () => FoldedText,
  words: readonly string[],
  highlight: boolean,
): BoardNameMatch | null {
  const positions = placeWords(folded, words);
  if (!positions) return null;
  const allAtWordStarts = positions.every((at) => isWordStart(folded, at));
  const quality: BoardMatchQuality =
    positions[0] === 0 ? 'name_prefix' : allAtWordStarts ? 'word_prefix' : 'substring';
  if (!highlight) return { quality, ranges: [] };
  const map = getMap();
  const ranges = mergeRanges(
    positions.map((at, index) => mapFoldedRange(name, map, at, at + (words[index] ?? '').length)),
  );
  return { quality, ranges };
}

/**
 * Matches one board name against a query. Null when some word is missing (or out of order);
 * a blank query matches everything without highlights.
 */
export function matchBoardName(name: string, query: string): BoardNameMatch | null {
  const words = tokenizeBoardQuery(query);
  if (words.length === 0) return { quality: 'name_prefix', ranges: [] };
  return matchFolded(
    name,
    foldText(name),
    () => foldWithMap(name),
    words,
    shouldHighlightQuery(query),
  );
}

export interface BoardSearcher<T> {
  /**
   * The boards whose names match `query`, best quality first; within a quality the input order
   * is kept (pass boards already in picker order, see board-sort.ts). A blank query returns
   * every board unhighlighted.
   */
  search(query: string): BoardSearchMatch<T>[];
}

/**
 * Prepares `items` for searching on every keystroke: each name is folded once and the folded
 * form reused, and the position map needed for highlights is built only for names that match.
 */
export function createBoardSearcher<T>(
  items: readonly T[],
  getName: (item: T) => string,
): BoardSearcher<T> {
  const entries = items.map((item) => {
    const name = getName(item);
    return { item, name, folded: foldText(name), map: null as FoldedText | null };
  });
  return {
    search(query: string): BoardSearchMatch<T>[] {
      const words = tokenizeBoardQuery(query);
      if (words.length === 0) {
        return entries.map(({ item }) => ({ item, quality: 'name_prefix', ranges: [] }));
      }
      const highlight = shouldHighlightQuery(query);
      const matches: BoardSearchMatch<T>[] = [];
      for (const entry of entries) {
        // Cheap rejection first: most names fail here, and none builds a position map unless
        // its highlights are needed.
        if (!matchesInOrder(entry.folded, words, 0)) continue;
        const getMap = () => (entry.map ??= foldWithMap(entry.name));
        const match = matchFolded(entry.name, entry.folded, getMap, words, highlight);
        if (match) matches.push({ item: entry.item, ...match });
      }
      // Array.prototype.sort is stable, so equal qualities keep the caller's order.
      return matches.sort((a, b) => QUALITY_RANK[a.quality] - QUALITY_RANK[b.quality]);
    },
  };
}

/** One-off search; see BoardSearcher.search. Use createBoardSearcher to search as someone types. */
export function searchBoards<T>(
  items: readonly T[],
  query: string,
  getName: (item: T) => string,
): BoardSearchMatch<T>[] {
  return createBoardSearcher(items, getName).search(query);
}

/**
 * Splits `name` into plain and highlighted pieces for rendering (e.g. `<b>` for highlighted).
 * Ranges may come unsorted or overlapping; out-of-bounds parts are ignored. Empty pieces are
 * never returned, and joining the pieces' text gives back `name`.
 */
export function highlightSegments(
  name: string,
  ranges: readonly HighlightRange[],
): HighlightSegment[] {
  const clamped = ranges
    .map((range) => ({
      start: Math.max(0, Math.min(range.start, name.length)),
      end: Math.max(0, Math.min(range.end, name.length)),
    }))
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start);
  const segments: HighlightSegment[] = [];
  let cursor = 0;
  for (const range of mergeRanges(clamped)) {
    if (range.start > cursor) {
      segments.push({ text: name.slice(cursor, range.start), highlighted: false });
    }
    segments.push({ text: name.slice(range.start, range.end), highlighted: true });
    cursor = range.end;
  }
  if (cursor < name.length) segments.push({ text: name.slice(cursor), highlighted: false });
  return segments;
}

// Accent- and case-insensitive text folding for the board picker (saving.md §5: "ignoring accents
// and case"). NFD splits "é" into "e" + U+0301, the combining marks are dropped and the rest is
// lower-cased. Search needs to map a match in the folded text back to the name as the person
// typed it, so foldWithMap also records where every folded unit came from.

const COMBINING_MARK = /\p{M}/u;
const COMBINING_MARKS = /\p{M}/gu;

/** Folds one piece of text: NFD, lower case, combining marks removed. */
export function foldText(text: string): string {
  // Lower-case before stripping: 'İ'.toLowerCase() is 'i' + U+0307, which the strip then removes.
  // Final sigma is the one context-sensitive lower-casing: folding 'ς' to 'σ' makes a whole
  // string fold the same as its code points folded one by one (foldWithMap relies on that).
  return text.normalize('NFD').toLowerCase().replace(COMBINING_MARKS, '').replace(/ς/gu, 'σ');
}

export interface FoldedText {
  /** The folded text. */
  readonly folded: string;
  /** For each UTF-16 unit of `folded`, the index in the original where its code point starts. */
  readonly starts: readonly number[];
  /** For each UTF-16 unit of `folded`, the index in the original just after its code point. */
  readonly ends: readonly number[];
}

/**
 * Folds `text` code point by code point, so that a range of the folded text can be mapped back
 * onto the original (for highlighting). Code points that fold to nothing (bare combining marks)
 * contribute no units.
 */
export function foldWithMap(text: string): FoldedText {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const codePoint of text) {
    const piece = foldText(codePoint);
    const end = index + codePoint.length;
    for (let unit = 0; unit < piece.length; unit += 1) {
      starts.push(index);
      ends.push(end);
    }
    folded += piece;
    index = end;
  }
  return { folded, starts, ends };
}

/**
 * Maps the folded range [start, end) back to the original text. The end is pushed past any
 * combining marks that follow, so a highlight never splits "e" from an accent typed as a
 * separate code point (which would render as a broken glyph).
 */
export function mapFoldedRange(
  original: string,
  map: FoldedText,
  start: number,
  end: number,
): { start: number; end: number } {
  const originalStart = map.starts[start] ?? original.length;
  let originalEnd = map.ends[end - 1] ?? originalStart;
  while (originalEnd < original.length) {
    const next = original.codePointAt(originalEnd);
    if (next === undefined) break;
    const char = String.fromCodePoint(next);
    if (!COMBINING_MARK.test(char)) break;
    originalEnd += char.length;
  }
  return { start: originalStart, end: originalEnd };
}

/** True when `char` (one code point) is a letter or a digit in any script. */
export function isWordChar(char: string): boolean {
  return /[\p{L}\p{N}]/u.test(char);
}

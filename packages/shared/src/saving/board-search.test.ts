import { describe, expect, it } from 'vitest';
import {
  BOARD_SEARCH_HIGHLIGHT_MIN_QUERY_LENGTH,
  BOARD_SEARCH_MIN_QUERY_LENGTH,
  createBoardSearcher,
  highlightSegments,
  isBoardSearchActive,
  matchBoardName,
  searchBoards,
  shouldHighlightQuery,
  tokenizeBoardQuery,
  type HighlightRange,
} from './board-search.ts';
import { foldText, foldWithMap, mapFoldedRange } from './fold.ts';

/** The highlighted text of `name` for `query`, e.g. ['Rec', 'Din'] (empty when none). */
function highlighted(name: string, query: string): string[] | null {
  const match = matchBoardName(name, query);
  if (!match) return null;
  return match.ranges.map((range) => name.slice(range.start, range.end));
}

describe('folding', () => {
  it('ignores accents and case', () => {
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
    expect(foldText('İstanbul')).toBe('istanbul');
    expect(foldText('ΟΔΟΣ')).toBe(foldText('οδος'));
  });

  it.each(['Crème Brûlée', 'ΟΔΟΣ ΣΟΦΙΑΣ', 'İstanbul', 'Cafe\u0301', '\u{1F370} Ǆemal', 'ﬁne ß'])(
    'folds %j the same whole or code point by code point',
    (text) => {
      expect(foldWithMap(text).folded).toBe(foldText(text));
    },
  );

  it('maps folded ranges back over decomposed accents', () => {
    const name = 'Cafe\u0301 Noir';
    const map = foldWithMap(name);
    expect(map.folded).toBe('cafe noir');
    expect(mapFoldedRange(name, map, 0, 4)).toEqual({ start: 0, end: 5 });
  });
});

describe('search thresholds', () => {
  it('filters from the first non-blank character', () => {
    expect(BOARD_SEARCH_MIN_QUERY_LENGTH).toBe(1);
    expect(isBoardSearchActive('')).toBe(false);
    expect(isBoardSearchActive('   ')).toBe(false);
    expect(isBoardSearchActive('r')).toBe(true);
    expect(isBoardSearchActive(' r ')).toBe(true);
  });

  it('highlights only when the query is longer than 1 character', () => {
    expect(BOARD_SEARCH_HIGHLIGHT_MIN_QUERY_LENGTH).toBe(2);
    expect(shouldHighlightQuery('r')).toBe(false);
    expect(shouldHighlightQuery(' r ')).toBe(false);
    expect(shouldHighlightQuery('re')).toBe(true);
    // One emoji is one character as people see it.
    expect(shouldHighlightQuery('\u{1F370}')).toBe(false);
  });

  it('splits the query on whitespace only, folded', () => {
    expect(tokenizeBoardQuery('  Rock\u2019n  ROLL ')).toEqual(['rock\u2019n', 'roll']);
    expect(tokenizeBoardQuery('')).toEqual([]);
  });
});

describe('matchBoardName', () => {
  it('matches a word as a prefix or a substring, ignoring accents and case', () => {
    expect(highlighted('Recipes', 'rec')).toEqual(['Rec']);
    expect(highlighted('Recipes', 'cip')).toEqual(['cip']);
    expect(highlighted('Crème brûlée', 'CREME BRU')).toEqual(['Crème', 'brû']);
    expect(highlighted('creme brulee', 'crème brû')).toEqual(['creme', 'bru']);
  });

  it('requires every word, in the order typed', () => {
    expect(highlighted('Dinner Recipes', 'din rec')).toEqual(['Din', 'Rec']);
    expect(matchBoardName('Dinner Recipes', 'rec din')).toBeNull();
    expect(matchBoardName('Dinner Recipes', 'din dessert')).toBeNull();
    // The same word twice needs two occurrences.
    expect(matchBoardName('Dinner', 'n n n n')).toBeNull();
    expect(highlighted('Banana', 'an an')).toEqual(['anan']);
  });

  it('does not highlight a one-character query but still filters with it', () => {
    expect(matchBoardName('Recipes', 'r')).toEqual({ quality: 'name_prefix', ranges: [] });
    expect(matchBoardName('Travel', 'z')).toBeNull();
  });

  it('prefers a word start over an earlier substring when both work', () => {
    // "art" occurs inside "Smart" before the word "Art".
    expect(matchBoardName('Smart Art', 'art')?.ranges).toEqual([{ start: 6, end: 9 }]);
    expect(matchBoardName('Smart Art', 'art')?.quality).toBe('word_prefix');
  });

  it('falls back to a substring when the word start would lose a later word', () => {
    // "Arts" starts a word, but nothing follows it; only "art" inside "Partial" leaves "ial".
    expect(highlighted('Partial Arts', 'art ial')).toEqual(['artial']);
    expect(matchBoardName('Partial Arts', 'art ial')?.quality).toBe('substring');
    expect(highlighted('Partial Arts', 'art')).toEqual(['Art']);
  });

  it('grades the match', () => {
    expect(matchBoardName('Recipes for dinner', 'rec din')?.quality).toBe('name_prefix');
    expect(matchBoardName('Easy Recipes', 'rec')?.quality).toBe('word_prefix');
    expect(matchBoardName('Easy Recipes', 'cipe')?.quality).toBe('substring');
  });

  it('treats punctuation as a word boundary', () => {
    expect(matchBoardName('Mid-century Modern', 'cent')?.quality).toBe('word_prefix');
    expect(matchBoardName('(Old) Photos', 'old')?.quality).toBe('word_prefix');
  });

  it('highlights over accents typed as separate combining marks', () => {
    const name = 'Cafe\u0301s';
    expect(highlighted(name, 'cafe')).toEqual(['Cafe\u0301']);
  });

  it('keeps highlight offsets right around characters outside the BMP', () => {
    const name = '\u{1F370} Cakes';
    expect(highlighted(name, 'cak')).toEqual(['Cak']);
    expect(matchBoardName(name, 'cak')?.quality).toBe('word_prefix');
  });

  it('matches everything for a blank query', () => {
    expect(matchBoardName('Anything', '  ')).toEqual({ quality: 'name_prefix', ranges: [] });
  });
});

describe('searchBoards', () => {
  const boards = [
    { id: '1', name: 'Easy Recipes' },
    { id: '2', name: 'Recipes' },
    { id: '3', name: 'Precious things' },
    { id: '4', name: 'Travel' },
    { id: '5', name: 'Réchauffé' },
  ];
  const byName = (board: { name: string }) => board.name;

  it('returns matches best quality first, keeping input order within a quality', () => {
    const result = searchBoards(boards, 're', byName);
    expect(result.map((match) => match.item.id)).toEqual(['2', '5', '1', '3']);
    expect(result.map((match) => match.quality)).toEqual([
      'name_prefix',
      'name_prefix',
      'word_prefix',
      'substring',
    ]);
  });

  it('returns every board unhighlighted for a blank query', () => {
    const result = searchBoards(boards, '', byName);
    expect(result.map((match) => match.item.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(result.every((match) => match.ranges.length === 0)).toBe(true);
  });

  it('gives ranges on the original names', () => {
    const [match] = searchBoards(boards, 'rech', byName);
    expect(match?.item.name).toBe('Réchauffé');
    expect(match?.ranges).toEqual([{ start: 0, end: 4 }]);
  });

  it('can be reused keystroke after keystroke', () => {
    const searcher = createBoardSearcher(boards, byName);
    expect(searcher.search('t').map((match) => match.item.id)).toEqual(['4', '3']);
    expect(searcher.search('tr').map((match) => match.item.id)).toEqual(['4']);
    expect(searcher.search('tra').map((match) => match.item.id)).toEqual(['4']);
    expect(searcher.search('trax')).toEqual([]);
  });
});

describe('highlightSegments', () => {
  it('splits a name into plain and highlighted pieces', () => {
    expect(
      highlightSegments('Dinner Recipes', [
        { start: 0, end: 3 },
        { start: 7, end: 10 },
      ]),
    ).toEqual([
      { text: 'Din', highlighted: true },
      { text: 'ner ', highlighted: false },
      { text: 'Rec', highlighted: true },
      { text: 'ipes', highlighted: false },
    ]);
  });

  it('returns the whole name plain without ranges', () => {
    expect(highlightSegments('Travel', [])).toEqual([{ text: 'Travel', highlighted: false }]);
    expect(highlightSegments('', [])).toEqual([]);
  });

  it('sorts, merges and clamps ranges, and never loses text', () => {
    const ranges: HighlightRange[] = [
      { start: 4, end: 99 },
      { start: 0, end: 2 },
      { start: 1, end: 3 },
      { start: 5, end: 5 },
      { start: -4, end: -1 },
    ];
    const segments = highlightSegments('abcdefg', ranges);
    expect(segments).toEqual([
      { text: 'abc', highlighted: true },
      { text: 'd', highlighted: false },
      { text: 'efg', highlighted: true },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('abcdefg');
  });

  it('renders a search result', () => {
    const match = matchBoardName('Crème brûlée', 'brul');
    expect(highlightSegments('Crème brûlée', match?.ranges ?? [])).toEqual([
      { text: 'Crème ', highlighted: false },
      { text: 'brûl', highlighted: true },
      { text: 'ée', highlighted: false },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BOARD_PICKER_FLAT_LIST_MAX_BOARDS,
  BOARD_SHORTLIST_SIZE,
  boardPickerView,
  boardRecency,
  boardRelevance,
  compareRelevance,
  createBoardNameComparator,
  pickShortlist,
  pinKeywordKeys,
  shouldShowFlatList,
  sortBoardsByName,
  startsWithDigit,
  type PickerBoard,
} from './board-sort.ts';
import type { PinText } from './keywords.ts';

function board(id: string, name: string, extra: Partial<PickerBoard> = {}): PickerBoard {
  return { id, name, ...extra };
}

const names = (boards: readonly PickerBoard[]) => boards.map((b) => b.name);

describe('board name order', () => {
  it('puts names starting with a digit after the others', () => {
    const sorted = sortBoardsByName([
      board('1', '2024 Trips'),
      board('2', 'Zebra'),
      board('3', '10 Things'),
      board('4', 'apples'),
      board('5', '3 Cats'),
    ]);
    expect(names(sorted)).toEqual(['apples', 'Zebra', '3 Cats', '10 Things', '2024 Trips']);
  });

  it('detects a leading digit in any script, ignoring leading spaces', () => {
    expect(startsWithDigit('  7 wonders')).toBe(true);
    expect(startsWithDigit('\u0663 Arabic-Indic three')).toBe(true);
    expect(startsWithDigit('Seven')).toBe(false);
    expect(startsWithDigit('#1 fans')).toBe(false);
  });

  it('ignores accents and case, and sorts numbers inside names numerically', () => {
    const sorted = sortBoardsByName([
      board('1', 'Éclairs'),
      board('2', 'eggs'),
      board('3', 'Ecology'),
      board('4', 'Trip 10'),
      board('5', 'Trip 2'),
    ]);
    expect(names(sorted)).toEqual(['Éclairs', 'Ecology', 'eggs', 'Trip 2', 'Trip 10']);
  });

  it('orders names equal but for accents or case the same whatever the input order', () => {
    const a = [board('1', 'resume'), board('2', 'Résumé'), board('3', 'Resume')];
    const b = [...a].reverse();
    expect(names(sortBoardsByName(a))).toEqual(names(sortBoardsByName(b)));
  });

  it('keeps identical names in input order (stable)', () => {
    const sorted = sortBoardsByName([board('b', 'Same'), board('a', 'Same')]);
    expect(sorted.map((b) => b.id)).toEqual(['b', 'a']);
  });

  it('follows the locale', () => {
    // Swedish puts "ö" after "z"; English treats it as "o".
    const sv = createBoardNameComparator('sv');
    const en = createBoardNameComparator('en');
    expect(sv('Öl', 'Zoo')).toBeGreaterThan(0);
    expect(en('Öl', 'Zoo')).toBeLessThan(0);
  });

  it('does not change its input', () => {
    const input = [board('1', 'b'), board('2', 'a')];
    sortBoardsByName(input);
    expect(names(input)).toEqual(['b', 'a']);
  });
});

describe('flat list rule', () => {
  it('shows one flat list at 3 boards or fewer', () => {
    expect(BOARD_PICKER_FLAT_LIST_MAX_BOARDS).toBe(3);
    expect(shouldShowFlatList(0)).toBe(true);
    expect(shouldShowFlatList(3)).toBe(true);
    expect(shouldShowFlatList(4)).toBe(false);
  });
});

describe('shortlist', () => {
  const boards = [
    board('1', 'Dinner Recipes', { lastSavedAt: '2026-01-01T00:00:00Z' }),
    board('2', 'Garden', { lastSavedAt: '2026-03-01T00:00:00Z' }),
    board('3', 'Cookies', { createdAt: '2025-01-01T00:00:00Z' }),
    board('4', 'Travel', { lastSavedAt: '2026-02-01T00:00:00Z' }),
    board('5', 'Chocolate cookie ideas', { lastSavedAt: '2025-06-01T00:00:00Z' }),
  ];

  it('has 2 suggestions: the most recent board, then the most relevant one', () => {
    expect(BOARD_SHORTLIST_SIZE).toBe(2);
    const shortlist = pickShortlist(boards, { title: 'Chewy chocolate chip cookies' });
    expect(shortlist.map((b) => b.id)).toEqual(['2', '5']);
  });

  it('breaks relevance ties by the share of the name matched', () => {
    const shortlist = pickShortlist(boards, { title: 'Cookies for Santa' });
    // "Cookies" matches all of its name; "Chocolate cookie ideas" only half.
    expect(shortlist.map((b) => b.id)).toEqual(['2', '3']);
  });

  it('uses the description and the link host too', () => {
    expect(pickShortlist(boards, { description: 'Weeknight dinner' }).map((b) => b.id)).toEqual([
      '2',
      '1',
    ]);
    expect(
      pickShortlist(boards, { link: 'https://www.travel-blog.example/post/1' }).map((b) => b.id),
    ).toEqual(['2', '4']);
  });

  it('fills the second slot with the next most recent board when nothing is relevant', () => {
    expect(pickShortlist(boards, { title: 'Quantum physics' }).map((b) => b.id)).toEqual([
      '2',
      '4',
    ]);
    expect(pickShortlist(boards).map((b) => b.id)).toEqual(['2', '4']);
  });

  it('does not list the recent board twice when it is also the relevant one', () => {
    const shortlist = pickShortlist(boards, { title: 'Garden cookies' });
    expect(shortlist.map((b) => b.id)).toEqual(['2', '3']);
  });

  it('counts creation as activity and ignores unreadable dates', () => {
    expect(boardRecency(board('x', 'x', { createdAt: '2026-05-01T00:00:00Z' }))).toBe(
      Date.parse('2026-05-01T00:00:00Z'),
    );
    expect(
      boardRecency(
        board('x', 'x', { createdAt: '2026-05-01T00:00:00Z', lastSavedAt: '2026-04-01T00:00:00Z' }),
      ),
    ).toBe(Date.parse('2026-05-01T00:00:00Z'));
    expect(boardRecency(board('x', 'x', { lastSavedAt: 'not a date' }))).toBeNull();
    const fresh = board('9', 'Brand new', { createdAt: '2026-04-01T00:00:00Z' });
    expect(pickShortlist([...boards, fresh])[0]?.id).toBe('9');
  });

  it('goes by name order when no board has a date', () => {
    const undated = [board('1', 'Zoo'), board('2', 'Apple'), board('3', '1st')];
    expect(pickShortlist(undated).map((b) => b.name)).toEqual(['Apple', 'Zoo']);
  });

  it('handles small inputs and sizes', () => {
    expect(pickShortlist([])).toEqual([]);
    expect(pickShortlist([board('1', 'Only')]).map((b) => b.id)).toEqual(['1']);
    expect(pickShortlist(boards, {}, { size: 0 })).toEqual([]);
    expect(pickShortlist(boards, {}, { size: 3 })).toHaveLength(3);
  });

  it('relates plural and singular keywords', () => {
    const keys = pinKeywordKeys({
      title: 'Best cookie recipe',
      link: 'https://www.bakery.example/',
    });
    expect(keys).toEqual(['cookie', 'recipe', 'bakery', 'example']);
    expect(boardRelevance('Cookies & Recipes', keys)).toEqual({ matched: 2, total: 2 });
    expect(boardRelevance('My stuff', keys)).toEqual({ matched: 0, total: 1 });
  });
});

// pickShortlist as first written (stable sorts over every board): the rule pickShortlist's
// selection must keep giving, board for board.
function referenceShortlist(boards: readonly PickerBoard[], pin: PinText, size: number) {
  const compareRecency = (a: PickerBoard, b: PickerBoard) => {
    const ra = boardRecency(a);
    const rb = boardRecency(b);
    if (ra === rb) return 0;
    if (ra === null) return 1;
    if (rb === null) return -1;
    return rb - ra;
  };
  const byName = sortBoardsByName(boards);
  const byRecency = [...byName].sort(compareRecency);
  const chosen: PickerBoard[] = [];
  if (byRecency[0]) chosen.push(byRecency[0]);
  const pinKeys = pinKeywordKeys(pin);
  const relevant = byName
    .map((b) => ({ board: b, relevance: boardRelevance(b.name, pinKeys) }))
    .filter(({ board: b, relevance }) => relevance.matched > 0 && !chosen.includes(b))
    .sort((a, b) => compareRelevance(a.relevance, b.relevance) || compareRecency(a.board, b.board));
  for (const { board: b } of relevant) {
    if (chosen.length >= size) break;
    chosen.push(b);
  }
  for (const b of byRecency) {
    if (chosen.length >= size) break;
    if (!chosen.includes(b)) chosen.push(b);
  }
  return chosen.slice(0, Math.max(size, 0));
}

describe('pickShortlist against the sort-everything rule', () => {
  const WORDS = ['Kitchen', 'kitchens', 'Garden', 'Café', 'cafe', 'CAFE', 'Recipes', '2024', 'Kit'];
  const PINS: PinText[] = [
    {},
    { title: 'Kitchen garden recipes' },
    { title: 'Café', description: 'kitchens', link: 'https://garden.example.com/' },
    { title: 'nothing here matches' },
  ];

  it('picks the same boards in the same order, ties and equal names included', () => {
    let state = 7;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    for (let round = 0; round < 300; round += 1) {
      const count = Math.floor(next() * 30);
      const day = (): string | null =>
        next() < 0.2 ? null : new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 4))).toISOString();
      const boards = Array.from({ length: count }, (_, i) => {
        const pick = () => WORDS[Math.floor(next() * WORDS.length)] ?? '';
        return board(String(i), `${pick()} ${pick()}`, { createdAt: day(), lastSavedAt: day() });
      });
      for (const pin of PINS) {
        for (const size of [0, 1, 2, 3]) {
          expect(pickShortlist(boards, pin, { size })).toEqual(
            referenceShortlist(boards, pin, size),
          );
        }
      }
    }
  });
});

describe('boardPickerView', () => {
  const many = [
    board('1', 'Recipes', { lastSavedAt: '2026-01-01T00:00:00Z' }),
    board('2', '2026 Goals'),
    board('3', 'Travel', { lastSavedAt: '2026-02-01T00:00:00Z' }),
    board('4', 'Art'),
  ];

  it('shows one flat list, in picker order, for 3 boards or fewer', () => {
    const view = boardPickerView(many.slice(0, 3));
    expect(view.kind).toBe('flat');
    if (view.kind === 'flat')
      expect(names(view.boards)).toEqual(['Recipes', 'Travel', '2026 Goals']);
  });

  it('shows Top choices and All boards for more', () => {
    const view = boardPickerView(many, { pin: { title: 'Modern art prints' } });
    expect(view.kind).toBe('sectioned');
    if (view.kind !== 'sectioned') return;
    expect(view.topChoices.map((b) => b.id)).toEqual(['3', '4']);
    expect(names(view.allBoards)).toEqual(['Art', 'Recipes', 'Travel', '2026 Goals']);
  });

  it("uses the server's shortlist when given, ignoring unknown and repeated ids", () => {
    const view = boardPickerView(many, { shortlistIds: ['4', '99', '4', '1'] });
    if (view.kind !== 'sectioned') throw new Error(`expected sectioned, got ${view.kind}`);
    expect(view.topChoices.map((b) => b.id)).toEqual(['4', '1']);
  });

  it('filters once there is a query, whatever the board count', () => {
    const view = boardPickerView(many.slice(0, 2), { query: 'r' });
    if (view.kind !== 'filtered') throw new Error(`expected filtered, got ${view.kind}`);
    expect(view.matches.map((match) => match.item.id)).toEqual(['1']);
    const wide = boardPickerView(many, { query: 'go' });
    if (wide.kind !== 'filtered') throw new Error(`expected filtered, got ${wide.kind}`);
    expect(wide.matches.map((match) => match.item.name)).toEqual(['2026 Goals']);
    expect(wide.matches[0]?.ranges).toEqual([{ start: 5, end: 7 }]);
  });

  it('ignores a blank query', () => {
    expect(boardPickerView(many, { query: '   ' }).kind).toBe('sectioned');
  });
});

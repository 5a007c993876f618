import { describe, expect, test } from 'vitest';
import { gridLayoutFor } from './gridLayout.ts';
import { gridColumns, placeItems } from './masonryLayout.ts';

describe('grid columns (the arithmetic of Gestalt’s Masonry layouts)', () => {
  test('narrow (flexible): columns of about 170 px stretched to fill, half a gutter at each edge', () => {
    // A 412 px phone less the page padding: two columns.
    expect(gridColumns(gridLayoutFor('narrow'), 380, 25)).toEqual({
      count: 2,
      width: 182,
      gutter: 8,
      offset: 4,
    });
    // Never fewer than two, however narrow.
    expect(gridColumns(gridLayoutFor('narrow'), 200, 25).count).toBe(2);
    expect(gridColumns(gridLayoutFor('narrow'), 860, 25).count).toBe(4);
  });

  test('medium and wide (basic centred): fixed 236 px columns, the used ones centred', () => {
    const wide = gridLayoutFor('wide');
    // (1300 + 16) / 252 → 5 columns; 5 × 252 + 16 = 1276 wide, 12 px each side.
    expect(gridColumns(wide, 1300, 25)).toEqual({ count: 5, width: 236, gutter: 16, offset: 12 });
    // Two items use two columns: they are centred, not left-aligned.
    expect(gridColumns(wide, 1300, 2).offset).toBe(Math.floor((1300 - (2 * 252 + 16)) / 2));
  });
});

describe('placing items', () => {
  const columns = { count: 2, width: 100, gutter: 10, offset: 5 };

  test('each item goes under the shortest column, the leftmost of equals', () => {
    const { positions, height } = placeItems(columns, [200, 100, 50, 80]);
    expect(positions).toEqual([
      { top: 0, left: 5 },
      { top: 0, left: 115 },
      // Right column is shorter (110 < 210).
      { top: 110, left: 115 },
      // Right 170, left 210.
      { top: 170, left: 115 },
    ]);
    expect(height).toBe(250);
  });

  test('an item of height 0 takes no room; no items make a grid of height 0', () => {
    expect(placeItems(columns, [0, 30]).positions).toEqual([
      { top: 0, left: 5 },
      { top: 0, left: 5 },
    ]);
    expect(placeItems(columns, [])).toEqual({ positions: [], height: 0 });
  });
});

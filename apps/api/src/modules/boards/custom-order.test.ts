import { describe, expect, it } from 'vitest';
import { CUSTOM_ORDER_STEP, placeAfter, type OrderedItem } from './custom-order.ts';

const S = CUSTOM_ORDER_STEP;
const placed = (...positions: number[]): OrderedItem[] =>
  positions.map((position, index) => ({ id: String(index + 1), position }));

describe('placeAfter', () => {
  it('writes one row at the midpoint when there is room', () => {
    const result = placeAfter(placed(S, 2 * S, 3 * S), '3', '1');
    expect(result?.order).toEqual(['1', '3', '2']);
    expect([...(result?.updates ?? [])]).toEqual([['3', S + S / 2]]);
  });

  it('moves to the top below the first position and to the end above the last', () => {
    expect([...(placeAfter(placed(S, 2 * S, 3 * S), '2', null)?.updates ?? [])]).toEqual([
      ['2', 0],
    ]);
    expect([...(placeAfter(placed(S, 2 * S, 3 * S), '1', '3')?.updates ?? [])]).toEqual([
      ['1', 4 * S],
    ]);
  });

  it('renumbers the list when the neighbours have no room between them', () => {
    const result = placeAfter(placed(1, 2, 3), '3', '1');
    expect(result?.order).toEqual(['1', '3', '2']);
    expect(Object.fromEntries(result?.updates ?? [])).toEqual({ '1': S, '3': 2 * S, '2': 3 * S });
  });

  it('places every item when some were not placed yet (they were shown first)', () => {
    const items: OrderedItem[] = [
      { id: '9', position: null },
      { id: '8', position: null },
      { id: '1', position: S },
    ];
    const result = placeAfter(items, '9', '1');
    expect(result?.order).toEqual(['8', '1', '9']);
    expect(Object.fromEntries(result?.updates ?? [])).toEqual({ '8': S, '1': 2 * S, '9': 3 * S });
  });

  it('refuses an item or a neighbour not in the list, and the item as its own neighbour', () => {
    expect(placeAfter(placed(S, 2 * S), '7', null)).toBeNull();
    expect(placeAfter(placed(S, 2 * S), '1', '7')).toBeNull();
    expect(placeAfter(placed(S, 2 * S), '1', '1')).toBeNull();
  });
});

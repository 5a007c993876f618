import { describe, expect, test } from 'vitest';
import { flattenPages } from './lists.ts';

describe('flattenPages', () => {
  test('joins pages in order and drops repeats across page boundaries', () => {
    const data = {
      pages: [
        { data: [{ id: '1' }, { id: '2' }], bookmark: 'b' },
        { data: [{ id: '2' }, { id: '3' }], bookmark: undefined },
      ],
      pageParams: [undefined, 'b'],
    };
    expect(flattenPages(data).map((item) => item.id)).toEqual(['1', '2', '3']);
  });

  test('no data yet is an empty list', () => {
    expect(flattenPages(undefined)).toEqual([]);
  });
});

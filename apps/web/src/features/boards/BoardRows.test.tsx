// saving.md §2.4 "The grid has 2 columns for the grid or thumbnail layout, otherwise 4".
import { describe, expect, test } from 'vitest';
import { makePickerBoard } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { BoardRow } from './BoardRows.tsx';
import { pickerGridColumns } from './pickerRows.ts';

const THUMBS = ['/media/a.jpg', '/media/b.jpg', '/media/c.jpg'];

describe('picker grid columns', () => {
  test('2 for the grid and thumbnail layouts, 4 otherwise', () => {
    expect(pickerGridColumns('grid')).toBe(2);
    expect(pickerGridColumns('thumbnail')).toBe(2);
    expect(pickerGridColumns('default')).toBe(4);
  });

  test("a board row draws its pin images in its layout's columns", () => {
    for (const [layout, columns] of [
      ['grid', 2],
      ['thumbnail', 2],
      ['default', 4],
    ] as const) {
      const board = makePickerBoard('1', { layout, pin_thumbnail_urls: THUMBS });
      const { container, unmount } = renderSaving(
        <BoardRow board={board} ranges={[]} state={undefined} />,
      );
      const grid = container.querySelector('.picker-row__thumb--grid');
      expect(grid).toHaveAttribute('data-columns', String(columns));
      expect(grid).toHaveStyle({
        gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))`,
      });
      expect(
        Array.from(grid?.querySelectorAll('img') ?? []).map((img) => img.getAttribute('src')),
      ).toEqual(THUMBS);
      unmount();
    }
  });

  test('one image or none keeps the single cover', () => {
    const board = makePickerBoard('1', { layout: 'grid', pin_thumbnail_urls: ['/media/a.jpg'] });
    const { container } = renderSaving(<BoardRow board={board} ranges={[]} state={undefined} />);
    expect(container.querySelector('.picker-row__thumb--grid')).toBeNull();
  });
});

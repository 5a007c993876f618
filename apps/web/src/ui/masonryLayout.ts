// Where each card of a pin grid goes: the column count, column width and shortest-column placement
// that Gestalt's Masonry used (its `flexible` and `basicCentered` layouts, the same arithmetic),
// kept pure so the rules are tested without a layout engine. ui/MasonryGrid.tsx measures the
// cards and draws them here (docs/decisions/198).
import type { GridLayout } from './gridLayout.ts';

export interface GridColumns {
  count: number;
  /** Each column's width in CSS pixels (fractional in the flexible layout). */
  width: number;
  gutter: number;
  /** Left edge of the first column. */
  offset: number;
}

export interface GridPosition {
  top: number;
  left: number;
}

/**
 * Columns for a container `containerWidth` wide holding `itemCount` items. Flexible: as many
 * columns of about the ideal width as fit, stretched to fill the width, half a gutter at each
 * edge. Basic centred: fixed-width columns, the used ones centred.
 */
export function gridColumns(
  layout: Pick<GridLayout, 'layout' | 'columnWidth' | 'gutter' | 'minCols'>,
  containerWidth: number,
  itemCount: number,
): GridColumns {
  const { columnWidth, gutter, minCols } = layout;
  if (layout.layout === 'flexible') {
    const guess = Math.floor(containerWidth / columnWidth);
    const count = Math.max(Math.floor((containerWidth - guess * gutter) / columnWidth), minCols);
    return { count, width: containerWidth / count - gutter, gutter, offset: gutter / 2 };
  }
  const withGutter = columnWidth + gutter;
  const count = Math.max(Math.floor((containerWidth + gutter) / withGutter), minCols);
  const contentWidth = Math.min(itemCount, count) * withGutter + gutter;
  const offset = Math.max(Math.floor((containerWidth - contentWidth) / 2), 0);
  return { count, width: columnWidth, gutter, offset };
}

/**
 * Places items of the given heights, in order, each at the top of the shortest column (the
 * leftmost of equally short ones). An item of height 0 takes no room. Returns the positions and
 * the grid's height.
 */
export function placeItems(
  columns: GridColumns,
  heights: readonly number[],
): { positions: GridPosition[]; height: number } {
  const columnHeights = new Array<number>(columns.count).fill(0);
  let height = 0;
  const positions = heights.map((itemHeight) => {
    let column = 0;
    for (let i = 1; i < columnHeights.length; i++) {
      if (columnHeights[i]! < columnHeights[column]!) column = i;
    }
    const top = columnHeights[column]!;
    columnHeights[column] = top + (itemHeight > 0 ? itemHeight + columns.gutter : 0);
    height = Math.max(height, top + itemHeight);
    return { top, left: columns.offset + column * (columns.width + columns.gutter) };
  });
  return { positions, height };
}

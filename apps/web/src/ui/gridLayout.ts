import type { LayoutWidth } from '@corkboard/shared/layout';

export interface GridLayout {
  layout: 'basicCentered' | 'flexible';
  columnWidth: number;
  gutter: number;
  minCols: number;
  /** `sizes` attribute for the card images. */
  imageDisplayWidth: string;
}

/** Pinterest's grid column: 236 px images. */
export const PIN_COLUMN_WIDTH = 236;

/**
 * Narrow screens get a compact two-or-more column grid whose columns stretch to fill the width
 * with small gutters; medium and wide screens get fixed 236 px columns centred on the page.
 */
export function gridLayoutFor(width: LayoutWidth): GridLayout {
  if (width === 'narrow') {
    return {
      layout: 'flexible',
      columnWidth: 170,
      gutter: 8,
      minCols: 2,
      imageDisplayWidth: '50vw',
    };
  }
  return {
    layout: 'basicCentered',
    columnWidth: PIN_COLUMN_WIDTH,
    gutter: 16,
    minCols: 2,
    imageDisplayWidth: `${PIN_COLUMN_WIDTH}px`,
  };
}

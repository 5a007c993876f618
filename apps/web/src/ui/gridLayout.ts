import { GRID_COLUMN_WIDTH, GRID_IMAGE_SIZES, type LayoutWidth } from '@corkboard/shared/layout';

export interface GridLayout {
  layout: 'basicCentered' | 'flexible';
  columnWidth: number;
  gutter: number;
  minCols: number;
  /**
   * `sizes` attribute for the card images: one string for every layout, the same the server's
   * preload hints use (docs/decisions/204), so a resize never asks for the image again either.
   */
  imageDisplayWidth: string;
}

/** Pinterest's grid column: 236 px images. */
export const PIN_COLUMN_WIDTH = GRID_COLUMN_WIDTH;

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
      imageDisplayWidth: GRID_IMAGE_SIZES,
    };
  }
  return {
    layout: 'basicCentered',
    columnWidth: PIN_COLUMN_WIDTH,
    gutter: 16,
    minCols: 2,
    imageDisplayWidth: GRID_IMAGE_SIZES,
  };
}

// Layout constants from the specs. Keep these exact.

/** business.md §9: narrow under 870, medium 870 to 1275, wide above. */
export const BREAKPOINT_MEDIUM_MIN = 870;
export const BREAKPOINT_WIDE_MIN = 1276;

export type LayoutWidth = 'narrow' | 'medium' | 'wide';

export function layoutWidthFor(viewportWidth: number): LayoutWidth {
  if (viewportWidth < BREAKPOINT_MEDIUM_MIN) return 'narrow';
  if (viewportWidth < BREAKPOINT_WIDE_MIN) return 'medium';
  return 'wide';
}

/** saving.md §4: infinite scroll asks for more within two viewport heights of the end… */
export const INFINITE_SCROLL_VIEWPORTS = 2;
/** …throttled to 200 ms. */
export const INFINITE_SCROLL_THROTTLE_MS = 200;

/** Pin image widths the image pipeline produces (plus `orig`); pin answers carry these. */
export const PIN_IMAGE_WIDTHS = [236, 474, 736] as const;
export const PIN_IMAGE_SIZES = ['236x', '474x', '736x', 'orig'] as const;
export type PinImageSize = (typeof PIN_IMAGE_SIZES)[number];

/**
 * saving.md §3 Board "images170x" (docs/decisions/143): the board-card size. The pipeline stores
 * it beside the pin sizes; only board answers carry it (`images_170x`), pin answers do not.
 */
export const BOARD_IMAGE_WIDTH = 170;
export const BOARD_IMAGE_SIZE = '170x';
/** Every size the image pipeline produces and stores, smallest first. */
export const IMAGE_VARIANT_SIZES = [BOARD_IMAGE_SIZE, ...PIN_IMAGE_SIZES] as const;
export type ImageVariantSize = (typeof IMAGE_VARIANT_SIZES)[number];
/** The width each resized variant is scaled down to (never enlarged); `orig` keeps its own. */
export const IMAGE_VARIANT_WIDTHS: Record<Exclude<ImageVariantSize, 'orig'>, number> = {
  '170x': BOARD_IMAGE_WIDTH,
  '236x': PIN_IMAGE_WIDTHS[0],
  '474x': PIN_IMAGE_WIDTHS[1],
  '736x': PIN_IMAGE_WIDTHS[2],
};

/**
 * saving.md §9 "Closeup layout: pane width 508, max width 1016, other widths 488, 992, 672,
 * 1176, ratios 0.6 and 0.84" (docs/decisions/133): the closeup's image pane and its width.
 */
export const CLOSEUP_PANE_WIDTH = 508;
export const CLOSEUP_MAX_WIDTH = 1016;
/** Medium layouts: a 488 image pane in a closeup at most 992 wide. */
export const CLOSEUP_MEDIUM_PANE_WIDTH = 488;
export const CLOSEUP_MEDIUM_MAX_WIDTH = 992;
/** Wide layouts, landscape images: a 672 image pane in a closeup at most 1176 wide. */
export const CLOSEUP_LANDSCAPE_PANE_WIDTH = 672;
export const CLOSEUP_LANDSCAPE_MAX_WIDTH = 1176;
/** Height ÷ width under which an image is landscape (its pane widens on wide layouts). */
export const CLOSEUP_LANDSCAPE_RATIO = 0.84;
/** Height ÷ width under which an image is a panorama (on medium layouts it spans the closeup). */
export const CLOSEUP_PANORAMA_RATIO = 0.6;

export interface CloseupLayout {
  /** Image and details side by side (2) or the image above the details (1). */
  readonly columns: 1 | 2;
  /** The image pane's width in CSS pixels; null: the viewport's width (narrow layouts). */
  readonly mediaWidth: number | null;
  /** The closeup's maximum width; null: the viewport's width. */
  readonly maxWidth: number | null;
}

export function closeupLayout(
  layout: LayoutWidth,
  image: { readonly width: number; readonly height: number },
): CloseupLayout {
  const ratio = image.width > 0 ? image.height / image.width : 1;
  if (layout === 'narrow') return { columns: 1, mediaWidth: null, maxWidth: null };
  if (layout === 'medium') {
    return ratio < CLOSEUP_PANORAMA_RATIO
      ? { columns: 1, mediaWidth: CLOSEUP_MEDIUM_MAX_WIDTH, maxWidth: CLOSEUP_MEDIUM_MAX_WIDTH }
      : { columns: 2, mediaWidth: CLOSEUP_MEDIUM_PANE_WIDTH, maxWidth: CLOSEUP_MEDIUM_MAX_WIDTH };
  }
  return ratio < CLOSEUP_LANDSCAPE_RATIO
    ? {
        columns: 2,
        mediaWidth: CLOSEUP_LANDSCAPE_PANE_WIDTH,
        maxWidth: CLOSEUP_LANDSCAPE_MAX_WIDTH,
      }
    : { columns: 2, mediaWidth: CLOSEUP_PANE_WIDTH, maxWidth: CLOSEUP_MAX_WIDTH };
}

/** Pinterest's grid column on medium and wide layouts: 236 px card images. */
export const GRID_COLUMN_WIDTH = 236;

/**
 * The pin grid's card images' `sizes` attribute for every layout at once (narrow: half the
 * viewport, two stretched columns; medium and wide: fixed 236 px columns). The grid and the
 * server's preload hints for the home feed's first cards (docs/decisions/204) both use it, so
 * the browser picks the same file from the same srcset before and after the app has run.
 */
export const GRID_IMAGE_SIZES = `(max-width: ${BREAKPOINT_MEDIUM_MIN - 1}px) 50vw, ${GRID_COLUMN_WIDTH}px`;

/**
 * The grid's first cards whose images load at once at high priority rather than lazily: a
 * phone's first two rows (two columns), a wider screen's first row. The server preloads the same
 * cards' images from the home page's HTML for visitors (docs/decisions/204).
 */
export const GRID_EAGER_IMAGES = 4;

/**
 * The closeup image's `sizes` attribute for every layout at once (narrow: the viewport's width;
 * medium and wide: the image pane's). The page and the server's preload hint in index.html
 * (docs/decisions/147) both use it, so the browser picks the same file from the same srcset.
 */
export function closeupImageSizes(image: {
  readonly width: number;
  readonly height: number;
}): string {
  const medium = closeupLayout('medium', image).mediaWidth ?? CLOSEUP_MEDIUM_MAX_WIDTH;
  const wide = closeupLayout('wide', image).mediaWidth ?? CLOSEUP_MAX_WIDTH;
  return `(max-width: ${BREAKPOINT_MEDIUM_MIN - 1}px) 100vw, (max-width: ${BREAKPOINT_WIDE_MIN - 1}px) ${medium}px, ${wide}px`;
}

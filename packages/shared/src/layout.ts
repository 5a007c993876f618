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

/** Pin image widths the image pipeline produces (plus `orig`). */
export const PIN_IMAGE_WIDTHS = [236, 474, 736] as const;
export const PIN_IMAGE_SIZES = ['236x', '474x', '736x', 'orig'] as const;
export type PinImageSize = (typeof PIN_IMAGE_SIZES)[number];

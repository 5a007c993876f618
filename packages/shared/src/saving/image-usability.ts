// Which images found on a page can become pins (saving.md §2.1, §3 "'pinnable' means usable"),
// and in what order the create page and the bookmarklet offer them.

/**
 * Issue 4 ("Saving I"): "both sides over 119 px counts as usable". Anything at or below
 * this on either side is an icon, a spacer, a tracking pixel or a thumbnail too small to show
 * at the 236 px pin width.
 */
export const PINNABLE_MIN_SIDE_EXCLUSIVE = 119;

/** True when an image of this size is pinnable: both sides strictly over 119 px. */
export function isUsableImageSize(width: number, height: number): boolean {
  return (
    Number.isFinite(width) &&
    Number.isFinite(height) &&
    width > PINNABLE_MIN_SIDE_EXCLUSIVE &&
    height > PINNABLE_MIN_SIDE_EXCLUSIVE
  );
}

/**
 * Where a found image was declared. `og:image` covers og:image, og:image:url and
 * og:image:secure_url: the page's own choice of preview image.
 */
export type FoundImageSource = 'og:image' | 'twitter:image' | 'link:image_src' | 'img';

export interface OrderableImage {
  readonly source: FoundImageSource;
  readonly width: number;
  readonly height: number;
}

/**
 * The order images are offered in: `og:image` images first (in page order, the site chose them),
 * then every other image by area, largest first; equal areas keep page order. Returns a new array.
 */
export function orderFoundImages<T extends OrderableImage>(images: readonly T[]): T[] {
  const rank = (image: T) => (image.source === 'og:image' ? 0 : 1);
  // Array.prototype.sort is stable: og:image images keep page order, and so do equal areas.
  return [...images].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0 || rank(a) === 0) return byRank;
    return b.width * b.height - a.width * a.height;
  });
}

/** The usable images in offering order (isUsableImageSize, then orderFoundImages). */
export function pinnableImages<T extends OrderableImage>(images: readonly T[]): T[] {
  return orderFoundImages(images.filter((image) => isUsableImageSize(image.width, image.height)));
}

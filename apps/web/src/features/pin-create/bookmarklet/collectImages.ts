// Which images of the current page the bookmarklet offers (saving.md §3 "'pinnable' means
// usable"; issue 4: both sides over 119 px). The page's own og:image comes first, then its
// other images, largest first — the order of the shared rule (image-usability.ts
// orderFoundImages; collectImages.test.ts holds them equal).
//
// SELF-CONTAINED ON PURPOSE: the bookmarklet ships this function's source text
// (Function.prototype.toString) inside a `javascript:` URL that runs on someone else's page, where
// nothing of ours is loaded and a strict Content-Security-Policy forbids loading anything. It may
// use only its parameters and browser globals: no imports, no module-level names.

export interface BookmarkletImage {
  /** Absolute http(s) URL, without fragment. */
  readonly url: string;
  readonly source: 'og:image' | 'img';
  /** Known size; null for an og:image the page declares without one (measured by loading it). */
  readonly width: number | null;
  readonly height: number | null;
}

export function collectPinnableImages(doc: Document, minSideExclusive: number): BookmarkletImage[] {
  const absolute = (value: string | null): string | null => {
    if (!value) return null;
    try {
      const url = new URL(value.trim(), doc.baseURI);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      url.hash = '';
      return url.href;
    } catch {
      return null;
    }
  };
  const size = (value: string | null): number | null => {
    const parsed = value ? Number.parseInt(value, 10) : Number.NaN;
    return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
  };
  const usable = (width: number, height: number): boolean =>
    width > minSideExclusive && height > minSideExclusive;

  // The page's images and their sizes: loaded ones by their pixels, others by layout or
  // attributes.
  const pageImages: { url: string; width: number; height: number }[] = [];
  for (const img of Array.from(doc.images)) {
    const url = absolute(img.currentSrc || img.getAttribute('src'));
    if (!url) continue;
    const width = img.naturalWidth || img.width || size(img.getAttribute('width')) || 0;
    const height = img.naturalHeight || img.height || size(img.getAttribute('height')) || 0;
    pageImages.push({ url, width, height });
  }

  // og:image (and :url / :secure_url) in page order, each with the :width / :height after it.
  const og: { url: string; width: number | null; height: number | null }[] = [];
  for (const meta of Array.from(doc.querySelectorAll('meta[property], meta[name]'))) {
    const key = (meta.getAttribute('property') ?? meta.getAttribute('name') ?? '').toLowerCase();
    const content = meta.getAttribute('content');
    if (key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') {
      const url = absolute(content);
      const last = og[og.length - 1];
      // og:image then og:image:secure_url name the same picture: keep one entry.
      if (url && !(last && key !== 'og:image' && last.url === url)) {
        og.push({ url, width: null, height: null });
      }
    } else if (key === 'og:image:width' || key === 'og:image:height') {
      const last = og[og.length - 1];
      if (last && key === 'og:image:width') last.width = size(content);
      if (last && key === 'og:image:height') last.height = size(content);
    }
  }

  const seen: Record<string, true> = {};
  const result: BookmarkletImage[] = [];
  for (const entry of og) {
    if (seen[entry.url]) continue;
    const onPage = pageImages.find((image) => image.url === entry.url && image.width > 0);
    const width = entry.width ?? (onPage ? onPage.width : null);
    const height = entry.height ?? (onPage ? onPage.height : null);
    if (width !== null && height !== null && !usable(width, height)) continue;
    seen[entry.url] = true;
    result.push({ url: entry.url, source: 'og:image', width, height });
  }
  const others = pageImages
    .map((image, index) => ({ image, index }))
    .filter(({ image }) => usable(image.width, image.height))
    // Largest first; equal areas keep page order.
    .sort(
      (a, b) =>
        b.image.width * b.image.height - a.image.width * a.image.height || a.index - b.index,
    );
  for (const { image } of others) {
    if (seen[image.url]) continue;
    seen[image.url] = true;
    result.push({ url: image.url, source: 'img', width: image.width, height: image.height });
  }
  return result;
}

// The core of FindPinImagesResource (saving.md §2.1, §3 "Found images", §7): fetch the page at
// a URL through safe-fetch, parse it with a real HTML parser (parse5, the WHATWG algorithm that
// browsers implement), and return its pinnable images — og:image first, then by area — with the
// page's title and description as defaults for the new pin.
import { html as parse5Html, parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import {
  PIN_DESCRIPTION_MAX_LENGTH,
  PIN_TITLE_MAX_LENGTH,
  PIN_URL_MAX_LENGTH,
} from '@corkboard/shared/saving/schemas';
import {
  isUsableImageSize,
  pinnableImages,
  type FoundImageSource,
} from '@corkboard/shared/saving/image-usability';
import { readImageHeader } from '../../lib/image-header.ts';
import {
  HTML_CONTENT_TYPES,
  IMAGE_CONTENT_TYPES,
  SAFE_FETCH_HTML_MAX_BYTES,
  type SafeFetcher,
} from '../../lib/safe-fetch.ts';

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

/** Decision: images taken from one page at most (after de-duplication, in page order). */
export const FIND_PIN_IMAGES_MAX_CANDIDATES = 100;
/**
 * Decision: images without declared sizes whose header is fetched to learn them. Pages list
 * their main images first, and 12 covers a typical article or product page; an infinite-scroll
 * gallery cannot make us fetch hundreds of files.
 */
export const FIND_PIN_IMAGES_MAX_PROBES = 12;
/**
 * Decision: bytes read from each probed image. PNG, GIF and WebP state their size in the first
 * 30 bytes; a JPEG's size follows its EXIF, ICC and XMP segments, which stay under 128 KiB in
 * all but unusual files. At most 12 × 128 KiB = 1.5 MiB per page.
 */
export const FIND_PIN_IMAGES_PROBE_MAX_BYTES = 128 * 1024;
/** Decision: one slow image host must not hold the whole answer. */
export const FIND_PIN_IMAGES_PROBE_TIMEOUT_MS = 5_000;
/** Decision: parallel probes; bounded so one request cannot open dozens of sockets. */
export const FIND_PIN_IMAGES_PROBE_CONCURRENCY = 4;

/** The formats the image pipeline accepts (packages/media ACCEPTED_FORMATS). */
export const PINNABLE_FORMATS: ReadonlySet<string> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'heif',
]);

/** An image reference found in a page, before sizing. */
export interface ImageCandidate {
  /** Absolute http(s) URL, without fragment. */
  readonly url: string;
  readonly source: FoundImageSource;
  /** Declared size (attributes, og:image:width/height, a srcset `w`), when the page gives it. */
  readonly width: number | null;
  readonly height: number | null;
}

export interface PageMetadata {
  readonly title: string | null;
  readonly description: string | null;
  /** De-duplicated, page order, at most FIND_PIN_IMAGES_MAX_CANDIDATES. */
  readonly candidates: readonly ImageCandidate[];
}

/** saving.md §3 "Found images: items with type and url; 'pinnable' means usable". */
export interface FoundPinImage {
  readonly type: 'image';
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly source: FoundImageSource;
  readonly pinnable: true;
}

export interface FindPinImagesResult {
  /** The page's final URL after redirects: the pin's link. */
  readonly url: string;
  readonly title: string | null;
  readonly description: string | null;
  /** Usable images only, og:image first then by area. */
  readonly images: readonly FoundPinImage[];
}

export interface FindPinImagesOptions {
  readonly fetcher: SafeFetcher;
  readonly maxProbes?: number;
  readonly signal?: AbortSignal;
}

// ---- HTML reading -------------------------------------------------------------------------

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attr(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

function textContent(element: Element): string {
  let text = '';
  const stack: Node[] = [...element.childNodes];
  while (stack.length > 0) {
    const node = stack.shift();
    if (!node) break;
    if (node.nodeName === '#text' && 'value' in node) text += node.value;
    else if (isElement(node)) stack.unshift(...node.childNodes);
  }
  return text;
}

/** Elements in document order. Template contents are inert and skipped. */
function* elements(root: DefaultTreeAdapterTypes.Document): Generator<Element> {
  const stack: Node[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || !isElement(node)) continue;
    yield node;
    for (let i = node.childNodes.length - 1; i >= 0; i -= 1) {
      const child = node.childNodes[i];
      if (child) stack.push(child);
    }
  }
}

/** Collapsed whitespace, trimmed, cut to `maxLength` code points; null when empty. */
function cleanText(value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const collapsed = value.replace(/\s+/gu, ' ').trim();
  if (collapsed.length === 0) return null;
  const codePoints = [...collapsed];
  return codePoints.length <= maxLength
    ? collapsed
    : codePoints.slice(0, maxLength).join('').trim();
}

/** A plain pixel count ("640", "640px"); percentages and expressions are not sizes. */
function parseDimension(value: string | null): number | null {
  const match = value === null ? null : /^\s*(\d{1,6})(?:px)?\s*$/i.exec(value);
  if (!match?.[1]) return null;
  const number = Number(match[1]);
  return number > 0 ? number : null;
}

interface SrcsetCandidate {
  readonly url: string;
  readonly width: number | null;
  readonly density: number;
}

/** The HTML srcset syntax: "a.jpg 640w, b.jpg 1280w" or "a.jpg, b.jpg 2x". */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position] ?? '')) position += 1;
    if (position >= srcset.length) break;
    let end = position;
    while (end < srcset.length && !/\s/.test(srcset[end] ?? '')) end += 1;
    let url = srcset.slice(position, end);
    position = end;
    let descriptors = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses.
      let depth = 0;
      while (position < srcset.length) {
        const char = srcset[position] ?? '';
        if (char === '(') depth += 1;
        else if (char === ')') depth = Math.max(0, depth - 1);
        else if (char === ',' && depth === 0) break;
        descriptors += char;
        position += 1;
      }
    }
    let width: number | null = null;
    let density = 1;
    for (const descriptor of descriptors.trim().split(/\s+/)) {
      const w = /^(\d+)w$/.exec(descriptor);
      const x = /^(\d+(?:\.\d+)?|\.\d+)x$/.exec(descriptor);
      if (w?.[1]) width = Number(w[1]);
      else if (x?.[1]) density = Number(x[1]);
    }
    if (url.length > 0) candidates.push({ url, width, density });
  }
  return candidates;
}

/** The largest candidate: by `w` when any has one, else by density. */
function bestSrcsetCandidate(candidates: readonly SrcsetCandidate[]): SrcsetCandidate | null {
  let best: SrcsetCandidate | null = null;
  for (const candidate of candidates) {
    if (!best) {
      best = candidate;
      continue;
    }
    const bigger =
      candidate.width !== null || best.width !== null
        ? (candidate.width ?? 0) > (best.width ?? 0)
        : candidate.density > best.density;
    if (bigger) best = candidate;
  }
  return best;
}

const LAZY_SRC_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url'];
const SRCSET_ATTRIBUTES = ['srcset', 'data-srcset', 'data-lazy-srcset'];

/** Absolute http(s) URL without fragment, or null (data:, javascript:, malformed, too long). */
function resolveImageUrl(value: string | null, base: URL): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > PIN_URL_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  // SVG is refused by the image pipeline; skip it before spending a probe.
  if (/\.svgz?$/i.test(url.pathname)) return null;
  url.hash = '';
  return url.href.length > PIN_URL_MAX_LENGTH ? null : url.href;
}

interface Found {
  url: string | null;
  width: number | null;
  height: number | null;
}

/** What one <img> (or <picture><source>) points at, preferring the largest real image. */
function imgReference(element: Element, base: URL): Found {
  const attrWidth = parseDimension(attr(element, 'width'));
  const attrHeight = parseDimension(attr(element, 'height'));
  const srcset = SRCSET_ATTRIBUTES.flatMap((name) => parseSrcset(attr(element, name) ?? ''));
  const best = bestSrcsetCandidate(srcset.filter((c) => resolveImageUrl(c.url, base) !== null));
  if (best) {
    const url = resolveImageUrl(best.url, base);
    if (best.width !== null) {
      // A `w` descriptor is the file's real width; the attributes give the aspect ratio.
      const height =
        attrWidth !== null && attrHeight !== null
          ? Math.round((best.width * attrHeight) / attrWidth)
          : null;
      return { url, width: height === null ? null : best.width, height };
    }
    if (best.density === 1) return { url, width: attrWidth, height: attrHeight };
    return { url, width: null, height: null };
  }
  // Lazy loaders keep the real image in data-* while `src` holds a placeholder.
  for (const name of [...LAZY_SRC_ATTRIBUTES, 'src']) {
    const url = resolveImageUrl(attr(element, name), base);
    if (url) return { url, width: attrWidth, height: attrHeight };
  }
  return { url: null, width: null, height: null };
}

function dedupeKey(url: string): string {
  // http and https copies of one image (og:image and og:image:secure_url) are one image.
  return url.replace(/^https?:/, '');
}

/**
 * Reads a page: title, description and image references (og:image, og:image:secure_url,
 * twitter:image, <link rel="image_src">, <img> with src / srcset / lazy data-* attributes,
 * <picture><source srcset>), resolved against the page URL or its <base href>, de-duplicated
 * (http/https copies merged, https kept), in page order.
 */
export function extractPageMetadata(html: string, pageUrl: string): PageMetadata {
  // Scripting off: <noscript> content is parsed as markup, and lazy-loading pages put their
  // real <img> there.
  const document = parse(html, { scriptingEnabled: false });
  let base = new URL(pageUrl);
  let baseSeen = false;
  let title: string | null = null;
  const meta = new Map<string, string>();
  const found: {
    url: string;
    source: FoundImageSource;
    width: number | null;
    height: number | null;
  }[] = [];
  let lastOg: (typeof found)[number] | null = null;

  const add = (source: FoundImageSource, reference: Found) => {
    if (!reference.url) return null;
    const entry = { url: reference.url, source, width: reference.width, height: reference.height };
    found.push(entry);
    return entry;
  };

  for (const element of elements(document)) {
    // SVG and MathML have their own <image>/<source>-like elements; only HTML ones count.
    if (element.namespaceURI !== parse5Html.NS.HTML) continue;
    switch (element.tagName) {
      case 'base': {
        const href = attr(element, 'href');
        if (!baseSeen && href !== null) {
          baseSeen = true;
          try {
            const resolved = new URL(href, pageUrl);
            if (resolved.protocol === 'http:' || resolved.protocol === 'https:') base = resolved;
          } catch {
            // An unusable <base> is ignored, as browsers do.
          }
        }
        break;
      }
      case 'title':
        title ??= textContent(element);
        break;
      case 'meta': {
        const key = (attr(element, 'property') ?? attr(element, 'name') ?? '').trim().toLowerCase();
        const content = attr(element, 'content');
        if (!key || content === null) break;
        if (!meta.has(key)) meta.set(key, content);
        if (key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') {
          const url = resolveImageUrl(content, base);
          // og:image:url / secure_url describe the og:image just before them.
          if (lastOg && key !== 'og:image' && url && dedupeKey(lastOg.url) === dedupeKey(url)) {
            if (url.startsWith('https:')) lastOg.url = url;
            break;
          }
          lastOg = add('og:image', { url, width: null, height: null });
        } else if (key === 'og:image:width' && lastOg) {
          lastOg.width = parseDimension(content);
        } else if (key === 'og:image:height' && lastOg) {
          lastOg.height = parseDimension(content);
        } else if (key === 'twitter:image' || key === 'twitter:image:src') {
          add('twitter:image', { url: resolveImageUrl(content, base), width: null, height: null });
        }
        break;
      }
      case 'link': {
        const rel = (attr(element, 'rel') ?? '').toLowerCase().split(/\s+/);
        if (rel.includes('image_src')) {
          add('link:image_src', {
            url: resolveImageUrl(attr(element, 'href'), base),
            width: null,
            height: null,
          });
        }
        break;
      }
      case 'img':
        add('img', imgReference(element, base));
        break;
      case 'source': {
        const type = attr(element, 'type') ?? '';
        if (
          element.parentNode &&
          'tagName' in element.parentNode &&
          element.parentNode.tagName === 'picture' &&
          !type.includes('svg')
        ) {
          add('img', imgReference(element, base));
        }
        break;
      }
      default:
        break;
    }
  }

  const byKey = new Map<string, ImageCandidate>();
  for (const entry of found) {
    const key = dedupeKey(entry.url);
    const seen = byKey.get(key);
    if (!seen) {
      if (byKey.size < FIND_PIN_IMAGES_MAX_CANDIDATES) byKey.set(key, { ...entry });
      continue;
    }
    // Keep the first occurrence (its source and place), fill in what it lacked.
    const known = seen.width !== null && seen.height !== null;
    byKey.set(key, {
      url: seen.url.startsWith('https:') ? seen.url : entry.url,
      source: seen.source,
      width: known ? seen.width : entry.width,
      height: known ? seen.height : entry.height,
    });
  }

  return {
    title: cleanText(
      meta.get('og:title') ?? meta.get('twitter:title') ?? title,
      PIN_TITLE_MAX_LENGTH,
    ),
    description: cleanText(
      meta.get('og:description') ??
        meta.get('twitter:description') ??
        meta.get('description') ??
        null,
      PIN_DESCRIPTION_MAX_LENGTH,
    ),
    candidates: [...byKey.values()],
  };
}

// ---- Character set ------------------------------------------------------------------------

/** The label of a page's encoding: BOM, Content-Type, <meta> in the first 1024 bytes, UTF-8. */
export function sniffCharset(body: Buffer, headerCharset: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (headerCharset) return headerCharset;
  const head = body.toString('latin1', 0, 1024);
  const match =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset\s*=\s*([\w.:-]+)/i.exec(head);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function decodeHtml(body: Buffer, headerCharset: string | null): string {
  const label = sniffCharset(body, headerCharset);
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    // An unknown label: UTF-8 is what almost every page is.
    return new TextDecoder('utf-8').decode(body);
  }
}

// ---- Sizing -------------------------------------------------------------------------------

/**
 * The size of the image at `url` from its first FIND_PIN_IMAGES_PROBE_MAX_BYTES bytes, or null
 * when it cannot be fetched or read, or is a format the pipeline refuses.
 */
export async function probeImageSize(
  fetcher: SafeFetcher,
  url: string,
  signal?: AbortSignal,
): Promise<{ width: number; height: number } | null> {
  try {
    const response = await fetcher(url, {
      allowedContentTypes: IMAGE_CONTENT_TYPES,
      maxBytes: FIND_PIN_IMAGES_PROBE_MAX_BYTES,
      onLimit: 'truncate',
      timeoutMs: FIND_PIN_IMAGES_PROBE_TIMEOUT_MS,
      // Servers that honour Range send only the head; the rest are cut off at the cap.
      headers: { range: `bytes=0-${FIND_PIN_IMAGES_PROBE_MAX_BYTES - 1}` },
      ...(signal ? { signal } : {}),
    });
    if (response.contentType?.includes('svg')) return null;
    const header = await readImageHeader(response.body);
    if (!header || !PINNABLE_FORMATS.has(header.format)) return null;
    return { width: header.width, height: header.height };
  } catch {
    // One broken image never fails the page: it is simply not offered.
    return null;
  }
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index];
      if (item !== undefined) results[index] = await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Fetches `url` and returns its pinnable images (both sides over 119 px, og:image first then by
 * area) with the page's title and description. A URL that is itself an image answers with that
 * image. Fetch failures of the page throw SafeFetchError; failures of single images only leave
 * them out.
 */
export async function findPinImages(
  url: string,
  options: FindPinImagesOptions,
): Promise<FindPinImagesResult> {
  const { fetcher, signal } = options;
  const maxProbes = options.maxProbes ?? FIND_PIN_IMAGES_MAX_PROBES;
  const page = await fetcher(url, {
    allowedContentTypes: [...HTML_CONTENT_TYPES, 'image/*'],
    maxBytes: SAFE_FETCH_HTML_MAX_BYTES,
    // A long page is still read from its start: the head and first images are what we need.
    onLimit: 'truncate',
    ...(signal ? { signal } : {}),
  });

  if (page.contentType?.startsWith('image/')) {
    const header = page.contentType.includes('svg') ? null : await readImageHeader(page.body);
    const images: FoundPinImage[] =
      header &&
      PINNABLE_FORMATS.has(header.format) &&
      isUsableImageSize(header.width, header.height)
        ? [
            {
              type: 'image',
              url: page.url,
              width: header.width,
              height: header.height,
              source: 'img',
              pinnable: true,
            },
          ]
        : [];
    return { url: page.url, title: null, description: null, images };
  }

  const metadata = extractPageMetadata(decodeHtml(page.body, page.charset), page.url);
  const sized: FoundPinImage[] = [];
  const unsized: ImageCandidate[] = [];
  for (const candidate of metadata.candidates) {
    if (candidate.width !== null && candidate.height !== null) {
      sized.push({
        type: 'image',
        url: candidate.url,
        width: candidate.width,
        height: candidate.height,
        source: candidate.source,
        pinnable: true,
      });
    } else {
      unsized.push(candidate);
    }
  }
  const probed = await mapLimited(
    unsized.slice(0, Math.max(0, maxProbes)),
    FIND_PIN_IMAGES_PROBE_CONCURRENCY,
    async (candidate): Promise<FoundPinImage | null> => {
      const size = await probeImageSize(fetcher, candidate.url, signal);
      return size
        ? { type: 'image', url: candidate.url, ...size, source: candidate.source, pinnable: true }
        : null;
    },
  );
  const all = [...sized, ...probed.filter((image): image is FoundPinImage => image !== null)];
  // Page order first, so orderFoundImages' ties keep it.
  const order = new Map(metadata.candidates.map((candidate, index) => [candidate.url, index]));
  all.sort((a, b) => (order.get(a.url) ?? 0) - (order.get(b.url) ?? 0));
  return {
    url: page.url,
    title: metadata.title,
    description: metadata.description,
    images: pinnableImages(all),
  };
}

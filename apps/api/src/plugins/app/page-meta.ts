// Server-filled <title> and Open Graph tags for the SPA's HTML, so shared links to pins, boards
// and profiles preview well (crawlers do not run our JavaScript). The modules that own those
// pages resolve their meta (PageMetaResolver, passed in by app.ts); the same visibility rules as
// the API apply: a page the viewer may not see gets the generic site meta, revealing nothing.
import { PAGE_DATA_ELEMENT_ID } from '@corkboard/shared/page-data';
import { isUnstorable } from '../../lib/unstorable-text.ts';
import type { Viewer } from './viewer.ts';

export const SITE_NAME = 'Corkboard';
export const SITE_DESCRIPTION = 'Discover ideas and save them to boards on Corkboard.';
/** The marker the web build leaves inside <head> for these tags. */
export const HEAD_MARKER = '<!--app-head-->';
/** Social cards cut descriptions around here anyway; longer text only bloats every page load. */
export const OG_DESCRIPTION_MAX_LENGTH = 300;
/** Titles and headings are cut here (a pin title can be long). */
export const TITLE_MAX_LENGTH = 100;

/** An image preload hint: the same srcset and sizes as the page's <img> (or <source>). */
export interface PreloadImage {
  srcset: string;
  sizes: string;
  type: string;
}

export interface PageMeta {
  /** The document <title>, with the site name. */
  title: string;
  /** og:title: the thing itself; og:site_name carries the site. */
  heading: string;
  description: string;
  /** Absolute URLs from here on: crawlers resolve nothing. */
  url: string | undefined;
  image: string | undefined;
  type: 'website' | 'article' | 'profile';
  /**
   * Which of the web app's pages this is, for the chunks index.html preloads (route-preloads.json
   * from the web build; docs/decisions/147). Unset: the generic meta, nothing preloaded.
   */
  page?: 'home' | 'pin' | 'board' | 'profile' | undefined;
  /** The page's main image, as its <img> will ask for it: preloaded from index.html. */
  preloadImage?: PreloadImage | undefined;
  /**
   * The page's first grid images (the home feed's first cards), as their <img> will ask for
   * them: preloaded after the main image, in order (docs/decisions/204).
   */
  preloadImages?: readonly PreloadImage[] | undefined;
  /**
   * API answers the page asks for first, exactly as the web app asks (same URL): fetched with
   * the HTML instead of one after another once the app has run (docs/decisions/198). spa.ts adds
   * them only to an address without a query string (a board's `?section=` asks for other pins).
   */
  preloadFetches?: readonly string[] | undefined;
  /**
   * API answers the page's first render needs that are worth giving a visitor in the HTML only
   * (never preloaded for a signed-in person): the pin page's closeup (docs/decisions/207).
   */
  visitorAnswers?: readonly string[] | undefined;
}

/**
 * A module's page meta (pins, boards, profiles): `undefined` when the path is not one of its
 * pages (the next resolver is asked), `null` when it is but there is nothing to show (missing or
 * invisible: the generic meta, revealing nothing), else the page's meta. app.ts passes the
 * modules' resolvers in the order they are asked.
 */
export type PageMetaResolver = (
  pathname: string,
  viewer: Viewer | null,
) => Promise<PageMeta | null | undefined>;

/** Usernames in page paths (users_username_format). */
export const PAGE_USERNAME = '[A-Za-z0-9_]{1,30}';

export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function genericMeta(publicUrl: string): PageMeta {
  return {
    title: SITE_NAME,
    heading: SITE_NAME,
    description: SITE_DESCRIPTION,
    url: `${publicUrl}/`,
    image: undefined,
    type: 'website',
  };
}

/** A decoded path segment, or undefined when it is malformed or holds text we cannot store. */
export function safeDecode(segment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(segment);
    return isUnstorable(decoded) ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** Meta for a page path (no query string). Unknown or invisible pages get the generic meta. */
export async function pageMetaFor(
  resolvers: readonly PageMetaResolver[],
  viewer: Viewer | null,
  publicUrl: string,
  pathname: string,
): Promise<PageMeta> {
  for (const resolve of resolvers) {
    const meta = await resolve(pathname, viewer);
    if (meta !== undefined) return meta ?? genericMeta(publicUrl);
  }
  return genericMeta(publicUrl);
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function renderHead(meta: PageMeta): string {
  const tags = [`<title>${escapeHtml(meta.title)}</title>`];
  const add = (attribute: 'name' | 'property', key: string, content: string | undefined): void => {
    if (content !== undefined)
      tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}">`);
  };
  add('name', 'description', meta.description);
  add('property', 'og:site_name', SITE_NAME);
  add('property', 'og:title', meta.heading);
  add('property', 'og:description', meta.description);
  add('property', 'og:type', meta.type);
  add('property', 'og:url', meta.url);
  add('property', 'og:image', meta.image);
  add('name', 'twitter:card', meta.image === undefined ? 'summary' : 'summary_large_image');
  return tags.join('\n    ');
}

/**
 * Preload hints for the page: its main image or first grid images (same srcset and sizes as the
 * page's <img>, so the browser fetches one file once), the chunks the page's route loads besides
 * the shell and the API answers it asks for first.
 */
export function renderPreloads(
  meta: PageMeta,
  routeChunks: readonly string[],
  fetches: readonly string[] = [],
): string {
  const tags: string[] = [];
  const images = [...(meta.preloadImage ? [meta.preloadImage] : []), ...(meta.preloadImages ?? [])];
  for (const image of images) {
    tags.push(
      `<link rel="preload" as="image" type="${escapeHtml(image.type)}" imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}" fetchpriority="high">`,
    );
  }
  for (const chunk of routeChunks) {
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(chunk)}">`);
  }
  // Same URL, mode (cors) and credentials (same-origin) as the app's fetch(), so it is reused.
  for (const url of fetches) {
    tags.push(`<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`);
  }
  return tags.join('\n    ');
}

/** One API answer inlined into the HTML: its URL as the app asks for it and the exact JSON text. */
export interface InlineAnswer {
  url: string;
  body: string;
}

/**
 * JSON text that can sit inside a `<script>` element: `<`, `>` and `&` (so no `</script>`,
 * `<!--` or entity can end or change the element) and U+2028/U+2029 become `\uXXXX` escapes.
 * Outside strings JSON has none of these characters, so the text parses to the same value.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The page's first answers as one JSON object (URL → the answer's envelope) in a non-executable
 * `<script type="application/json">`: the content security policy does not apply to it, and
 * the browser never runs it. '' when there is nothing to inline.
 */
export function renderPageData(answers: readonly InlineAnswer[]): string {
  if (answers.length === 0) return '';
  const json = `{${answers.map((answer) => `${JSON.stringify(answer.url)}:${answer.body}`).join(',')}}`;
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${escapeJsonForScript(json)}</script>`;
}

/**
 * Puts the head tags where the web build left HEAD_MARKER (or before </head> if it did not),
 * replacing any static <title> so there is exactly one.
 */
export function injectHead(template: string, head: string): string {
  const withoutTitle = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  if (withoutTitle.includes(HEAD_MARKER)) return withoutTitle.replace(HEAD_MARKER, () => head);
  return withoutTitle.replace(/<\/head>/i, () => `${head}\n  </head>`);
}

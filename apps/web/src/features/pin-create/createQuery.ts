// The create page's query (saving.md §2.1: url, media, description, guid and color) read into
// what the page can use, and the pop-up rules (§9: resized to width 750, height at least 750,
// plus 48 when the height adjusts; closed 10 s after success).
import { PIN_DESCRIPTION_MAX_LENGTH, PIN_URL_MAX_LENGTH } from './limits.ts';

/** §9 "Pop-up resized to width 750 and height at least 750 (plus 48 when height adjusts)." */
export const POPUP_WIDTH = 750;
export const POPUP_MIN_HEIGHT = 750;
export const POPUP_HEIGHT_ADJUST = 48;
/** §2.1, §9: the success view closes the window after 10 s. */
export const POPUP_AUTO_CLOSE_MS = 10_000;

export interface CreateQuery {
  /** The page the pin links to (http/https), or null. */
  readonly url: string | null;
  /** The image: an http(s) URL or a data:image/…;base64 URL, or null. */
  readonly media: string | null;
  readonly description: string;
  readonly guid: string | null;
  readonly color: string | null;
  /** Every parameter as given, for the client log (§7). */
  readonly raw: Readonly<Record<string, string>>;
}

function httpUrl(value: string | null, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    const href = url.href;
    return href.length <= PIN_URL_MAX_LENGTH ? href : null;
  } catch {
    return null;
  }
}

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+;base64,/i;
const GUID = /^[\x21-\x7e]{1,64}$/;
const COLOR = /^#[0-9a-f]{6}$/i;

/**
 * Reads the query. `base` resolves a site-relative media or url (`/media/…`) against our own
 * origin; anything that is not http(s) (javascript:, file:) is dropped.
 */
export function readCreateQuery(search: string, base: string): CreateQuery {
  const params = new URLSearchParams(search);
  const media = params.get('media')?.trim() ?? '';
  const guid = params.get('guid')?.trim() ?? '';
  const color = params.get('color')?.trim() ?? '';
  return {
    url: httpUrl(params.get('url'), base),
    media: DATA_IMAGE.test(media) ? media : httpUrl(media, base),
    description: (params.get('description') ?? '').trim().slice(0, PIN_DESCRIPTION_MAX_LENGTH),
    guid: GUID.test(guid) ? guid : null,
    color: COLOR.test(color) ? color.toLowerCase() : null,
    raw: Object.fromEntries(params.entries()),
  };
}

/** The outer height a pop-up is resized to, or null when it is already tall enough. */
export function popupResizeHeight(outerHeight: number): number | null {
  return outerHeight >= POPUP_MIN_HEIGHT ? null : POPUP_MIN_HEIGHT + POPUP_HEIGHT_ADJUST;
}

/** The host name shown for a link ("Image from example.com"), without `www.`. */
export function displayDomain(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

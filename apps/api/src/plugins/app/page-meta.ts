// Server-filled <title> and Open Graph tags for the SPA's HTML, so shared links to pins, boards
// and profiles preview well (crawlers do not run our JavaScript). The same visibility rules as
// the API apply: a page the viewer may not see gets the generic site meta, revealing nothing.
import { AppError } from '@corkboard/shared/app-error';
import type { Viewer } from './viewer.ts';
import { findVisibleBoardBySlug } from '../../modules/boards/boards.repository.ts';
import type { ServiceDeps } from '../../core/service-deps.ts';
import { thumbnail } from '../../core/media-urls.ts';
import { getPin } from '../../modules/pins/pins.service.ts';
import { boardUrl, fullName } from '../../core/serializers.ts';
import { findUserByUsername } from '../../modules/users/users.repository.ts';

export const SITE_NAME = 'Corkboard';
export const SITE_DESCRIPTION = 'Discover ideas and save them to boards on Corkboard.';
/** The marker the web build leaves inside <head> for these tags. */
export const HEAD_MARKER = '<!--app-head-->';
/** Social cards cut descriptions around here anyway; longer text only bloats every page load. */
export const OG_DESCRIPTION_MAX_LENGTH = 300;
const TITLE_MAX_LENGTH = 100;

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
}

const PIN_PATH = /^\/pin\/([1-9][0-9]{0,18})\/?$/;
const BOARD_PATH = /^\/([A-Za-z0-9_]{1,30})\/([^/]{1,200})\/?$/;
const PROFILE_PATH = /^\/([A-Za-z0-9_]{1,30})\/?$/;
const INT8_MAX = 9223372036854775807n;

function truncate(text: string, max: number): string {
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

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function pinMeta(
  deps: ServiceDeps,
  viewer: Viewer | null,
  publicUrl: string,
  id: string,
): Promise<PageMeta> {
  if (BigInt(id) > INT8_MAX) return genericMeta(publicUrl);
  try {
    const pin = await getPin(deps, viewer, id);
    const heading = truncate(pin.title.trim() || pin.description || 'Pin', TITLE_MAX_LENGTH);
    return {
      title: `${heading} · ${SITE_NAME}`,
      heading,
      description: truncate(
        pin.description || pin.title || SITE_DESCRIPTION,
        OG_DESCRIPTION_MAX_LENGTH,
      ),
      url: `${publicUrl}/pin/${pin.id}/`,
      image: absoluteUrl(publicUrl, pin.images['736x'].url),
      type: 'article',
    };
  } catch (error) {
    if (error instanceof AppError && error.codeName === 'PIN_NOT_FOUND')
      return genericMeta(publicUrl);
    throw error;
  }
}

async function boardMeta(
  deps: ServiceDeps,
  viewer: Viewer | null,
  publicUrl: string,
  username: string,
  slug: string,
): Promise<PageMeta | undefined> {
  const board = await findVisibleBoardBySlug(deps.db, viewer, username, slug);
  if (!board) return undefined;
  const owner = fullName(board.owner_first_name, board.owner_last_name, board.owner_username);
  const cover = board.covers[0];
  return {
    title: `${truncate(board.name, TITLE_MAX_LENGTH)} · ${SITE_NAME}`,
    heading: truncate(board.name, TITLE_MAX_LENGTH),
    description: truncate(
      board.description || `A board by ${owner} on ${SITE_NAME}.`,
      OG_DESCRIPTION_MAX_LENGTH,
    ),
    url: `${publicUrl}${boardUrl(board.owner_username, board.slug)}`,
    image: cover ? absoluteUrl(publicUrl, thumbnail(deps.storage, cover.variants).url) : undefined,
    type: 'website',
  };
}

async function profileMeta(
  deps: ServiceDeps,
  viewer: Viewer | null,
  publicUrl: string,
  username: string,
): Promise<PageMeta | undefined> {
  const user = await findUserByUsername(deps.db, viewer, username);
  if (!user) return undefined;
  const name = fullName(user.first_name, user.last_name, user.username);
  return {
    title: `${truncate(name, TITLE_MAX_LENGTH)} (@${user.username}) · ${SITE_NAME}`,
    heading: `${truncate(name, TITLE_MAX_LENGTH)} (@${user.username})`,
    description: truncate(
      user.about || `See what ${name} saves on ${SITE_NAME}.`,
      OG_DESCRIPTION_MAX_LENGTH,
    ),
    url: `${publicUrl}/${encodeURIComponent(user.username)}/`,
    image: user.avatar_variants
      ? absoluteUrl(publicUrl, thumbnail(deps.storage, user.avatar_variants).url)
      : undefined,
    type: 'profile',
  };
}

/** Meta for a page path (no query string). Unknown or invisible pages get the generic meta. */
export async function pageMetaFor(
  deps: ServiceDeps,
  viewer: Viewer | null,
  publicUrl: string,
  pathname: string,
): Promise<PageMeta> {
  const pin = PIN_PATH.exec(pathname);
  if (pin?.[1]) return pinMeta(deps, viewer, publicUrl, pin[1]);

  const board = BOARD_PATH.exec(pathname);
  const slug = board?.[2] === undefined ? undefined : safeDecode(board[2]);
  if (board?.[1] && slug)
    return (await boardMeta(deps, viewer, publicUrl, board[1], slug)) ?? genericMeta(publicUrl);

  const profile = PROFILE_PATH.exec(pathname);
  if (profile?.[1])
    return (await profileMeta(deps, viewer, publicUrl, profile[1])) ?? genericMeta(publicUrl);

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
 * Puts the head tags where the web build left HEAD_MARKER (or before </head> if it did not),
 * replacing any static <title> so there is exactly one.
 */
export function injectHead(template: string, head: string): string {
  const withoutTitle = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  if (withoutTitle.includes(HEAD_MARKER)) return withoutTitle.replace(HEAD_MARKER, () => head);
  return withoutTitle.replace(/<\/head>/i, () => `${head}\n  </head>`);
}

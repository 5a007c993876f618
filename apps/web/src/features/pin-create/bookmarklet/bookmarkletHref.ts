// The bookmarklet as a `javascript:` URL: the source text of runBookmarklet and of
// collectPinnableImages (both self-contained), called with this site's origin and the copy. It
// carries everything it needs, so on the page where it runs it loads nothing from us.
import { PINNABLE_MIN_SIDE_EXCLUSIVE } from '@corkboard/shared/saving/image-usability';
import { POPUP_HEIGHT_ADJUST, POPUP_MIN_HEIGHT, POPUP_WIDTH } from '../createQuery.ts';
import { PIN_DESCRIPTION_MAX_LENGTH } from '../limits.ts';
import { collectPinnableImages } from './collectImages.ts';
import { runBookmarklet, type BookmarkletConfig } from './runBookmarklet.ts';

/** Where the bookmarklet's pop-up opens (saving.md §2.1, method bookmarklet). */
export const BOOKMARKLET_CREATE_PATH = '/pin/create/bookmarklet/';

export function bookmarkletConfig(
  origin: string,
  copy: BookmarkletConfig['copy'],
): BookmarkletConfig {
  return {
    origin,
    createPath: BOOKMARKLET_CREATE_PATH,
    minSideExclusive: PINNABLE_MIN_SIDE_EXCLUSIVE,
    popupWidth: POPUP_WIDTH,
    popupHeight: POPUP_MIN_HEIGHT + POPUP_HEIGHT_ADJUST,
    descriptionMaxLength: PIN_DESCRIPTION_MAX_LENGTH,
    copy,
  };
}

/** The script a bookmarklet runs (also what the tests execute in a clean scope). */
export function bookmarkletScript(config: BookmarkletConfig): string {
  return `(${runBookmarklet.toString()})(${collectPinnableImages.toString()},${JSON.stringify(config)});void 0`;
}

export function bookmarkletHref(config: BookmarkletConfig): string {
  return `javascript:${encodeURIComponent(bookmarkletScript(config))}`;
}

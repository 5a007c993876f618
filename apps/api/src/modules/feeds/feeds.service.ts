// The home feed: the newest pins from public boards (docs/decisions/002-discovery-visibility.md).
// A signed-in person who picked topics in the first-run tour gets it seeded (docs/decisions/082):
// pins in those topics first, newest first, then every other pin, newest first.
import type { Pin, PinImages } from '@corkboard/shared/api-types';
import { GRID_EAGER_IMAGES, GRID_IMAGE_SIZES } from '@corkboard/shared/layout';
import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import {
  decodeIdBookmark,
  decodeTierIdBookmark,
  encodeTierIdBookmark,
  keysetPage,
  type Page,
} from '../../core/bookmarks.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { readThrough, readThroughShared } from '../../lib/page-cache.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializeFor, serializePin } from '../../core/serializers.ts';
import {
  genericMeta,
  type PageMetaResolver,
  type PreloadImage,
} from '../../plugins/app/page-meta.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { withPromotedPins } from '../ads/delivery.service.ts';
import { chosenTopics, pinInChosenTopics } from '../topics/topics.service.ts';
import {
  listFollowingFeedPins,
  listHomeFeedPins,
  listHomeFeedPinsById,
  pickSeededHomeFeedPage,
} from './feeds.repository.ts';

/**
 * The discovery feed: the viewer's topics first when they chose some (ADR 082); a signed-in
 * viewer's pages also hold promoted pins at the ads module's slot positions (docs/decisions/104).
 * The bookmark follows the organic pins only.
 *
 * What does not depend on the viewer comes from the page cache (ADR 197): the newest-first
 * organic page (the same for every viewer without topics, and for visitors) and the viewer's
 * chosen topics, both emptied by every write. The promoted pins are worked out per request.
 */
export async function homeFeed(
  deps: AppDeps,
  viewer: Viewer | null,
  page: PageRequest,
): Promise<Page<Pin>> {
  const organic =
    viewer && (await viewerTopics(deps, viewer)).length > 0
      ? await seededHomeFeed(deps, viewer, page)
      : await sharedNewestHomeFeed(deps, page);
  return { ...organic, items: await withPromotedPins(deps, viewer, organic.items, (pin) => pin) };
}

function cacheWarning(deps: Pick<AppDeps, 'log'>): (error: unknown) => void {
  return (error) =>
    deps.log.warn({ err: error }, 'feed cache unavailable; the home feed is read uncached');
}

/** The viewer's chosen topics (ADR 082), kept until the next write (ADR 197). */
async function viewerTopics(deps: AppDeps, viewer: Viewer): Promise<string[]> {
  return readThrough(
    deps.pages,
    `home-feed:topics:${viewer.id}`,
    async () => (await chosenTopics(deps, viewer)).topics,
    cacheWarning(deps),
  );
}

/**
 * The newest-first page, the same for everyone it is served to (it carries nothing of the
 * viewer: the pins serialize as for a signed-in reader either way), kept until the next write.
 */
async function sharedNewestHomeFeed(deps: AppDeps, page: PageRequest): Promise<Page<Pin>> {
  const bookmark = page.bookmark === undefined ? '' : encodeURIComponent(page.bookmark);
  // Shared and frozen: parsing the 40 kB page on every signed-in request was a tenth of its CPU
  // (ADR 203); the promoted-pin step builds new arrays and objects, never changes these.
  return readThroughShared(
    deps.pages,
    `home-feed:newest:${page.pageSize}:${bookmark}`,
    () => newestHomeFeed(deps, page),
    cacheWarning(deps),
  );
}

/** Newest pins of public boards. */
async function newestHomeFeed(deps: AppDeps, page: PageRequest): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const rows = await listHomeFeedPins(deps.readDb, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => serializePin(deps.storage, row));
}

/** Topic pins first, then the rest; keyset-paged by (tier, id). */
async function seededHomeFeed(
  deps: AppDeps,
  viewer: Viewer,
  page: PageRequest,
): Promise<Page<Pin>> {
  const before = decodeTierIdBookmark(page.bookmark);
  const picked = await pickSeededHomeFeedPage(
    deps.readDb,
    pinInChosenTopics('fp', viewer.id),
    before,
    page.pageSize + 1,
  );
  const pageIds = picked.slice(0, page.pageSize);
  const rows = new Map(
    (
      await listHomeFeedPinsById(
        deps.readDb,
        pageIds.map((row) => row.id),
      )
    ).map((row) => [row.id, row]),
  );
  const last = pageIds.at(-1);
  return {
    // A pin deleted between the two queries is left out.
    items: pageIds.flatMap((row) => {
      const pin = rows.get(row.id);
      return pin ? [serializePin(deps.storage, pin, serializeFor(viewer))] : [];
    }),
    bookmark:
      picked.length > page.pageSize && last
        ? encodeTierIdBookmark(Number(last.tier), last.id)
        : undefined,
  };
}

/** The Following home tab: pins on followed boards and by followed people, newest first. */
export async function followingFeed(
  deps: AppDeps,
  viewer: Viewer,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const rows = await listFollowingFeedPins(deps.readDb, viewer, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) =>
    serializePin(deps.storage, row, serializeFor(viewer)),
  );
}

/** The grid card's WebP srcset, as the web's PinImage writes it (236x and 474x, widths once). */
export function gridCardSrcSet(images: PinImages): string {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const variant of [images['236x'], images['474x']]) {
    if (seen.has(variant.width)) continue;
    seen.add(variant.width);
    entries.push(`${variant.webp_url} ${variant.width}w`);
  }
  return entries.join(', ');
}

/**
 * `/` for a visitor: the generic site meta, and the first cards' images of the feed page the app
 * asks for first (the same cached page, so no extra query once it is warm), preloaded from the
 * HTML instead of after the app has run and laid out the grid (docs/decisions/204). A signed-in
 * person's first page depends on them (topics, promoted pins): no image hints, as before.
 */
export function homePageMeta(deps: AppDeps): PageMetaResolver {
  return async (pathname, viewer) => {
    if (pathname !== '/' || viewer !== null) return undefined;
    const first = await homeFeed(deps, null, { bookmark: undefined, pageSize: DEFAULT_PAGE_SIZE });
    const preloadImages: PreloadImage[] = first.items.slice(0, GRID_EAGER_IMAGES).map((pin) => ({
      srcset: gridCardSrcSet(pin.images),
      sizes: GRID_IMAGE_SIZES,
      type: 'image/webp',
    }));
    return { ...genericMeta(deps.publicUrl), page: 'home', preloadImages };
  };
}

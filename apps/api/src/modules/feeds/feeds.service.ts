// The home feed. Until personalisation exists every viewer gets the same discovery feed: the
// newest pins from public boards (docs/decisions/002-discovery-visibility.md).
import type { Pin } from '@corkboard/shared/api-types';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializeFor, serializePin } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { withPromotedPins } from '../ads/delivery.service.ts';
import { listFollowingFeedPins, listHomeFeedPins } from './feeds.repository.ts';

/**
 * The discovery feed; a signed-in viewer's pages also hold promoted pins at the ads module's slot
 * positions (docs/decisions/104). The bookmark follows the organic pins only.
 */
export async function homeFeed(
  deps: AppDeps,
  viewer: Viewer | null,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const rows = await listHomeFeedPins(deps.db, beforeId, page.pageSize + 1);
  const organic = keysetPage(rows, page.pageSize, (row) => serializePin(deps.storage, row));
  return { ...organic, items: await withPromotedPins(deps, viewer, organic.items, (pin) => pin) };
}

/** The Following home tab: pins on followed boards and by followed people, newest first. */
export async function followingFeed(
  deps: AppDeps,
  viewer: Viewer,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const rows = await listFollowingFeedPins(deps.db, viewer, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) =>
    serializePin(deps.storage, row, serializeFor(viewer)),
  );
}

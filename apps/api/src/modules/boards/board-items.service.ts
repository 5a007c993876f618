// The picker's board row (PickerBoardItem): BoardPickerBoardsResource rows, the create-board
// answer and BoardResource get.
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import type { AppDeps } from '../../core/app-deps.ts';
import { boardAccessList } from '../../core/board-access.ts';
import { thumbnail } from '../../core/media-urls.ts';
import { boardUrl, serializeUserSummary } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { findBoardItem, type BoardItemRow } from './board-items.repository.ts';
import { boardOwnerSummary, serializeBoardViewerFields } from './boards.service.ts';

export function serializeBoardItem(storage: MediaStorage, row: BoardItemRow): PickerBoardItem {
  const thumbnails = row.covers.map((entry) => thumbnail(storage, entry.variants).url);
  const cover = thumbnails[0] ?? null;
  return {
    ...serializeBoardViewerFields(storage, row),
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: boardUrl(row.owner_username, row.slug),
    privacy: row.privacy,
    description: row.description,
    owner: boardOwnerSummary(storage, row),
    collaborating_users: row.collaborators.map((collaborator) =>
      serializeUserSummary(storage, collaborator),
    ),
    collaborator_count: row.collaborator_count,
    is_collaborative: row.collaborator_count > 0,
    should_show_board_collaborators: row.collaborator_count > 0,
    board_access: boardAccessList(row.writable),
    pin_count: row.pin_count,
    section_count: row.section_count,
    follower_count: row.follower_count,
    has_custom_cover: row.cover_pin_id !== null,
    image_cover_url: cover,
    image_thumbnail_url: cover,
    pin_thumbnail_urls: thumbnails,
    last_saved_at: row.last_saved_at === null ? null : new Date(row.last_saved_at).toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** The board as a picker row, for the viewer (BOARD_NOT_FOUND when it is gone). */
export async function getBoardItem(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer | null,
  boardId: string,
): Promise<PickerBoardItem> {
  const row = await findBoardItem(deps.db, viewer, boardId);
  if (!row) throw new AppError('BOARD_NOT_FOUND');
  return serializeBoardItem(deps.storage, row);
}

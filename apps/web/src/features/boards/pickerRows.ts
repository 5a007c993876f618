// The rows of the board and section pickers as data: a row's key and its save state (saving.md
// §4 "Save state per board: loading, then success; on failure it returns to nothing"), and the
// image a board row shows. Shared by the board picker, the section picker and the save flow.
import type { BoardLayoutName } from '@corkboard/shared/api-types';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';

export type RowSaveState = 'loading' | 'saved';

/** Row keys: a board row and a section row never collide, and the same board keeps its key. */
export function boardRowKey(boardId: string): string {
  return `board:${boardId}`;
}

export function sectionRowKey(sectionId: string): string {
  return `section:${sectionId}`;
}

/** A picker row's small (48 px) board image: the 170x cover (decision 143), else the 236x. */
export function boardCoverUrl(board: PickerBoardItem): string | null {
  return (
    board.images_170x[0]?.url ??
    board.image_thumbnail_url ??
    board.image_cover_url ??
    board.pin_thumbnail_urls[0] ??
    null
  );
}

/**
 * saving.md §2.4 "The grid has 2 columns for the grid or thumbnail layout, otherwise 4": the grid
 * of a board row's pin images in the picker follows the board's layout (docs/decisions/133).
 */
export function pickerGridColumns(layout: BoardLayoutName): 2 | 4 {
  return layout === 'grid' || layout === 'thumbnail' ? 2 : 4;
}

// Section reads: a section's pin feed (GET /v3/board/sections/{id}/pins/), the board page's
// sections, BoardSectionResource get and the section picker (BoardSectionsRepinResource), and the
// check that a section belongs to the board a pin is saved to. A section of a board the viewer
// may not see is SECTION_NOT_FOUND.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import type { BoardSection, Pin } from '@corkboard/shared/api-types';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import type { BoardPinSort } from '@corkboard/shared/saving/organise';
import { resolveActing } from '../business/acting.service.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { requireWritableBoard } from '../../core/board-access.ts';
import {
  beforeIdOf,
  decodeIdOrOffsetBookmark,
  decodeOffsetBookmark,
  encodeOffsetBookmark,
  keysetPage,
  offsetOf,
  offsetPage,
  type Page,
} from '../../core/bookmarks.ts';
import { thumbnail } from '../../core/media-urls.ts';
import type { PinListRow } from '../../core/pin-list.repository.ts';
import { clampSize, type PageRequest } from '../../core/schemas.ts';
import { serializeFor, serializePin } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  findSectionItem,
  findSectionOfBoard,
  listSectionItems,
  listSectionsOfBoard,
  type SectionItemRow,
} from './section-items.repository.ts';
import type { SectionGetOptions, SectionPickerOptions } from './sections.schemas.ts';
import { findVisibleSection, listSectionPins } from './sections.repository.ts';

/** Sections per section-picker page (and the cap). */
export const SECTION_PICKER_PAGE_SIZE = 100;
/** Offsets beyond this are not paged (a board with 10,000 sections is not a real board). */
export const SECTION_PICKER_MAX_OFFSET = 10_000;

export function serializeSectionItem(
  storage: MediaStorage,
  row: SectionItemRow,
): PickerSectionItem {
  return {
    id: row.id,
    board_id: row.board_id,
    title: row.title,
    slug: row.slug,
    pin_count: row.pin_count,
    preview_pins: row.previews.map((preview) => {
      const image = thumbnail(storage, preview.variants);
      return {
        image_square_url: image.url,
        image_square_size_pixels: { width: image.width, height: image.height },
      };
    }),
  };
}

function serializeSection(storage: MediaStorage, row: SectionItemRow): BoardSection {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    pin_count: row.pin_count,
    preview_images: row.previews.map((preview) => thumbnail(storage, preview.variants)),
  };
}

/**
 * Not in the spec (ADR 123): how deep a section's custom-ordered pins page (offset cursors); the
 * board's CUSTOM_ORDER_MAX_ITEMS.
 */
const SECTION_CUSTOM_ORDER_MAX_OFFSET = 10_000;

/** GET /v3/board/sections/{id}/pins/: newest first, or the custom order of its board (or `sort`). */
export async function sectionPins(
  deps: AppDeps,
  viewer: Viewer | null,
  sectionId: string,
  page: PageRequest,
  sort?: BoardPinSort,
): Promise<Page<Pin>> {
  const cursor = decodeIdOrOffsetBookmark(page.bookmark, SECTION_CUSTOM_ORDER_MAX_OFFSET);
  const section = await findVisibleSection(deps.db, viewer, sectionId);
  if (!section) throw new AppError('SECTION_NOT_FOUND');
  const serialize = (row: PinListRow) => serializePin(deps.storage, row, serializeFor(viewer));
  const boardSort = section.board_order_modified_at === null ? 'newest' : 'custom';
  if ((sort ?? boardSort) === 'custom') {
    const offset = offsetOf(cursor);
    const rows = await listSectionPins(deps.db, section.id, {
      custom: true,
      offset,
      limit: page.pageSize + 1,
    });
    return offsetPage(rows, offset, page.pageSize, SECTION_CUSTOM_ORDER_MAX_OFFSET, serialize);
  }
  const rows = await listSectionPins(deps.db, section.id, {
    custom: false,
    beforeId: beforeIdOf(cursor),
    limit: page.pageSize + 1,
  });
  return keysetPage(rows, page.pageSize, serialize);
}

/** The board page's sections (the caller checked the board is visible). */
export async function sectionsOfBoard(deps: AppDeps, boardId: string): Promise<BoardSection[]> {
  const rows = await listSectionsOfBoard(deps.db, boardId);
  return rows.map((row) => serializeSection(deps.storage, row));
}

/** BoardSectionResource get: a section of a board the viewer may see. */
export async function getSection(
  deps: AppDeps,
  viewer: Viewer | null,
  options: SectionGetOptions,
): Promise<PickerSectionItem> {
  if (viewer !== null) await resolveActing(deps, viewer, options);
  const visible = await findVisibleSection(deps.db, viewer, options.section_id);
  const row = visible ? await findSectionItem(deps.db, visible.id) : undefined;
  if (!row) throw new AppError('SECTION_NOT_FOUND');
  return serializeSectionItem(deps.storage, row);
}

/** BoardSectionsRepinResource get: the sections of a board the viewer can save to. */
export async function sectionPicker(
  deps: AppDeps,
  viewer: Viewer,
  options: SectionPickerOptions,
): Promise<Page<PickerSectionItem>> {
  const acting = await resolveActing(deps, viewer, options);
  const offset = decodeOffsetBookmark(options.bookmark ?? undefined, SECTION_PICKER_MAX_OFFSET);
  const pageSize = clampSize(options.page_size, SECTION_PICKER_PAGE_SIZE, SECTION_PICKER_PAGE_SIZE);
  const board = await requireWritableBoard(deps.db, acting.subject, options.board_id);
  const rows = await listSectionItems(deps.db, board.id, offset, pageSize + 1);
  const pageRows = rows.slice(0, pageSize);
  const next = offset + pageRows.length;
  return {
    items: pageRows.map((row) => serializeSectionItem(deps.storage, row)),
    bookmark:
      rows.length > pageSize && next <= SECTION_PICKER_MAX_OFFSET
        ? encodeOffsetBookmark(next)
        : undefined,
  };
}

/** SECTION_NOT_FOUND unless the section belongs to the board (a save may use only those). */
export async function requireSectionOfBoard(
  db: Kysely<Database>,
  boardId: string,
  sectionId: string,
): Promise<void> {
  const section = await findSectionOfBoard(db, boardId, sectionId);
  if (!section) throw new AppError('SECTION_NOT_FOUND', { data: { field: 'section' } });
}

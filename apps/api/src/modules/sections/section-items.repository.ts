// Sections as the section picker and BoardSectionResource describe them (saving.md §3 "Board
// section: id, title, slug, preview_pins"), with up to three preview images in the same query.
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import { thumbnail } from '../../core/media-urls.ts';

export const SECTION_PREVIEW_PINS = 3;

export interface SectionItemRow {
  id: string;
  board_id: string;
  title: string;
  slug: string;
  pin_count: number;
  previews: { variants: StoredVariants }[];
}

/** Alias s. Sections in board order: position, then id. */
export function sectionItemQuery(db: Kysely<Database>) {
  return db
    .selectFrom('board_sections as s')
    .select((eb) => [
      's.id',
      's.board_id',
      's.title',
      's.slug',
      's.pin_count',
      jsonArrayFrom(
        eb
          .selectFrom('pins as sp')
          .innerJoin('images as si', 'si.id', 'sp.image_id')
          .select('si.variants')
          .whereRef('sp.section_id', '=', 's.id')
          .orderBy('sp.id', 'desc')
          .limit(SECTION_PREVIEW_PINS),
      ).as('previews'),
    ]);
}

export async function listSectionItems(
  db: Kysely<Database>,
  boardId: string,
  offset: number,
  limit: number,
): Promise<SectionItemRow[]> {
  return sectionItemQuery(db)
    .where('s.board_id', '=', boardId)
    .orderBy('s.position')
    .orderBy('s.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function findSectionItem(
  db: Kysely<Database>,
  sectionId: string,
): Promise<SectionItemRow | undefined> {
  return sectionItemQuery(db).where('s.id', '=', sectionId).executeTakeFirst();
}

/** The section if it belongs to `boardId` (the only sections a save to that board may use). */
export async function findSectionOfBoard(
  db: Kysely<Database>,
  boardId: string,
  sectionId: string,
): Promise<{ id: string; title: string } | undefined> {
  return db
    .selectFrom('board_sections')
    .select(['id', 'title'])
    .where('id', '=', sectionId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
}

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

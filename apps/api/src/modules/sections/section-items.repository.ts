// Section rows with their preview images (the newest SECTION_PREVIEW_PINS pin images, in the
// same query): the board page's sections, the section picker and BoardSectionResource (saving.md
// §3 "Board section: id, title, slug, preview_pins").
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, StoredVariants } from '@corkboard/db/schema';

/** Section cards and picker rows show up to three preview images. */
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

/** Every section of the board, in board order (the board page). */
export async function listSectionsOfBoard(
  db: Kysely<Database>,
  boardId: string,
): Promise<SectionItemRow[]> {
  return sectionItemQuery(db)
    .where('s.board_id', '=', boardId)
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
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

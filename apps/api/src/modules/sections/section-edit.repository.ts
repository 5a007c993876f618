// Section rename, delete and reorder queries (docs/decisions/059). `trx` is the service's
// transaction; the section (or the board's sections) are locked first.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export interface LockedSectionRow {
  id: string;
  board_id: string;
  title: string;
  slug: string;
}

export async function lockSection(
  trx: Kysely<Database>,
  sectionId: string,
): Promise<LockedSectionRow | undefined> {
  return trx
    .selectFrom('board_sections')
    .select(['id', 'board_id', 'title', 'slug'])
    .where('id', '=', sectionId)
    .forUpdate()
    .executeTakeFirst();
}

/** Another section of the board with this title (the same lower() as the unique index). */
export async function otherSectionTitled(
  trx: Kysely<Database>,
  boardId: string,
  sectionId: string,
  title: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('board_sections')
    .select('id')
    .where('board_id', '=', boardId)
    .where('id', '<>', sectionId)
    .where(sql<boolean>`lower(title) = lower(${title})`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function renameSectionRow(
  trx: Kysely<Database>,
  sectionId: string,
  title: string,
  slug: string,
): Promise<void> {
  await trx
    .updateTable('board_sections')
    .set({ title, slug })
    .where('id', '=', sectionId)
    .execute();
}

/** The section goes; its pins stay on the board, out of any section (and out of its order). */
export async function deleteSectionRow(
  trx: Kysely<Database>,
  section: { id: string; board_id: string },
  now: Date,
): Promise<number> {
  const freed = await trx
    .updateTable('pins')
    .set({ section_id: null, section_position: null, updated_at: now })
    .where('section_id', '=', section.id)
    .executeTakeFirst();
  await trx.deleteFrom('board_sections').where('id', '=', section.id).execute();
  await trx
    .updateTable('boards')
    .set({
      section_count: sql<number>`(SELECT count(*)::int FROM board_sections s WHERE s.board_id = boards.id)`,
      updated_at: now,
    })
    .where('id', '=', section.board_id)
    .execute();
  return Number(freed.numUpdatedRows);
}

/** The board's sections in board order (position, then id), locked. */
export async function lockBoardSections(
  trx: Kysely<Database>,
  boardId: string,
): Promise<{ id: string; position: number }[]> {
  return trx
    .selectFrom('board_sections')
    .select(['id', 'position'])
    .where('board_id', '=', boardId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setSectionPosition(
  trx: Kysely<Database>,
  sectionId: string,
  position: number,
): Promise<void> {
  await trx.updateTable('board_sections').set({ position }).where('id', '=', sectionId).execute();
}

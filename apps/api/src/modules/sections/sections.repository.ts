// Section queries. A section is reachable only through a board the viewer may see.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';

export async function findVisibleSection(
  db: Kysely<Database>,
  viewer: Viewer | null,
  sectionId: string,
): Promise<{ id: string; board_id: string } | undefined> {
  return db
    .selectFrom('board_sections as s')
    .innerJoin('boards as b', 'b.id', 's.board_id')
    .where('s.id', '=', sectionId)
    .where(visibleBoards(viewer))
    .select(['s.id', 's.board_id'])
    .executeTakeFirst();
}

/** Pins filed in the section, newest first. */
export async function listSectionPins(
  db: Kysely<Database>,
  sectionId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<PinListRow[]> {
  let query = pinListQuery(db).where('p.section_id', '=', sectionId);
  if (beforeId !== undefined) query = query.where('p.id', '<', beforeId);
  return query.orderBy('p.id', 'desc').limit(limit).execute();
}

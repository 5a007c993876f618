// Section queries. A section is reachable only through a board the viewer may see.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';

export async function findVisibleSection(
  db: Kysely<Database>,
  viewer: Viewer | null,
  sectionId: string,
): Promise<{ id: string; board_id: string; board_order_modified_at: Date | null } | undefined> {
  return db
    .selectFrom('board_sections as s')
    .innerJoin('boards as b', 'b.id', 's.board_id')
    .where('s.id', '=', sectionId)
    .where(visibleBoards(viewer))
    .select(['s.id', 's.board_id', 'b.board_order_modified_at'])
    .executeTakeFirst();
}

/**
 * Pins filed in the section: newest first (keyset below `beforeId`), or, when its board is in
 * custom order, by their place in the section (ADR 053, 123; paged by offset).
 */
export async function listSectionPins(
  db: Kysely<Database>,
  sectionId: string,
  page:
    | { custom: false; beforeId: string | undefined; limit: number }
    | {
        custom: true;
        offset: number;
        limit: number;
      },
): Promise<PinListRow[]> {
  let query = pinListQuery(db).where('p.section_id', '=', sectionId);
  if (page.custom) {
    query = query
      .orderBy(sql`p.section_position IS NOT NULL`)
      .orderBy('p.section_position')
      .orderBy('p.id', 'desc')
      .offset(page.offset);
  } else {
    if (page.beforeId !== undefined) query = query.where('p.id', '<', page.beforeId);
    query = query.orderBy('p.id', 'desc');
  }
  return query.limit(page.limit).execute();
}

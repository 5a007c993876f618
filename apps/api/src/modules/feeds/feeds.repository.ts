// Home feed query: the newest pins from public boards (docs/decisions/002-discovery-visibility.md).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import { discoverableBoards } from '../../core/visibility.repository.ts';

export async function listHomeFeedPins(
  db: Kysely<Database>,
  beforeId: string | undefined,
  limit: number,
): Promise<PinListRow[]> {
  // The page is picked from pins and boards alone, then joined to the rest: the planner plans
  // two small queries instead of one seven-table join, and without table statistics (PGlite
  // never gathers any) it no longer joins every public pin before sorting them.
  let page = db
    .selectFrom('pins as fp')
    .innerJoin('boards as fb', 'fb.id', 'fp.board_id')
    .where(discoverableBoards('fb'))
    .selectAll('fp');
  if (beforeId !== undefined) page = page.where('fp.id', '<', beforeId);
  return (
    pinListQuery(db, page.orderBy('fp.id', 'desc').limit(limit).as('p'))
      // Restated on the joined board so the visibility rule is checked on the rows we return.
      .where(discoverableBoards())
      .orderBy('p.id', 'desc')
      .execute()
  );
}

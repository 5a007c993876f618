// Home feed query: the newest pins from public boards (docs/decisions/002-discovery-visibility.md).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { pinListQuery, type PinListRow } from '../pins/pins.repository.ts';
import { discoverableBoards } from '../visibility.ts';

export async function listHomeFeedPins(
  db: Kysely<Database>,
  beforeId: string | undefined,
  limit: number,
): Promise<PinListRow[]> {
  let query = pinListQuery(db).where(discoverableBoards());
  if (beforeId !== undefined) query = query.where('p.id', '<', beforeId);
  return query.orderBy('p.id', 'desc').limit(limit).execute();
}

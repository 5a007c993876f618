// Pin search: PostgreSQL full-text search over pins.search_tsv (title weighted A, description B),
// public boards only, best match first and newest first among equals.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import { discoverableBoards } from '../../core/visibility.repository.ts';

export async function searchPublicPins(
  db: Kysely<Database>,
  q: string,
  offset: number,
  limit: number,
): Promise<PinListRow[]> {
  // websearch_to_tsquery accepts any user text ("quoted phrases", -exclusions, or) without
  // syntax errors, unlike to_tsquery.
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  return pinListQuery(db)
    .where(discoverableBoards())
    .where(sql<boolean>`p.search_tsv @@ ${tsquery}`)
    .orderBy(sql`ts_rank(p.search_tsv, ${tsquery})`, 'desc')
    .orderBy('p.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

// Typeahead SQL (business.md §7): word-prefix matches on the folded text, which the trigram
// indexes of the 14-00 migration serve (LIKE patterns of three characters or more). Only what
// anyone may see: public pins and boards, active people.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { userSummaryQuery } from '../../core/user-summary.repository.ts';
import { discoverableBoards } from '../../core/visibility.repository.ts';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `column` starts with the folded term, or has a word that does. */
function wordPrefix(column: ReturnType<typeof sql>, folded: string) {
  const term = escapeLike(folded);
  return sql<SqlBool>`(${column} LIKE ${`${term}%`} OR ${column} LIKE ${`% ${term}%`})`;
}

/** Pin titles starting a query, most saved first (suggested queries). */
export async function queryCandidates(
  db: Kysely<Database>,
  folded: string,
  limit: number,
): Promise<string[]> {
  const title = sql`search_fold(p.title)`;
  const rows = await db
    .selectFrom('pins as p')
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .select(sql<string>`lower(trim(p.title))`.as('query'))
    .where(discoverableBoards())
    .where(sql<SqlBool>`p.title <> ''`)
    .where(wordPrefix(title, folded))
    .groupBy(sql`lower(trim(p.title))`)
    .orderBy(sql`sum(p.save_count)`, 'desc')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`lower(trim(p.title))`)
    .limit(limit)
    .execute();
  return rows.map((row) => row.query);
}

export interface TypeaheadBoardRow {
  name: string;
  slug: string;
  owner_username: string;
  cover_variants: StoredVariants | null;
}

export async function boardCandidates(
  db: Kysely<Database>,
  folded: string,
  limit: number,
): Promise<TypeaheadBoardRow[]> {
  return db
    .selectFrom('boards as b')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('pins as cp', 'cp.id', 'b.cover_pin_id')
    .leftJoin('images as ci', 'ci.id', 'cp.image_id')
    .select(['b.name', 'b.slug', 'o.username as owner_username', 'ci.variants as cover_variants'])
    .where(discoverableBoards())
    .where('o.deactivated_at', 'is', null)
    .where('o.suspended_at', 'is', null)
    .where(wordPrefix(sql`search_fold(b.name)`, folded))
    .orderBy('b.follower_count', 'desc')
    .orderBy('b.pin_count', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
}

export async function userCandidates(db: Kysely<Database>, folded: string, limit: number) {
  return userSummaryQuery(db)
    .where('u.deactivated_at', 'is', null)
    .where('u.suspended_at', 'is', null)
    .where(
      wordPrefix(sql`search_fold(u.username || ' ' || u.first_name || ' ' || u.last_name)`, folded),
    )
    .orderBy('u.follower_count', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
}

/** Hashtags (`#word`) in public pin descriptions starting with the term, most used first. */
export async function hashtagCandidates(
  db: Kysely<Database>,
  folded: string,
  limit: number,
): Promise<string[]> {
  const term = escapeLike(folded);
  const result = await sql<{ tag: string }>`
    SELECT lower(m[1]) AS tag
    FROM pins p
    JOIN boards b ON b.id = p.board_id,
    LATERAL regexp_matches(search_fold(p.description), '#([[:alnum:]_]+)', 'g') AS m
    WHERE ${discoverableBoards()} AND search_fold(p.description) LIKE ${`%#${term}%`}
    GROUP BY lower(m[1])
    HAVING lower(m[1]) LIKE ${`${term}%`}
    ORDER BY count(*) DESC, lower(m[1])
    LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => row.tag);
}

export async function recordRecentSearch(
  db: Kysely<Database>,
  entry: { userId: string; queryKey: string; query: string; scope: string; at: Date },
  keep: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('recent_searches')
      .values({
        user_id: entry.userId,
        query_key: entry.queryKey,
        query: entry.query,
        scope: entry.scope,
        searched_at: entry.at,
      })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'query_key']).doUpdateSet({
          query: entry.query,
          scope: entry.scope,
          searched_at: entry.at,
        }),
      )
      .execute();
    // Keep the newest `keep`: the list is short, so deleting past it on every write is cheap.
    await trx
      .deleteFrom('recent_searches')
      .where('user_id', '=', entry.userId)
      .where(
        'query_key',
        'not in',
        trx
          .selectFrom('recent_searches')
          .select('query_key')
          .where('user_id', '=', entry.userId)
          .orderBy('searched_at', 'desc')
          .orderBy('query_key')
          .limit(keep),
      )
      .execute();
  });
}

export async function listRecentSearches(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('recent_searches')
    .select(['query', 'scope', 'searched_at'])
    .where('user_id', '=', userId)
    .orderBy('searched_at', 'desc')
    .orderBy('query_key')
    .limit(limit)
    .execute();
}

export async function clearRecentSearches(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('recent_searches').where('user_id', '=', userId).execute();
}

// Home feed query: the newest pins from public boards (docs/decisions/002-discovery-visibility.md).
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import {
  discoverableBoards,
  listedBoards,
  visibleBoards,
} from '../../core/visibility.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';

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

/** A seeded home feed page's pin ids with their tier (1: in the person's topics, 0: the rest). */
export async function pickSeededHomeFeedPage(
  db: Kysely<Database>,
  inTopics: Expression<SqlBool>,
  before: { tier: number; id: string } | undefined,
  limit: number,
): Promise<{ id: string; tier: number }[]> {
  const tier = sql<number>`(CASE WHEN ${inTopics} THEN 1 ELSE 0 END)`;
  let page = db
    .selectFrom('pins as fp')
    .innerJoin('boards as fb', 'fb.id', 'fp.board_id')
    .where(discoverableBoards('fb'))
    .select(['fp.id', tier.as('tier')]);
  if (before !== undefined) {
    page = page.where(
      sql<SqlBool>`(${tier} < ${before.tier} OR (${tier} = ${before.tier} AND fp.id < ${before.id}))`,
    );
  }
  return page.orderBy(tier, 'desc').orderBy('fp.id', 'desc').limit(limit).execute();
}

/** The list rows of these pins (any order; the caller orders them), on public boards only. */
export async function listHomeFeedPinsById(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<PinListRow[]> {
  if (ids.length === 0) return [];
  return pinListQuery(db).where('p.id', 'in', ids).where(discoverableBoards()).execute();
}

/**
 * The Following feed (issue 10): pins saved to boards the viewer follows, and pins saved by
 * people the viewer follows, newest first, keyset-paged by id. Visibility is checked on every
 * row: a followed board the viewer can no longer see, or a followed person's pin on a secret or
 * protected board, never shows.
 */
export async function listFollowingFeedPins(
  db: Kysely<Database>,
  viewer: Viewer,
  beforeId: string | undefined,
  limit: number,
): Promise<PinListRow[]> {
  let query = pinListQuery(db)
    .where(
      sql<boolean>`(
        (p.board_id IN (SELECT ff.board_id FROM board_follows ff WHERE ff.user_id = ${viewer.id})
          AND ${visibleBoards(viewer)})
        OR (p.pinner_id IN (
              SELECT uf.followee_id FROM user_follows uf WHERE uf.follower_id = ${viewer.id})
          AND ${listedBoards(viewer)})
      )`,
    )
    .where('u.deactivated_at', 'is', null)
    .where('u.suspended_at', 'is', null);
  if (beforeId !== undefined) query = query.where('p.id', '<', beforeId);
  return query.orderBy('p.id', 'desc').limit(limit).execute();
}

// board_follows queries. Every function takes `db | trx` first; the service owns the transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { visibleBoards } from '../../core/visibility.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';

export interface FollowBoardRow {
  id: string;
  owner_id: string;
  /** Whether the viewer may see it (owner, accepted collaborator, or not secret). */
  visible: boolean;
}

/** Locks the board row for its follower_count (null when there is no such board). */
export async function lockBoardForFollow(
  trx: Kysely<Database>,
  viewer: Viewer,
  boardId: string,
): Promise<FollowBoardRow | undefined> {
  return trx
    .selectFrom('boards as b')
    .select(['b.id', 'b.owner_id', sql<boolean>`${visibleBoards(viewer)}`.as('visible')])
    .where('b.id', '=', boardId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** Answers whether a row was added (false: already following). */
export async function insertBoardFollow(
  trx: Kysely<Database>,
  userId: string,
  boardId: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .insertInto('board_follows')
    .values({ user_id: userId, board_id: boardId, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'board_id']).doNothing())
    .returning('board_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Answers whether a row was removed (false: was not following). */
export async function deleteBoardFollow(
  trx: Kysely<Database>,
  userId: string,
  boardId: string,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('board_follows')
    .where('user_id', '=', userId)
    .where('board_id', '=', boardId)
    .returning('board_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the board's follower_count by `delta` and answers the new count. */
export async function adjustBoardFollowerCount(
  trx: Kysely<Database>,
  boardId: string,
  delta: number,
): Promise<number> {
  const row = await trx
    .updateTable('boards')
    .set((eb) => ({ follower_count: eb('follower_count', '+', delta) }))
    .where('id', '=', boardId)
    .returning('follower_count')
    .executeTakeFirstOrThrow();
  return row.follower_count;
}

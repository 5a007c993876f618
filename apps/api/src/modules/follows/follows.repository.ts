// user_follows queries. Every function takes `db | trx` first; the service owns the transaction.
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { userSummaryQuery } from '../../core/user-summary.repository.ts';

export interface FollowPartyRow {
  id: string;
  /** Not deactivated and not suspended. */
  active: boolean;
}

/**
 * Locks both people's rows for the counter updates, always in id order, so a follow A → B and
 * a follow B → A at the same moment queue up instead of deadlocking. Answers the rows found.
 */
export async function lockFollowParties(
  trx: Kysely<Database>,
  followerId: string,
  followeeId: string,
): Promise<FollowPartyRow[]> {
  return trx
    .selectFrom('users')
    .select(['id', sql<boolean>`deactivated_at IS NULL AND suspended_at IS NULL`.as('active')])
    .where('id', 'in', [followerId, followeeId])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** Answers whether a row was added (false: already following). */
export async function insertFollow(
  trx: Kysely<Database>,
  followerId: string,
  followeeId: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .insertInto('user_follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((conflict) => conflict.columns(['follower_id', 'followee_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Answers whether a row was removed (false: was not following). */
export async function deleteFollow(
  trx: Kysely<Database>,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('user_follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** following_count of the follower and follower_count of the followee move by `delta`. */
export async function adjustFollowCounts(
  trx: Kysely<Database>,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '+', delta) }))
    .where('id', '=', followerId)
    .execute();
  await trx
    .updateTable('users')
    .set((eb) => ({ follower_count: eb('follower_count', '+', delta) }))
    .where('id', '=', followeeId)
    .execute();
}

export interface FolloweeRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
  follower_count: number;
  followed_by_me: boolean;
}

/** The person as `viewerId` now sees them: profile summary, follower count, follow state. */
export async function findFollowee(
  db: Kysely<Database>,
  viewerId: string,
  userId: string,
): Promise<FolloweeRow | undefined> {
  return userSummaryQuery(db)
    .select([
      'u.follower_count',
      sql<boolean>`EXISTS (
        SELECT 1 FROM user_follows uf WHERE uf.follower_id = ${viewerId} AND uf.followee_id = u.id
      )`.as('followed_by_me'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Locks the rows of `ids` in id order (see lockFollowParties); answers the rows found. */
export async function lockUsersForFollow(
  trx: Kysely<Database>,
  ids: readonly string[],
): Promise<FollowPartyRow[]> {
  return trx
    .selectFrom('users')
    .select(['id', sql<boolean>`deactivated_at IS NULL AND suspended_at IS NULL`.as('active')])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** The viewer's following_count now. */
export async function followingCountOf(trx: Kysely<Database>, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select('following_count')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.following_count;
}

// UserFollowResource create / delete (saving.md §4 "User follow and unfollow behave the same",
// §7 "UserFollowResource create/delete (user_id, invite_code, aux_data pin_id,
// client_tracking_params)"; docs/decisions/013).
//
// - Signed in only (UNAUTHORIZED). Nobody follows themself (USER_FOLLOW_SELF). An unknown,
//   deactivated or suspended person is USER_NOT_FOUND, for follow and unfollow alike.
// - Idempotent: following someone already followed, or unfollowing someone not followed, is a
//   success that changes nothing.
// - The user_follows row and both counters (the follower's following_count, the followee's
//   follower_count) change in one transaction; the two users' rows are locked in id order first.
// - invite_code and client_tracking_params are accepted and ignored; aux_data.pin_id (the pin
//   the follow came from, e.g. the pin-saved dialog's creator card) is logged, not stored.
import { AppError } from '@corkboard/shared/app-error';
import type { UserFollowData } from '@corkboard/shared/saving/api';
import type { BulkFollowResult } from '@corkboard/shared/saving/organise';
import type { AppDeps } from '../../core/app-deps.ts';
import { serializeUserSummary } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import type { UserFollowOptions } from './follows.schemas.ts';
import {
  adjustFollowCounts,
  deleteFollow,
  findFollowee,
  followingCountOf,
  insertFollow,
  lockFollowParties,
  lockUsersForFollow,
  type FolloweeRow,
} from './follows.repository.ts';

function serializeFollowee(deps: AppDeps, row: FolloweeRow): UserFollowData {
  return {
    ...serializeUserSummary(deps.storage, row),
    followed_by_me: row.followed_by_me,
    follower_count: row.follower_count,
  };
}

/** Follows (`follow` true) or unfollows the person named in the options. */
export async function setUserFollow(
  deps: AppDeps,
  viewer: Viewer,
  options: UserFollowOptions,
  follow: boolean,
): Promise<UserFollowData> {
  const followeeId = options.user_id;
  if (followeeId === viewer.id) {
    throw new AppError('USER_FOLLOW_SELF', { data: { field: 'user_id' } });
  }

  const result = await deps.db.transaction().execute(async (trx) => {
    const parties = await lockFollowParties(trx, viewer.id, followeeId);
    const followee = parties.find((row) => row.id === followeeId);
    if (!followee?.active) {
      throw new AppError('USER_NOT_FOUND', { data: { field: 'user_id' } });
    }
    // The viewer's own row is gone only if the account was removed mid-session.
    if (!parties.some((row) => row.id === viewer.id)) throw new AppError('UNAUTHORIZED');
    const changed = follow
      ? await insertFollow(trx, viewer.id, followeeId, deps.now())
      : await deleteFollow(trx, viewer.id, followeeId);
    if (changed) await adjustFollowCounts(trx, viewer.id, followeeId, follow ? 1 : -1);
    const row = await findFollowee(trx, viewer.id, followeeId);
    if (!row) throw new Error(`user ${followeeId} vanished while locked`);
    return { row, changed };
  });

  deps.log.debug(
    {
      follower_id: viewer.id,
      followee_id: followeeId,
      pin_id: options.aux_data?.pin_id ?? null,
      changed: result.changed,
    },
    follow ? 'user followed' : 'user unfollowed',
  );
  return serializeFollowee(deps, result.row);
}

/**
 * PUT /v3/users/follow/ (saving.md §7 "followee_ids as a comma-joined string"): follows everyone
 * named, all or nothing, in one transaction. Oneself in the list is USER_FOLLOW_SELF; anyone
 * unknown, deactivated or suspended is USER_NOT_FOUND (with the id), and nobody is followed.
 * People already followed stay followed (idempotent).
 */
export async function bulkFollowUsers(
  deps: AppDeps,
  viewer: Viewer,
  followeeIds: readonly string[],
): Promise<BulkFollowResult> {
  if (followeeIds.includes(viewer.id)) {
    throw new AppError('USER_FOLLOW_SELF', { data: { field: 'followee_ids' } });
  }
  const result = await deps.db.transaction().execute(async (trx) => {
    const rows = await lockUsersForFollow(trx, [viewer.id, ...followeeIds]);
    if (!rows.some((row) => row.id === viewer.id)) throw new AppError('UNAUTHORIZED');
    for (const id of followeeIds) {
      if (!rows.find((row) => row.id === id)?.active) {
        throw new AppError('USER_NOT_FOUND', { data: { field: 'followee_ids', id } });
      }
    }
    let added = 0;
    for (const id of followeeIds) {
      if (await insertFollow(trx, viewer.id, id, deps.now())) {
        await adjustFollowCounts(trx, viewer.id, id, 1);
        added += 1;
      }
    }
    return { added, followingCount: await followingCountOf(trx, viewer.id) };
  });
  deps.log.debug(
    { follower_id: viewer.id, count: followeeIds.length, added: result.added },
    'bulk follow',
  );
  return { followee_ids: [...followeeIds], following_count: result.followingCount };
}

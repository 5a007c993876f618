// Following people (saving.md §2.9, §4, §7): UserFollowResource create and delete. Components
// call this hook; only this module talks to the API client about follows.
import type { UserFollowData, UserFollowOptions } from '@corkboard/shared/saving/api';
import { bulkFollowBody } from '@corkboard/shared/saving/follow-body';
import type { BoardFollowData, BulkFollowResult } from '@corkboard/shared/saving/organise';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { cachedViewer } from '../../api/cacheUpdates.ts';
import { apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import {
  browserSessionStorage,
  markInviteCodeRedeemed,
  pendingInviteCode,
} from '../session/sessionKeys.ts';

export interface FollowContext {
  /** The pin the follow came from (§7 "aux_data pin_id"). */
  readonly pinId?: string | undefined;
}

/**
 * UserFollowResource create (follow) or delete (unfollow) (§7). The caller shows the new state
 * at once and puts it back if this rejects (§4 "User follow and unfollow behave the same").
 * Profiles show follower and following counts, so both people's are refreshed.
 */
export function useFollowUser() {
  const queryClient = useQueryClient();
  return useCallback(
    async (
      user: { readonly id: string; readonly username: string },
      follow: boolean,
      context: FollowContext = {},
    ): Promise<UserFollowData> => {
      // §7 "invite_code": a follow redeems the invite code this visit landed with, once (§9).
      const storage = browserSessionStorage();
      const inviteCode = follow && storage ? pendingInviteCode(storage) : null;
      const options: UserFollowOptions = {
        user_id: user.id,
        ...(inviteCode ? { invite_code: inviteCode } : {}),
        ...(context.pinId ? { aux_data: { pin_id: context.pinId } } : {}),
      };
      const answer = await apiSend<UserFollowData>(
        'POST',
        `/resource/UserFollowResource/${follow ? 'create' : 'delete'}/`,
        { options },
      );
      if (inviteCode && storage) markInviteCodeRedeemed(storage, inviteCode, new Date());
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(user.username) });
      const viewer = cachedViewer(queryClient);
      if (viewer) void queryClient.invalidateQueries({ queryKey: queryKeys.user(viewer.username) });
      return answer;
    },
    [queryClient],
  );
}

/**
 * PUT / DELETE /v3/boards/{id}/follow/ (saving.md §7). The caller shows the new state at once and
 * puts it back if this rejects (§4 "Board follow: optimistic … rolled back if the request
 * fails"). Board pages and the Following feed read the follow state, so they refresh after.
 */
export function useFollowBoard() {
  const queryClient = useQueryClient();
  return useCallback(
    async (boardId: string, follow: boolean): Promise<BoardFollowData> => {
      const answer = await apiSend<BoardFollowData>(
        follow ? 'PUT' : 'DELETE',
        `/v3/boards/${encodeURIComponent(boardId)}/follow/`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.followingFeed() });
      return answer;
    },
    [queryClient],
  );
}

/**
 * PUT /v3/users/follow/ (§7 "followee_ids as a comma-joined string"), sent only when the list is
 * non-empty (§5); answers null without a request otherwise. The caller reverts on a rejection.
 */
export function useBulkFollowUsers() {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: readonly string[]): Promise<BulkFollowResult | null> => {
      const body = bulkFollowBody(ids);
      if (body === null) return null;
      const answer = await apiSend<BulkFollowResult>('PUT', '/v3/users/follow/', body);
      void queryClient.invalidateQueries({ queryKey: queryKeys.followingFeed() });
      return answer;
    },
    [queryClient],
  );
}

/**
 * One optimistic follow toggle (§4): the new state shows at once, a second press waits for the
 * first, and a failure puts the old state back silently (§8 "Follow and unfollow failures
 * silently revert the state").
 */
export function useOptimisticToggle(
  initial: boolean,
  send: (next: boolean) => Promise<unknown>,
): { on: boolean; toggle: () => Promise<void> } {
  const [on, setOn] = useState(initial);
  const busy = useRef(false);
  const toggle = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    const next = !on;
    setOn(next);
    try {
      await send(next);
    } catch {
      setOn(!next);
    } finally {
      busy.current = false;
    }
  }, [on, send]);
  return { on, toggle };
}

/** A profile's followers or the people they follow (GET /v3/users/{username}/followers/ …). */
export function useFollowList(username: string, side: 'followers' | 'following') {
  return useInfiniteQuery(
    listQueryOptions<UserFollowData>(
      side === 'followers' ? queryKeys.userFollowers(username) : queryKeys.userFollowing(username),
      `/v3/users/${encodeURIComponent(username)}/${side}/`,
    ),
  );
}

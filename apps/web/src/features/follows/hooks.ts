// Following people (saving.md §2.9, §4, §7): UserFollowResource create and delete. Components
// call this hook; only this module talks to the API client about follows.
import type { UserFollowData, UserFollowOptions } from '@corkboard/shared/saving/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cachedViewer } from '../../api/cacheUpdates.ts';
import { apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

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
      const options: UserFollowOptions = {
        user_id: user.id,
        ...(context.pinId ? { aux_data: { pin_id: context.pinId } } : {}),
      };
      const answer = await apiSend<UserFollowData>(
        'POST',
        `/resource/UserFollowResource/${follow ? 'create' : 'delete'}/`,
        { options },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(user.username) });
      const viewer = cachedViewer(queryClient);
      if (viewer) void queryClient.invalidateQueries({ queryKey: queryKeys.user(viewer.username) });
      return answer;
    },
    [queryClient],
  );
}

import type { Board, Pin, User } from '@corkboard/shared/api-types';
import type { BoardInviteItem, CollaboratorInviteOutcome } from '@corkboard/shared/saving/api';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const userPath = (username: string) => `/v3/users/${encodeURIComponent(username)}/`;

export function useUser(username: string) {
  return useQuery({
    queryKey: queryKeys.user(username),
    queryFn: ({ signal }) => apiGet<User>(userPath(username), { signal }),
  });
}

export function useUserBoards(username: string) {
  return useInfiniteQuery(
    listQueryOptions<Board>(queryKeys.userBoards(username), `${userPath(username)}boards/`),
  );
}

export function useUserPins(username: string) {
  return useInfiniteQuery(
    listQueryOptions<Pin>(queryKeys.userPins(username), `${userPath(username)}pins/`),
  );
}

/** Board invitations waiting for the signed-in person (only asked for on their own profile). */
export function useMyBoardInvites(enabled: boolean) {
  return useInfiniteQuery({
    ...listQueryOptions<BoardInviteItem>(queryKeys.myBoardInvites(), '/v3/users/me/board_invites/'),
    enabled,
  });
}

export type InviteAnswer = 'accept' | 'decline';

/**
 * Accepts or declines an invitation to a board. Accepting puts the board on the person's lists
 * and in their board picker, so those are asked again.
 */
export function useAnswerBoardInvite(username: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (boardId: string, answer: InviteAnswer): Promise<CollaboratorInviteOutcome> => {
      const outcome = await apiSend<CollaboratorInviteOutcome>(
        'POST',
        `/v3/boards/${encodeURIComponent(boardId)}/collaborators/${answer}/`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.myBoardInvites() });
      if (answer === 'accept') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.userBoards(username) });
        // The saving feature's picker lists (its key root; see saving/hooks.ts savingKeys).
        void queryClient.invalidateQueries({ queryKey: ['saving', 'picker'] });
      }
      return outcome;
    },
    [queryClient, username],
  );
}

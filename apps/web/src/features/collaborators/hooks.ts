// Every collaborator request the web makes (saving.md §2.6, §5, §7; docs/decisions/008 for the
// paths the spec leaves out): people to invite, sending invitations, answering them from the
// profile or an e-mail link. Components call these hooks; only this module talks to the API
// client about collaborators.
import type {
  BoardInviteItem,
  CollaboratorInviteOutcome,
  CollaboratorInviteResult,
  EmailInvitePreview,
} from '@corkboard/shared/saving/api';
import type { ShareSuggestionItem } from '@corkboard/shared/saving/share-suggestions';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateViewerLists } from '../../api/cacheUpdates.ts';
import { apiGet, apiResourceGet, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

// ---- inviting ------------------------------------------------------------------------------

/** ShareSuggestionsTypeaheadResource for the collaborator search (the caller debounces). */
export function useShareSuggestions(term: string) {
  return useQuery({
    queryKey: queryKeys.shareSuggestions(term),
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<ShareSuggestionItem[]>(
          'ShareSuggestionsTypeaheadResource',
          { term },
          signal,
        )
      ).data,
    enabled: term.trim().length > 0,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export interface CollaboratorInvites {
  readonly userIds: readonly string[];
  readonly emails: readonly string[];
}

/** The people and addresses chosen in the collaborator search, as the invite call takes them. */
export function invitesFrom(chosen: readonly ShareSuggestionItem[]): CollaboratorInvites {
  return {
    userIds: chosen.filter((item) => item.type !== 'email').map((item) => item.id),
    emails: chosen.filter((item) => item.type === 'email').map((item) => item.id),
  };
}

export function useInviteCollaborators() {
  return useCallback(
    (boardId: string, invites: CollaboratorInvites) =>
      apiSend<CollaboratorInviteResult>(
        'POST',
        `/v3/boards/${encodeURIComponent(boardId)}/collaborators/invite/`,
        { user_ids: invites.userIds, emails: invites.emails },
      ),
    [],
  );
}

// ---- invitations by name (the invitee's profile) -------------------------------------------

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
        void queryClient.invalidateQueries({ queryKey: queryKeys.pickerBoardsAll() });
      }
      return outcome;
    },
    [queryClient, username],
  );
}

// ---- e-mail invitations --------------------------------------------------------------------

/** GET /v3/board_invites/?token=: what an invitation link invites to (visitors too). */
export function useEmailInvitePreview(token: string | null) {
  return useQuery({
    queryKey: queryKeys.emailInvite(token ?? ''),
    queryFn: ({ signal }) =>
      apiGet<EmailInvitePreview>('/v3/board_invites/', { query: { token: token ?? '' }, signal }),
    enabled: token !== null,
    retry: false,
  });
}

/** POST /v3/board_invites/accept/: the signed-in person joins the board. */
export function useAcceptEmailInvite() {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string): Promise<CollaboratorInviteOutcome> => {
      const outcome = await apiSend<CollaboratorInviteOutcome>(
        'POST',
        '/v3/board_invites/accept/',
        { token },
      );
      // The board is now one the viewer can save to.
      invalidateViewerLists(queryClient);
      return outcome;
    },
    [queryClient],
  );
}

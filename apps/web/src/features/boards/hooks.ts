// Every board request the web makes: a board page and its pins, the board picker's lists
// (saving.md §2.4, §7), suggested names, related boards, and creating a board (§2.6). Components
// call these hooks; only this module talks to the API client about boards. Writes are plain
// callbacks, not TanStack mutations: the save flow keeps its own per-row state (§4) and each
// write decides which cached lists it changes.
import type { Board, BoardDetail, Pin } from '@corkboard/shared/api-types';
import type {
  BoardPickerData,
  BoardTitleSuggestionItem,
  PickerBoardItem,
} from '@corkboard/shared/saving/api';
import type { BoardCreateOptionsInput } from '@corkboard/shared/saving/schemas';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { invalidateViewerLists } from '../../api/cacheUpdates.ts';
import { apiGet, apiResourceGet, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useInviteCollaborators, type CollaboratorInvites } from '../collaborators/hooks.ts';

// ---- board page ----------------------------------------------------------------------------

export function useBoard(username: string, slug: string) {
  return useQuery({
    queryKey: queryKeys.board(username, slug),
    queryFn: ({ signal }) =>
      apiGet<BoardDetail>(
        `/v3/boards/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/`,
        { signal },
      ),
  });
}

/** Pins of the whole board, or of one section when `sectionId` is given. */
export function useBoardPins(boardId: string, sectionId: string | undefined) {
  return useInfiniteQuery(
    sectionId
      ? listQueryOptions<Pin>(
          queryKeys.sectionPins(sectionId),
          `/v3/board/sections/${encodeURIComponent(sectionId)}/pins/`,
        )
      : listQueryOptions<Pin>(
          queryKeys.boardPins(boardId),
          `/v3/boards/${encodeURIComponent(boardId)}/pins/`,
        ),
  );
}

// ---- board picker --------------------------------------------------------------------------

/**
 * The picker asks for the server's largest page (BOARD_PICKER_MAX_PAGE_SIZE): it needs every
 * board to search and sort locally (§2.4), so 5,000 boards take 20 requests.
 */
export const PICKER_PAGE_SIZE = 250;
/** Stops paging after this many pages (10,000 boards), so a broken cursor cannot loop. */
export const PICKER_MAX_PAGES = 40;
/** §7 `shortlist_suggestions 2`. */
export const PICKER_SHORTLIST_SUGGESTIONS = 2;

/** What the picker knows about the pin being saved (the shortlist's "relevant" pick). */
export interface PickerPinContext {
  readonly pinId?: string | undefined;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly link?: string | undefined;
}

export interface PickerBoards {
  /** Every board the viewer can save to, each once, in the server's order (newest first). */
  readonly boards: readonly PickerBoardItem[];
  /** 'Top choices' as the server picked them. */
  readonly shortlistIds: readonly string[];
  readonly isPending: boolean;
  readonly isError: boolean;
  /** More pages are still coming (the 'All boards' loading indicator). */
  readonly isLoadingMore: boolean;
  readonly retry: () => void;
}

/** BoardPickerBoardsResource, every page: the first paints at once, the rest follow. */
export function usePickerBoards(context: PickerPinContext, isDesktop: boolean): PickerBoards {
  const contextKey = JSON.stringify([context, isDesktop]);
  const query = useInfiniteQuery({
    queryKey: queryKeys.pickerBoards(contextKey),
    queryFn: ({ pageParam, signal }) =>
      apiResourceGet<BoardPickerData>(
        'BoardPickerBoardsResource',
        {
          filter: 'all',
          field_set_key: 'board_picker',
          shortlist_suggestions: PICKER_SHORTLIST_SUGGESTIONS,
          isDesktop,
          pin_id: context.pinId,
          // A pin that is not made yet (create page) is described by its text instead.
          title: context.pinId ? undefined : context.title,
          description: context.pinId ? undefined : context.description,
          link: context.pinId ? undefined : context.link,
          page_size: PICKER_PAGE_SIZE,
          bookmark: pageParam,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage, pages) =>
      pages.length < PICKER_MAX_PAGES ? lastPage.bookmark : undefined,
    // A board made or saved to elsewhere must show up the next time the picker opens.
    staleTime: 0,
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const { data, refetch } = query;
  const boards = useMemo(() => {
    const seen = new Set<string>();
    const all: PickerBoardItem[] = [];
    for (const page of data?.pages ?? []) {
      for (const board of page.data.all_boards) {
        if (seen.has(board.id)) continue;
        seen.add(board.id);
        all.push(board);
      }
    }
    return all;
  }, [data]);
  const shortlistIds = useMemo(
    () => data?.pages[0]?.data.boards_shortlist.map((board) => board.id) ?? [],
    [data],
  );
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    boards,
    shortlistIds,
    isPending: query.isPending,
    isError: query.isError && !data,
    isLoadingMore: hasNextPage && !isFetchNextPageError,
    retry,
  };
}

/** §2.4 "Suggested board names come from a board-title-suggestion call." Errors are silent. */
export function useBoardTitleSuggestions(pinId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.boardTitleSuggestions(pinId ?? ''),
    queryFn: ({ signal }) =>
      apiGet<BoardTitleSuggestionItem[]>(
        `/v3/pins/${encodeURIComponent(pinId ?? '')}/board_title_suggestions/`,
        { signal },
      ),
    enabled: pinId !== undefined,
    retry: false,
  });
}

/** BoardResource get: one board the viewer can see (the section create page's header). */
export function usePickerBoard(boardId: string) {
  return useQuery({
    queryKey: queryKeys.pickerBoard(boardId),
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<PickerBoardItem>(
          'BoardResource',
          { board_id: boardId, field_set_key: 'board_picker' },
          signal,
        )
      ).data,
  });
}

/** §7 "RelatedBoardForPinRandomFeedResource with pin, page_size 1 … no cache". */
export function useRelatedBoard(pinId: string) {
  return useQuery({
    queryKey: queryKeys.relatedBoards(pinId),
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<Board[]>(
          'RelatedBoardForPinRandomFeedResource',
          { pin: pinId, page_size: 1 },
          signal,
        )
      ).data,
    staleTime: 0,
    gcTime: 0,
    // §8 "Suggested-board fetch errors are silent": the dialog shows the pin instead.
    retry: false,
  });
}

// ---- creating a board ----------------------------------------------------------------------

export interface CreateBoardInput {
  readonly name: string;
  readonly secret: boolean;
  /** Acting for an advertiser: the server makes the board protected (§6). */
  readonly advertiserId?: string | undefined;
  /** The board's first section (decision 012). */
  readonly sectionName?: string | null | undefined;
}

/** BoardResource create with `aux_data.source: board_picker` (§3 "Board create options"). */
export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: CreateBoardInput): Promise<PickerBoardItem> => {
      const options: BoardCreateOptionsInput = {
        name: input.name,
        privacy: input.advertiserId || !input.secret ? 'public' : 'secret',
        aux_data: { source: 'board_picker' },
        ...(input.advertiserId ? { advertiser_id: input.advertiserId } : {}),
        ...(input.sectionName ? { section_names: [input.sectionName] } : {}),
      };
      const board = await apiSend<PickerBoardItem>('POST', '/resource/BoardResource/create/', {
        options,
      });
      invalidateViewerLists(queryClient);
      return board;
    },
    [queryClient],
  );
}

/**
 * The create-board form's whole submit (§2.6): the board, then its invitations. The board
 * stands when invitations fail (they can be sent again); `invitesFailed` tells the caller to
 * say so. A failed board create rejects, for the form to show (§8).
 */
export function useCreateBoardWithInvites() {
  const createBoard = useCreateBoard();
  const invite = useInviteCollaborators();
  return useCallback(
    async (
      input: CreateBoardInput & { readonly invites: CollaboratorInvites },
    ): Promise<{ board: PickerBoardItem; invitesFailed: boolean }> => {
      const board = await createBoard(input);
      const { userIds, emails } = input.invites;
      if (userIds.length + emails.length === 0) return { board, invitesFailed: false };
      try {
        const result = await invite(board.id, input.invites);
        return { board, invitesFailed: result.emails.some((email) => email.status === 'failed') };
      } catch {
        return { board, invitesFailed: true };
      }
    },
    [createBoard, invite],
  );
}

// Organise-mode writes (saving.md §4 "Moving pins: the pins are removed from the source feed and
// added to the target at once; on failure they are reverted and an error is shown"; §7, §8).
// Only this module talks to the API client about bulk pin actions.
import type { Board, Pin, PinDetail } from '@corkboard/shared/api-types';
import {
  BOARD_ACTION_BUSY_CODES,
  BOARD_ACTION_BUSY_MESSAGE,
  type BulkDeleteOptions,
  type BulkEditResult,
  type BoardDeleteOptions,
  type BoardEditOptions,
  type BulkEditSelectAllOptions,
  type PinDeleteOptions,
  type PinEditOptions,
  type SectionDeleteOptions,
  type SectionEditOptions,
  type SectionOrderBody,
  type BoardOrderBody,
  type BoardPinOrderData,
  type BoardPinSort,
  type BoardPinSortBody,
  type BoardSortBody,
  type PinOrderBody,
  type ProfileBoardOrderData,
  type ProfileBoardSort,
  type BoardCollaboratorItem,
  type CollaboratorRemovedData,
} from '@corkboard/shared/saving/organise';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiSend, type Page } from '../../api/client.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Selection } from './selection.ts';

type PinPages = InfiniteData<Page<Pin>, string | undefined>;

export interface Place {
  boardId: string;
  sectionId: string | null;
}

/** The list a board page shows for a place: the whole board, or one section. */
export function pinListKey(place: Place): QueryKey {
  return place.sectionId === null
    ? queryKeys.boardPins(place.boardId)
    : queryKeys.sectionPins(place.sectionId);
}

/** §8: 2171–2173 say 'Please wait…'; other errors show the server's message. */
export function organiseErrorMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    (BOARD_ACTION_BUSY_CODES as readonly number[]).includes(error.code)
  ) {
    return BOARD_ACTION_BUSY_MESSAGE;
  }
  return serverMessage(error) ?? fallback;
}

function withoutPins(data: PinPages | undefined, ids: ReadonlySet<string>): PinPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.filter((pin) => !ids.has(pin.id)),
    })),
  };
}

function withPinsFirst(data: PinPages | undefined, pins: readonly Pin[]): PinPages | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  return { ...data, pages: [{ ...first, data: [...pins, ...first.data] }, ...rest] };
}

function selectionIds(selection: Selection): { pin_ids: string[]; inverse_selection: boolean } {
  return { pin_ids: [...selection.ids], inverse_selection: selection.mode === 'all' };
}

/**
 * Runs `send` with the source list already short of `moved` and the target list (when cached)
 * already showing them; puts both lists back when it fails, then rethrows.
 */
function useOptimisticBulk() {
  const queryClient = useQueryClient();
  return useCallback(
    async (
      source: QueryKey,
      moved: readonly Pin[],
      target: { key: QueryKey; pins: readonly Pin[] } | null,
      send: () => Promise<BulkEditResult>,
    ): Promise<BulkEditResult> => {
      const keys = target ? [source, target.key] : [source];
      await Promise.all(keys.map((key) => queryClient.cancelQueries({ queryKey: key })));
      const saved = keys.map((key) => [key, queryClient.getQueryData<PinPages>(key)] as const);
      const ids = new Set(moved.map((pin) => pin.id));
      queryClient.setQueryData<PinPages>(source, (data) => withoutPins(data, ids));
      if (target)
        queryClient.setQueryData<PinPages>(target.key, (data) => withPinsFirst(data, target.pins));
      try {
        const result = await send();
        // Counts, covers, sections and every list the pins were in or went to.
        void queryClient.invalidateQueries({ queryKey: queryKeys.pinListsAll() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
        return result;
      } catch (error) {
        for (const [key, data] of saved) queryClient.setQueryData(key, data);
        throw error;
      }
    },
    [queryClient],
  );
}

/** BulkEditSelectAllResource update from a board page's place to `target`. */
export function useMovePins() {
  const optimistic = useOptimisticBulk();
  return useCallback(
    (
      source: Place,
      selection: Selection,
      loaded: readonly Pin[],
      target: Place,
      targetBoard: { name: string; url: string },
    ) => {
      const options: BulkEditSelectAllOptions = {
        board_id: source.boardId,
        new_board_id: target.boardId,
        old_section_id: source.sectionId,
        new_section_id: target.sectionId,
        ...selectionIds(selection),
      };
      const movedPins = loaded.map((pin) => ({
        ...pin,
        board: { ...pin.board, id: target.boardId, name: targetBoard.name, url: targetBoard.url },
        section: null,
      }));
      return optimistic(
        pinListKey(source),
        loaded,
        { key: pinListKey(target), pins: movedPins },
        () =>
          apiSend<BulkEditResult>('POST', '/resource/BulkEditSelectAllResource/update/', {
            options,
          }),
      );
    },
    [optimistic],
  );
}

/** BulkEditResource delete of the chosen pins of a board page's place. */
export function useDeletePins() {
  const optimistic = useOptimisticBulk();
  return useCallback(
    (source: Place, selection: Selection, loaded: readonly Pin[]) => {
      const options: BulkDeleteOptions = {
        board_id: source.boardId,
        section_id: source.sectionId,
        ...selectionIds(selection),
      };
      return optimistic(pinListKey(source), loaded, null, () =>
        apiSend<BulkEditResult>('POST', '/resource/BulkEditResource/delete/', { options }),
      );
    },
    [optimistic],
  );
}

/**
 * PinResource update (issue 10 pin edit): the answer replaces the cached pin; every list and
 * board is refreshed (the pin may have changed board, section or cover).
 */
export function useEditPin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (options: PinEditOptions): Promise<PinDetail> => {
      const pin = await apiSend<PinDetail>('POST', '/resource/PinResource/update/', { options });
      queryClient.setQueryData(queryKeys.pin(pin.id), pin);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pinListsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
      return pin;
    },
    [queryClient],
  );
}

/** PinResource delete: the pin leaves every cached list at once, then they are refreshed. */
export function useDeletePin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (pinId: string): Promise<void> => {
      const options: PinDeleteOptions = { id: pinId };
      await apiSend<{ id: string }>('POST', '/resource/PinResource/delete/', { options });
      const gone = new Set([pinId]);
      queryClient.setQueriesData<PinPages>({ queryKey: queryKeys.pinListsAll() }, (data) =>
        withoutPins(data, gone),
      );
      queryClient.removeQueries({ queryKey: queryKeys.pin(pinId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pinListsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
    },
    [queryClient],
  );
}

/**
 * Field messages of a failed edit: the shared schema's (checked before sending) or the server's
 * (VALIDATION_FAILED lists `options.<field>`; URL_INVALID names its `field`).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.data) return {};
  const errors: Record<string, string> = {};
  const field = error.data['field'];
  if (typeof field === 'string') errors[field] = error.detail ?? error.message;
  const fields = error.data['fields'];
  if (Array.isArray(fields)) {
    for (const entry of fields as { path?: unknown; message?: unknown }[]) {
      if (typeof entry.path !== 'string' || typeof entry.message !== 'string') continue;
      errors[entry.path.replace(/^options\./, '')] = entry.message;
    }
  }
  return errors;
}

/** BoardResource update (ADR 058): answers the board as now (a rename gives it a new url). */
export function useEditBoard() {
  const queryClient = useQueryClient();
  return useCallback(
    async (options: BoardEditOptions): Promise<PickerBoardItem> => {
      const board = await apiSend<PickerBoardItem>('POST', '/resource/BoardResource/update/', {
        options,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pinListsAll() });
      return board;
    },
    [queryClient],
  );
}

/** BoardResource delete: the board and its pins go; every list is refreshed. */
export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useCallback(
    async (boardId: string): Promise<void> => {
      const options: BoardDeleteOptions = { board_id: boardId };
      await apiSend<{ board_id: string }>('POST', '/resource/BoardResource/delete/', { options });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pinListsAll() });
    },
    [queryClient],
  );
}

/** PUT / DELETE /v3/boards/{id}/archive/: archived (or not) for the viewer only. */
export function useArchiveBoard() {
  const queryClient = useQueryClient();
  return useCallback(
    async (boardId: string, archived: boolean): Promise<void> => {
      await apiSend<{ archived_by_me_at: string | null }>(
        archived ? 'PUT' : 'DELETE',
        `/v3/boards/${encodeURIComponent(boardId)}/archive/`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
    },
    [queryClient],
  );
}

/** After a section change: the board page (its sections), the pickers and the pin lists. */
function useSectionsChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (boardId: string) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardSections(boardId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pinListsAll() });
    },
    [queryClient],
  );
}

/** BoardSectionResource update (rename), delete, and the section order (ADR 059). */
export function useSectionEdits(boardId: string) {
  const changed = useSectionsChanged();
  return {
    rename: useCallback(
      async (sectionId: string, name: string) => {
        const options: SectionEditOptions = { section_id: sectionId, name };
        await apiSend('POST', '/resource/BoardSectionResource/update/', { options });
        changed(boardId);
      },
      [boardId, changed],
    ),
    remove: useCallback(
      async (sectionId: string) => {
        const options: SectionDeleteOptions = { section_id: sectionId };
        await apiSend('POST', '/resource/BoardSectionResource/delete/', { options });
        changed(boardId);
      },
      [boardId, changed],
    ),
    /** Answers the board's sections in their new order. */
    move: useCallback(
      async (sectionId: string, afterSectionId: string | null): Promise<string[]> => {
        const body: SectionOrderBody = { section_id: sectionId, after_section_id: afterSectionId };
        const answer = await apiSend<{ section_ids: string[] }>(
          'PUT',
          `/v3/boards/${encodeURIComponent(boardId)}/sections/order/`,
          body,
        );
        changed(boardId);
        return answer.section_ids;
      },
      [boardId, changed],
    ),
  };
}

// ---- manual ordering (issue 10; docs/decisions/123, 124) --------------------------------------

/** A profile's boards in one sort (the reorder view asks for `custom`). */
export function useUserBoardsInSort(username: string, sort: ProfileBoardSort) {
  return useInfiniteQuery(
    listQueryOptions<Board>(
      queryKeys.userBoardsInSort(username, sort),
      `/v3/users/${encodeURIComponent(username)}/boards/`,
      { sort },
    ),
  );
}

/** A board's pins (or one section's) in one sort (the Reorder mode asks for `custom`). */
export function useBoardPinsInSort(
  boardId: string,
  sectionId: string | undefined,
  sort: BoardPinSort,
) {
  return useInfiniteQuery(
    listQueryOptions<Pin>(
      queryKeys.boardPinsInSort(boardId, sectionId ?? '', sort),
      sectionId === undefined
        ? `/v3/boards/${encodeURIComponent(boardId)}/pins/`
        : `/v3/board/sections/${encodeURIComponent(sectionId)}/pins/`,
      { sort },
    ),
  );
}

/** The viewer's profile: put a board right after another, or choose the sort. */
export function useProfileBoardOrder(username: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.userBoards(username) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.user(username) });
  }, [queryClient, username]);
  return {
    move: useCallback(
      async (boardId: string, afterBoardId: string | null) => {
        const body: BoardOrderBody = { board_id: boardId, after_board_id: afterBoardId };
        await apiSend<ProfileBoardOrderData>('PUT', '/v3/users/me/boards/order/', body);
        refresh();
      },
      [refresh],
    ),
    setSort: useCallback(
      async (sort: ProfileBoardSort) => {
        const body: BoardSortBody = { sort };
        await apiSend<ProfileBoardOrderData>('PUT', '/v3/users/me/boards/sort/', body);
        refresh();
      },
      [refresh],
    ),
  };
}

/** A board's pins: put one right after another (on the board or in a section), or the sort. */
export function useBoardPinOrder(boardId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.pinListsAll() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
  }, [queryClient]);
  return {
    move: useCallback(
      async (pinId: string, afterPinId: string | null, sectionId: string | null) => {
        const body: PinOrderBody = {
          pin_id: pinId,
          after_pin_id: afterPinId,
          section_id: sectionId,
        };
        await apiSend<BoardPinOrderData>(
          'PUT',
          `/v3/boards/${encodeURIComponent(boardId)}/pins/order/`,
          body,
        );
        refresh();
      },
      [boardId, refresh],
    ),
    setSort: useCallback(
      async (sort: BoardPinSort) => {
        const body: BoardPinSortBody = { sort };
        await apiSend<BoardPinOrderData>(
          'PUT',
          `/v3/boards/${encodeURIComponent(boardId)}/pins/sort/`,
          body,
        );
        refresh();
      },
      [boardId, refresh],
    ),
  };
}

// ---- collaborators in board edit (docs/decisions/125) ------------------------------------------

/** The board's collaborators (and, for its owner, pending invitations). */
export function useBoardCollaborators(boardId: string) {
  return useInfiniteQuery(
    listQueryOptions<BoardCollaboratorItem>(
      queryKeys.boardCollaborators(boardId),
      `/v3/boards/${encodeURIComponent(boardId)}/collaborators/`,
    ),
  );
}

/** The owner removes someone; a collaborator leaves. */
export function useCollaboratorActions(boardId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.boardCollaborators(boardId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
  }, [queryClient, boardId]);
  return {
    remove: useCallback(
      async (userId: string) => {
        await apiSend<CollaboratorRemovedData>(
          'DELETE',
          `/v3/boards/${encodeURIComponent(boardId)}/collaborators/${encodeURIComponent(userId)}/`,
        );
        refresh();
      },
      [boardId, refresh],
    ),
    /** `username`: the viewer's, whose profile no longer lists the board. */
    leave: useCallback(
      async (username: string) => {
        await apiSend<CollaboratorRemovedData>(
          'POST',
          `/v3/boards/${encodeURIComponent(boardId)}/collaborators/leave/`,
        );
        refresh();
        void queryClient.invalidateQueries({ queryKey: queryKeys.userBoards(username) });
      },
      [boardId, refresh, queryClient],
    ),
  };
}

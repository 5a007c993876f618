// Every saving request the web makes (saving.md §7; paths the spec leaves out are the server's
// docs/decisions/008). Components call these hooks; only this module talks to the API client.
// Writes are plain callbacks, not TanStack mutations: the flow keeps its own per-row state (§4)
// and each write decides which cached lists it changes.
import type { Board, Pin, PinDetail } from '@corkboard/shared/api-types';
import type { AuthUser } from '@corkboard/shared/auth/api';
import type {
  BoardPickerData,
  BoardTitleSuggestionItem,
  ClientLogEvent,
  CollaboratorInviteOutcome,
  CollaboratorInviteResult,
  EmailInvitePreview,
  PickerBoardItem,
  PickerSectionItem,
  PinSavedDialogMetric,
  SavedPin,
  UserFollowData,
  UserFollowOptions,
} from '@corkboard/shared/saving/api';
import type { ShareSuggestionItem } from '@corkboard/shared/saving/share-suggestions';
import type {
  BoardCreateOptionsInput,
  BoardSectionCreateOptionsInput,
  PinCreateOptionsInput,
  RepinCreateOptionsInput,
  SectionNameSource,
} from '@corkboard/shared/saving/schemas';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { ApiError, apiGet, apiResourceGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { shareFlags } from './shareFlags.ts';

export const savingKeys = {
  root: ['saving'] as const,
  pickerRoot: ['saving', 'picker'] as const,
  pickerBoards: (context: string) => ['saving', 'picker', context] as const,
  sections: (boardId: string) => ['saving', 'sections', boardId] as const,
  titleSuggestions: (pinId: string) => ['saving', 'title-suggestions', pinId] as const,
  relatedBoard: (pinId: string) => ['saving', 'related-board', pinId] as const,
  shareSuggestions: (term: string) => ['saving', 'share-suggestions', term] as const,
  board: (boardId: string) => ['saving', 'board', boardId] as const,
  pinDetail: (pinId: string) => ['saving', 'pin-detail', pinId] as const,
};

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
    queryKey: savingKeys.pickerBoards(contextKey),
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

/** Sections per request (the server's SECTION_PICKER_PAGE_SIZE) and the most pages read. */
export const SECTIONS_PAGE_SIZE = 100;
export const SECTIONS_MAX_PAGES = 10;

async function fetchAllSections(boardId: string, signal: AbortSignal) {
  const sections: PickerSectionItem[] = [];
  let bookmark: string | undefined;
  for (let page = 0; page < SECTIONS_MAX_PAGES; page += 1) {
    const answer = await apiResourceGet<PickerSectionItem[]>(
      'BoardSectionsRepinResource',
      { board_id: boardId, page_size: SECTIONS_PAGE_SIZE, bookmark },
      signal,
    );
    sections.push(...answer.data);
    bookmark = answer.bookmark;
    if (!bookmark) break;
  }
  return sections;
}

/** BoardSectionsRepinResource: the sections of a board the viewer can save to, in board order. */
export function useBoardSections(boardId: string | null) {
  return useQuery({
    queryKey: savingKeys.sections(boardId ?? ''),
    queryFn: ({ signal }) => fetchAllSections(boardId ?? '', signal),
    enabled: boardId !== null,
    staleTime: 0,
  });
}

/** §2.4 "Suggested board names come from a board-title-suggestion call." Errors are silent. */
export function useBoardTitleSuggestions(pinId: string | undefined) {
  return useQuery({
    queryKey: savingKeys.titleSuggestions(pinId ?? ''),
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
    queryKey: savingKeys.board(boardId),
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

// ---- pin-saved dialog ----------------------------------------------------------------------

/** §7 "RelatedBoardForPinRandomFeedResource with pin, page_size 1 … no cache". */
export function useRelatedBoard(pinId: string) {
  return useQuery({
    queryKey: savingKeys.relatedBoard(pinId),
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

/**
 * §7 "GET PinResource with id, field_set_key 'detailed'": the saved pin with its link domain and
 * that domain's official user, for the creator card (§2.9). Errors are silent: no card.
 */
export function useSavedPinDetail(pinId: string) {
  return useQuery({
    queryKey: savingKeys.pinDetail(pinId),
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<PinDetail>(
          'PinResource',
          { id: pinId, field_set_key: 'detailed' },
          signal,
        )
      ).data,
    retry: false,
  });
}

/**
 * §2.9 "On show, the dialog logs a render and a 'promote' or 'send' metric", to our client log
 * endpoint. Fire and forget, like the pin-create events: logging never fails the dialog.
 */
export function usePinSavedDialogLog() {
  return useCallback((pinId: string, metric: PinSavedDialogMetric) => {
    sendLog({ event: 'pin_saved_dialog_render', client: 'web', pin_id: pinId, metric });
  }, []);
}

// ---- following people ----------------------------------------------------------------------

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
      const viewer = viewerOf(queryClient);
      if (viewer) void queryClient.invalidateQueries({ queryKey: queryKeys.user(viewer.username) });
      return answer;
    },
    [queryClient],
  );
}

// ---- collaborators -------------------------------------------------------------------------

/** ShareSuggestionsTypeaheadResource for the collaborator search (the caller debounces). */
export function useShareSuggestions(term: string) {
  return useQuery({
    queryKey: savingKeys.shareSuggestions(term),
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

// ---- writes --------------------------------------------------------------------------------

function viewerOf(queryClient: QueryClient): AuthUser | null {
  return queryClient.getQueryData<AuthUser | null>(queryKeys.viewer()) ?? null;
}

/** The viewer's own lists that a new board or pin changes (profile, picker). */
function invalidateViewerLists(queryClient: QueryClient): void {
  const viewer = viewerOf(queryClient);
  void queryClient.invalidateQueries({ queryKey: savingKeys.pickerRoot });
  if (viewer) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.userBoards(viewer.username) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.user(viewer.username) });
  }
}

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

export interface CreateSectionInput {
  readonly boardId: string;
  readonly name: string;
  readonly nameSource?: SectionNameSource;
}

/** BoardSectionResource create (§3 "Section create"): answers the new section. */
export function useCreateSection() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: CreateSectionInput): Promise<PickerSectionItem> => {
      const options: BoardSectionCreateOptionsInput = {
        board_id: input.boardId,
        name: input.name,
        name_source: input.nameSource ?? 0,
      };
      const section = await apiSend<PickerSectionItem>(
        'POST',
        '/resource/BoardSectionResource/create/',
        { options },
      );
      void queryClient.invalidateQueries({ queryKey: savingKeys.sections(input.boardId) });
      void queryClient.invalidateQueries({ queryKey: savingKeys.pickerRoot });
      void queryClient.invalidateQueries({ queryKey: ['board'] });
      return section;
    },
    [queryClient],
  );
}

/** Where a new pin's image comes from (exactly one, §3). */
export type PinImageSource =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'base64'; readonly data: string }
  | { readonly kind: 'upload'; readonly mediaUploadId: string };

/** What is being saved: an existing pin (RepinResource) or a new one (PinResource). */
export type SaveSource =
  | { readonly kind: 'repin'; readonly pin: Pin }
  | {
      readonly kind: 'create';
      readonly method: 'bookmarklet' | 'create';
      readonly image: PinImageSource;
      readonly link: string | null;
      readonly title: string;
      readonly description: string;
      readonly color: string | null;
      readonly guid: string | null;
      /** The create page's query, logged with pin_create_success (§7). */
      readonly query: Readonly<Record<string, string>>;
    };

export interface SaveRequestTarget {
  readonly board: Pick<PickerBoardItem, 'id' | 'privacy'>;
  readonly sectionId: string | null;
}

/** §7 client log limits (CLIENT_LOG_QUERY_* in the shared API). */
const LOG_QUERY_MAX_KEYS = 20;
const LOG_QUERY_MAX_KEY_LENGTH = 64;
const LOG_QUERY_MAX_VALUE_LENGTH = 2048;

function loggableQuery(query: Readonly<Record<string, string>>): Record<string, string> {
  const entries = Object.entries(query)
    .filter(([key]) => key.length <= LOG_QUERY_MAX_KEY_LENGTH)
    .slice(0, LOG_QUERY_MAX_KEYS)
    .map(([key, value]) => [key, value.slice(0, LOG_QUERY_MAX_VALUE_LENGTH)] as const);
  return Object.fromEntries(entries);
}

/**
 * §7 "A logging image request … with client web, event pin_create_success or pin_create_fail,
 * pin_id, path (method) and the query (success only when a guid exists)", sent to our own
 * client log endpoint (no outside host). Fire and forget: logging never blocks or fails a save.
 */
export function pinLogEvent(
  source: SaveSource,
  outcome: { readonly pinId: string } | { readonly error: unknown },
): ClientLogEvent | null {
  const path = source.kind === 'repin' ? 'repin' : source.method;
  const guid = source.kind === 'create' ? source.guid : null;
  if ('pinId' in outcome) {
    if (!guid || source.kind !== 'create') return null;
    return {
      event: 'pin_create_success',
      client: 'web',
      pin_id: outcome.pinId,
      path,
      guid,
      query: loggableQuery(source.query),
    };
  }
  return {
    event: 'pin_create_fail',
    client: 'web',
    path,
    ...(guid ? { guid } : {}),
    ...(outcome.error instanceof ApiError ? { error_code: outcome.error.code } : {}),
    ...(source.kind === 'create' ? { query: loggableQuery(source.query) } : {}),
  };
}

function sendLog(event: ClientLogEvent | null): void {
  if (!event) return;
  apiSend<null>('POST', '/v3/client_log/', event).catch(() => undefined);
}

function saveOptions(
  source: SaveSource,
  target: SaveRequestTarget,
): { path: string; options: PinCreateOptionsInput | RepinCreateOptionsInput } {
  const common = {
    board_id: target.board.id,
    ...(target.sectionId ? { section: target.sectionId } : {}),
    // §3: share flags only for boards that are not secret; nothing is posted anywhere.
    ...shareFlags(target.board.privacy),
  };
  if (source.kind === 'repin') {
    return {
      path: '/resource/RepinResource/create/',
      options: { ...common, pin_id: source.pin.id },
    };
  }
  const image =
    source.image.kind === 'url'
      ? { image_url: source.image.url }
      : source.image.kind === 'base64'
        ? { image_base64: source.image.data }
        : { media_upload_id: source.image.mediaUploadId };
  return {
    path: '/resource/PinResource/create/',
    options: {
      ...common,
      ...image,
      method: source.method,
      description: source.description,
      title: source.title,
      is_buyable_pin: false,
      ...(source.link ? { link: source.link } : {}),
      ...(source.color ? { color: source.color } : {}),
      ...(source.guid ? { guid: source.guid } : {}),
    },
  };
}

/**
 * Saves `source` to a board (and section). On success the board's and the viewer's lists are
 * refreshed and pin_create_success is logged; on failure pin_create_fail is logged and the
 * error is rethrown for the flow to show (§8).
 */
export function useSavePin(source: SaveSource) {
  const queryClient = useQueryClient();
  return useCallback(
    async (target: SaveRequestTarget): Promise<SavedPin> => {
      const { path, options } = saveOptions(source, target);
      let saved: SavedPin;
      try {
        saved = await apiSend<SavedPin>('POST', path, { options });
      } catch (error) {
        sendLog(pinLogEvent(source, { error }));
        throw error;
      }
      sendLog(pinLogEvent(source, { pinId: saved.id }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardPins(target.board.id) });
      if (target.sectionId) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.sectionPins(target.sectionId) });
      }
      void queryClient.invalidateQueries({ queryKey: ['board'] });
      void queryClient.invalidateQueries({ queryKey: savingKeys.sections(target.board.id) });
      const viewer = viewerOf(queryClient);
      if (viewer) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.userPins(viewer.username) });
      }
      invalidateViewerLists(queryClient);
      return saved;
    },
    [queryClient, source],
  );
}

// ---- e-mail invitations --------------------------------------------------------------------

/** GET /v3/board_invites/?token=: what an invitation link invites to (visitors too). */
export function useEmailInvitePreview(token: string | null) {
  return useQuery({
    queryKey: ['saving', 'email-invite', token ?? ''] as const,
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
        {
          token,
        },
      );
      // The board is now one the viewer can save to.
      invalidateViewerLists(queryClient);
      return outcome;
    },
    [queryClient],
  );
}

import type { Pin, PinDetail } from '@corkboard/shared/api-types';
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiGet, type Page } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * The pin as already shown in a grid (lists carry the full Pin), so a closeup opened from a grid
 * paints at once while the fresh copy loads.
 */
export function findCachedPin(queryClient: QueryClient, id: string): Pin | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<Page<Pin>>>({
    queryKey: queryKeys.pinListsAll(),
  });
  for (const [, data] of lists) {
    for (const page of data?.pages ?? []) {
      const match = page.data.find((pin) => pin.id === id);
      if (match) return match;
    }
  }
  return undefined;
}

/** The answer is a PinDetail; a grid's copy (a Pin, no board_access yet) paints first. */
type PinAnswer = Pin & Partial<Pick<PinDetail, 'board_access'>>;

export function usePin(id: string) {
  const queryClient = useQueryClient();
  return useQuery<PinAnswer, Error, PinAnswer, ReturnType<typeof queryKeys.pin>>({
    queryKey: queryKeys.pin(id),
    queryFn: ({ signal }) => apiGet<PinDetail>(`/v3/pins/${encodeURIComponent(id)}/`, { signal }),
    placeholderData: () => findCachedPin(queryClient, id),
  });
}

/** "More like this": the pins of the same board (the caller leaves out the current one). */
export function useMoreLikeThis(boardId: string) {
  return useInfiniteQuery(
    listQueryOptions<Pin>(
      queryKeys.boardPins(boardId),
      `/v3/boards/${encodeURIComponent(boardId)}/pins/`,
    ),
  );
}

import type { BoardDetail, Pin } from '@corkboard/shared/api-types';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

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

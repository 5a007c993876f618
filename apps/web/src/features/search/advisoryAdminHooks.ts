// The operators' side of search advisories (docs/decisions/073): the list, create, change and
// remove. Only the admin page uses these.
import type { AdminSearchAdvisory, SearchAdvisoryInput } from '@corkboard/shared/search/advisories';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const LIST_PATH = '/v3/admin/search-advisories/';

export function useSearchAdvisories() {
  return useInfiniteQuery(
    listQueryOptions<AdminSearchAdvisory>(queryKeys.adminSearchAdvisories(), LIST_PATH),
  );
}

/** Creates an entry, or replaces the one with `id`. */
export function useSaveSearchAdvisory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SearchAdvisoryInput }) =>
      id === null
        ? apiSend<AdminSearchAdvisory>('POST', LIST_PATH, input)
        : apiSend<AdminSearchAdvisory>('PUT', `${LIST_PATH}${encodeURIComponent(id)}/`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminSearchAdvisories() }),
  });
}

export function useRemoveSearchAdvisory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend<{ id: string }>('DELETE', `${LIST_PATH}${encodeURIComponent(id)}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminSearchAdvisories() }),
  });
}

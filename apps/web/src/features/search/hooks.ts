import type { Pin } from '@corkboard/shared/api-types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useSearchPins(query: string) {
  return useInfiniteQuery({
    ...listQueryOptions<Pin>(queryKeys.searchPins(query), '/v3/search/pins/', { q: query }),
    // The API answers an empty query with SEARCH_QUERY_REQUIRED; the page shows a prompt instead.
    enabled: query.length > 0,
  });
}

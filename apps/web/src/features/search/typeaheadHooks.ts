// The header search box's data: typeahead suggestions (AdvancedTypeaheadResource, cached per
// scope and term for TYPEAHEAD_CLIENT_STALE_MS) and the signed-in person's recent searches.
import type { RecentSearch, TypeaheadAnswer } from '@corkboard/shared/search/api';
import {
  isSearchScope,
  TYPEAHEAD_CLIENT_STALE_MS,
  TYPEAHEAD_DEFAULT_COUNT,
} from '@corkboard/shared/search/constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet, apiResourceGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useViewer } from '../session/hooks.ts';

export function useTypeahead(scope: string, term: string, enabled: boolean) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: queryKeys.typeahead(scope, trimmed),
    // A newer term unsubscribes the older query, which aborts its request; the abort is not an
    // error anyone sees (business.md §7.2: 'Resource call aborted' is ignored).
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<TypeaheadAnswer>(
          'AdvancedTypeaheadResource',
          {
            term: trimmed,
            count: TYPEAHEAD_DEFAULT_COUNT,
            ...(isSearchScope(scope) ? { pin_scope: scope } : {}),
          },
          signal,
        )
      ).data,
    enabled: enabled && trimmed !== '',
    staleTime: TYPEAHEAD_CLIENT_STALE_MS,
    gcTime: TYPEAHEAD_CLIENT_STALE_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRecentSearches(enabled: boolean) {
  const viewer = useViewer();
  const signedIn = viewer.data !== null && viewer.data !== undefined;
  return useQuery({
    queryKey: queryKeys.recentSearches(),
    queryFn: ({ signal }) => apiGet<RecentSearch[]>('/v3/search/recent/', { signal }),
    enabled: enabled && signedIn,
    retry: false,
  });
}

/** Remembers a search for a signed-in person (nothing for a visitor). */
export function useRememberSearch() {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const signedIn = viewer.data !== null && viewer.data !== undefined;
  return useCallback(
    (query: string, scope: string) => {
      if (!signedIn || !isSearchScope(scope)) return;
      apiSend('POST', '/v3/search/recent/', { query, scope })
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.recentSearches() }))
        // Remembering is a convenience: a failure must not disturb the search itself.
        .catch(() => undefined);
    },
    [signedIn, queryClient],
  );
}

import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import type { SearchAdvisory } from '@corkboard/shared/search/advisories';
import type { SearchAnswer } from '@corkboard/shared/search/api';
import { resultKindOf, type SearchScope } from '@corkboard/shared/search/constants';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiGetPaged, type Page } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * The address parameters (saving.md §2.10) the API reads; the rest stay in the address and are
 * not sent, so they never split the cache.
 */
export const API_SEARCH_PARAMS = [
  'q',
  'commerce_only',
  'auto_correction_disabled',
  'domains',
  'colors',
  'top_pin_ids',
  'user',
  'price_min',
  'price_max',
  'filters',
  'rs',
  'source_id',
  'source_module_id',
  'source_url',
  'journey_depth',
] as const;

/** Filter parameters the page's filter form sets and clears. */
export const FILTER_PARAMS = ['colors', 'domains', 'price_min', 'price_max'] as const;

export function apiSearchParams(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of API_SEARCH_PARAMS) {
    const values = params.getAll(name).filter((value) => value !== '');
    if (values.length > 0) query[name] = values.join(',');
  }
  return query;
}

type Results<K extends SearchAnswer['kind']> = Extract<SearchAnswer, { kind: K }>['results'];

/** One page of search results with what the answer says about the search. */
export interface SearchResultsPage<T> extends Page<T> {
  scope: SearchScope;
  didYouMean: string | null;
  /** The operators' advisory for the query (docs/decisions/073). */
  advisory: SearchAdvisory | null;
}

export function useSearchResults<K extends SearchAnswer['kind']>(
  scope: SearchScope,
  kind: K,
  query: Record<string, string>,
) {
  const key = new URLSearchParams(query).toString();
  type Item = Results<K>[number];
  return useInfiniteQuery<
    SearchResultsPage<Item>,
    Error,
    InfiniteData<SearchResultsPage<Item>, string | undefined>,
    readonly unknown[],
    string | undefined
  >({
    queryKey:
      kind === 'pins'
        ? queryKeys.searchScopePins(scope, key)
        : queryKeys.searchScopeOther(scope, key),
    queryFn: async ({ pageParam, signal }) => {
      const { data, bookmark } = await apiGetPaged<SearchAnswer>(
        `/v3/search/${encodeURIComponent(scope)}/`,
        { bookmark: pageParam, pageSize: DEFAULT_PAGE_SIZE, query, signal },
      );
      return {
        data: data.results as Item[],
        bookmark,
        scope: data.scope,
        didYouMean: data.did_you_mean,
        advisory: data.advisory,
      };
    },
    initialPageParam: undefined,
    getNextPageParam: (lastPage) => lastPage.bookmark,
    // The API answers an empty query with SEARCH_QUERY_REQUIRED; the page shows a prompt instead.
    enabled: (query.q ?? '') !== '' && resultKindOf(scope) === kind,
  });
}

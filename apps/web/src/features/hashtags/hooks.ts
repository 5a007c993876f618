// The hashtag requests the web makes (saving.md §7 GET /v3/search/autocomplete/ "q,
// show_pin_count → items with query and pin_count"; docs/decisions/060).
import type { HashtagSuggestionItem } from '@corkboard/shared/saving/api';
import { HASHTAG_SUGGESTIONS_MAX } from '@corkboard/shared/saving/hashtags';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * Suggestions for the tag being typed (`fragment`: what follows the '#'); nothing is asked for
 * while no tag is being typed (null). At most 5 (§5, §9).
 */
export function useHashtagSuggestions(fragment: string | null) {
  return useQuery({
    queryKey: queryKeys.hashtagSuggestions(fragment ?? ''),
    queryFn: async ({ signal }) =>
      apiGet<HashtagSuggestionItem[]>('/v3/search/autocomplete/', {
        query: {
          q: `#${fragment ?? ''}`,
          show_pin_count: 'true',
          page_size: String(HASHTAG_SUGGESTIONS_MAX),
        },
        signal,
      }),
    enabled: fragment !== null && fragment.length > 0,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

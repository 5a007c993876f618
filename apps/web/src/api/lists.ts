// Cursor-paginated lists as TanStack infinite queries: the page param is the API's opaque
// bookmark, and a page without a bookmark is the last one (hasNextPage becomes false).
import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { apiGetPage, type Page } from './client.ts';

export function listQueryOptions<T, K extends QueryKey = QueryKey>(
  queryKey: K,
  path: string,
  query: Record<string, string> = {},
) {
  return infiniteQueryOptions<
    Page<T>,
    Error,
    InfiniteData<Page<T>, string | undefined>,
    K,
    string | undefined
  >({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiGetPage<T>(path, { bookmark: pageParam, pageSize: DEFAULT_PAGE_SIZE, query, signal }),
    initialPageParam: undefined,
    getNextPageParam: (lastPage) => lastPage.bookmark,
  });
}

/** All items of the loaded pages, in order, without repeats (a cursor may overlap a page). */
export function flattenPages<T extends { id: string }>(
  data: InfiniteData<Page<T>, unknown> | undefined,
): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

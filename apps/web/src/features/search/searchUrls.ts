import type { SearchScope } from '@corkboard/shared/search/constants';

/** `/search/{scope}/?…` with the given parameters; `commerce_only` and `scope` are dropped. */
export function searchScopeUrl(scope: SearchScope, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('commerce_only');
  next.delete('scope');
  const query = next.toString();
  return `/search/${scope}/${query ? `?${query}` : ''}`;
}

/** A new search from the header: in the scope being searched (pins elsewhere). */
export function searchUrl(query: string, scope = 'pins'): string {
  return `/search/${encodeURIComponent(scope)}/?${new URLSearchParams({ q: query }).toString()}`;
}

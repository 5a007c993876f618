// Search scopes, filters and limits shared by the API and the web (business.md §3, saving.md
// §2.10; docs/decisions/070, 071).

/** business.md §3 "Search scopes", in the order the tabs show them. */
export const SEARCH_SCOPES = [
  'pins',
  'buyable_pins',
  'my_pins',
  'videos',
  'boards',
  'users',
  'idea_pins',
  'my_content',
] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** Scopes that only mean something for a signed-in person (the viewer's own pins). */
export const SIGNED_IN_SCOPES: readonly SearchScope[] = ['my_pins', 'my_content'];

/** What a scope answers: pins, boards or people. */
export type SearchResultKind = 'pins' | 'boards' | 'users';

export function resultKindOf(scope: SearchScope): SearchResultKind {
  if (scope === 'boards') return 'boards';
  if (scope === 'users') return 'users';
  return 'pins';
}

export function isSearchScope(value: string): value is SearchScope {
  return (SEARCH_SCOPES as readonly string[]).includes(value);
}

/** Colour families of the `colors` filter (search_color_family() in the 14-00 migration). */
export const SEARCH_COLOR_FAMILIES = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'brown',
  'white',
  'gray',
  'black',
] as const;
export type SearchColorFamily = (typeof SEARCH_COLOR_FAMILIES)[number];

/** Longer queries are refused: nobody types more, and tsquery cost grows with the terms. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** At most this many domains, colours or top pin ids in one filter. */
export const SEARCH_FILTER_MAX_VALUES = 10;
/** Highest price a price filter accepts (numeric(12,2) holds more; nothing costs this much). */
export const SEARCH_PRICE_MAX = 1_000_000;
/** journey_depth is a small counter of searches in a row; anything larger is not ours. */
export const SEARCH_JOURNEY_DEPTH_MAX = 100;

/** business.md §7, §9: typeahead suggestions when the caller asks for no count. */
export const TYPEAHEAD_DEFAULT_COUNT = 5;
/** A larger count is clamped to this. */
export const TYPEAHEAD_MAX_COUNT = 20;
/** Terms longer than this are refused (nobody types more into a search field). */
export const TYPEAHEAD_TERM_MAX_LENGTH = 100;
/** The web keeps a term's suggestions this long, per scope and term (docs/decisions/072). */
export const TYPEAHEAD_CLIENT_STALE_MS = 5 * 60_000;
/** The server answers a repeated scope + term from memory for this long. */
export const TYPEAHEAD_SERVER_CACHE_MS = 30_000;
/** Browsers may reuse a typeahead answer for this long (Cache-Control max-age). */
export const TYPEAHEAD_HTTP_MAX_AGE_SECONDS = 60;
/** A signed-in person's recent searches kept (and shown in the empty search field). */
export const RECENT_SEARCHES_MAX = 10;

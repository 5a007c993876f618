// Search answers shared by the API and the web (docs/decisions/070).
import type { Board, Pin, UserSummary } from '../api-types.ts';
import type { SearchAdvisory } from './advisories.ts';
import type { SearchScope } from './constants.ts';

/** A person in the users scope. */
export interface SearchUser extends UserSummary {
  follower_count: number;
  /** Pins on boards the person lists publicly. */
  pin_count: number;
}

/** A pin in the buyable_pins scope carries its offer. */
export interface SearchProduct {
  price: number;
  currency: string;
  availability: 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder';
}

export type SearchPin = Pin & { product: SearchProduct | null };

interface SearchAnswerBase {
  /** The scope searched (commerce_only=true turns pins into buyable_pins). */
  scope: SearchScope;
  /** 'Did you mean' for a query with no results; null when there are results or none is found. */
  did_you_mean: string | null;
  /**
   * The operators' advisory for this query (docs/decisions/073), or null. For an ABUSIVE one
   * (severity 0) the results are withheld: empty, with no bookmark and no 'did you mean'.
   */
  advisory: SearchAdvisory | null;
}

/** GET /v3/search/{scope}/ */
export type SearchAnswer =
  | (SearchAnswerBase & { kind: 'pins'; results: SearchPin[] })
  | (SearchAnswerBase & { kind: 'boards'; results: Board[] })
  | (SearchAnswerBase & { kind: 'users'; results: SearchUser[] });

/** One typeahead suggestion (AdvancedTypeaheadResource, business.md §7). */
export type TypeaheadItem =
  | { type: 'query'; label: string; query: string }
  | { type: 'hashtag'; label: string; query: string }
  | { type: 'board'; label: string; url: string; owner: string; image_url: string | null }
  | { type: 'user'; label: string; username: string; url: string; image_url: string | null };

export interface TypeaheadAnswer {
  term: string;
  items: TypeaheadItem[];
}

/** GET /v3/search/recent/ */
export interface RecentSearch {
  query: string;
  scope: SearchScope;
  searched_at: string;
}

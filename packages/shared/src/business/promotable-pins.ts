// The quick-promote pin selection step (business.md §2.3): the pins an ad account may promote.
// The same rule as the quick-promote endpoint's (docs/decisions/182): pinned by the business
// profile or by the promoting person, on a board that is not secret, linking to a website
// (site type ≠ 3, §5.1).

/** Decided (ADR 182): pins per page of the selection step. */
export const PROMOTABLE_PINS_PAGE_SIZE = 24;

export interface PromotablePinItem {
  id: string;
  title: string;
  link: string;
  image_url: string | null;
  board_name: string;
}

/** Decided (ADR 185): conversion tags one ad account holds. */
export const CONVERSION_TAGS_PER_ACCOUNT_MAX = 50;
export const CONVERSION_TAG_NAME_MAX_LENGTH = 100;

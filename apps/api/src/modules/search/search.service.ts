// Search: one query over the scope asked for (business.md §3), with the filters of saving.md
// §2.10 that apply to what we hold. The query is trimmed, must not be blank and is at most
// SEARCH_QUERY_MAX_LENGTH characters. Results page by offset up to SEARCH_MAX_RESULTS
// (docs/decisions/003-bookmarks.md). Ranking and its constants: docs/decisions/070.
import { AppError } from '@corkboard/shared/app-error';
import { foldText } from '@corkboard/shared/saving/fold';
import { ADVISORY_SEVERITY } from '@corkboard/shared/search/advisories';
import type { SearchAnswer, SearchPin, SearchUser } from '@corkboard/shared/search/api';
import {
  isSearchScope,
  SEARCH_QUERY_MAX_LENGTH,
  SIGNED_IN_SCOPES,
  type SearchScope,
} from '@corkboard/shared/search/constants';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeOffsetBookmark, offsetPage, SEARCH_MAX_RESULTS } from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializeFor, serializePin, serializeUserSummary } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { withPromotedPins } from '../ads/delivery.service.ts';
import { serializeBoard } from '../boards/boards.service.ts';
import { advisoryFor } from './advisories.service.ts';
import {
  closestKnownWord,
  searchBoardRows,
  searchPinRows,
  searchUserRows,
  withTypoThreshold,
  type PinScopeRule,
  type RankingWeights,
  type SearchPinRow,
  type TextMatch,
} from './search.repository.ts';
import { parseUnifiedFilters, type SearchQuery } from './search.schemas.ts';

export { SEARCH_QUERY_MAX_LENGTH };

/** Folded queries shorter than this match by full text only: trigrams of 1–3 letters match too much. */
export const TYPO_MIN_QUERY_LENGTH = 4;
/**
 * Ranking (docs/decisions/070): a typo match (trigram word similarity ≥ 0.5) counts at most 0.05,
 * about a description-only full-text match; each e-fold of saves adds 25 %; a new pin weighs up
 * to 50 % more, halving after 30 days. A pins search corrects up to 6 words of the query, each
 * to its 8 nearest title words at that similarity (docs/decisions/200: the query's word and its
 * inflections and neighbours; more would only add rarer, weaker matches).
 */
export const RANKING: RankingWeights = {
  typoWeight: 0.05,
  popularityWeight: 0.25,
  freshnessWeight: 0.5,
  freshnessDays: 30,
  typoThreshold: 0.5,
  typoMaxWords: 6,
  typoAlternativesPerWord: 8,
};
/**
 * Pins each candidate leg of a pins search hands to ranking (docs/decisions/193): the newest
 * this many matches and the most-saved this many. Equal to the results cap, so paging reaches
 * SEARCH_MAX_RESULTS whenever that many pins match, and ranking is exact up to that many matches.
 */
export const PIN_SEARCH_CANDIDATES = SEARCH_MAX_RESULTS;
/** 'Did you mean' looks further than typo matching does. */
export const DID_YOU_MEAN_THRESHOLD = 0.3;
/** 'Did you mean' corrects at most this many words of a query. */
export const DID_YOU_MEAN_MAX_WORDS = 6;

export interface SearchRequest {
  scope: string;
  query: SearchQuery;
  page: PageRequest;
  viewer: Viewer | null;
}

function requireQuery(raw: string | undefined): string {
  const q = (raw ?? '').trim();
  if (q === '') throw new AppError('SEARCH_QUERY_REQUIRED');
  if (q.length > SEARCH_QUERY_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', {
      data: {
        fields: [
          { path: 'q', code: 'too_big', message: `At most ${SEARCH_QUERY_MAX_LENGTH} characters` },
        ],
      },
    });
  }
  return q;
}

/** The scope searched: the route's, turned into buyable_pins by commerce_only=true. */
export function resolveScope(routeScope: string, commerceOnly: boolean): SearchScope {
  if (!isSearchScope(routeScope)) throw new AppError('SEARCH_SCOPE_UNKNOWN');
  if (commerceOnly && routeScope === 'pins') return 'buyable_pins';
  return routeScope;
}

function serializeSearchPin(deps: AppDeps, row: SearchPinRow, viewer: Viewer | null): SearchPin {
  const product =
    row.product_price !== null && row.product_currency !== null && row.product_availability
      ? {
          price: row.product_price,
          currency: row.product_currency,
          availability: row.product_availability,
        }
      : null;
  return { ...serializePin(deps.storage, row, serializeFor(viewer)), product };
}

function pinRule(scope: SearchScope, viewer: Viewer | null): PinScopeRule {
  if (scope === 'my_pins' && viewer) return { kind: 'saved_by', viewer };
  if (scope === 'my_content' && viewer) return { kind: 'member_boards', viewer };
  return { kind: 'discoverable' };
}

/** GET /v3/search/{scope}/ */
export async function search(
  deps: AppDeps,
  request: SearchRequest,
): Promise<{
  data: SearchAnswer;
  bookmark: string | undefined;
}> {
  const { query, page, viewer } = request;
  const scope = resolveScope(request.scope, query.commerce_only);
  const q = requireQuery(query.q);
  if (SIGNED_IN_SCOPES.includes(scope) && viewer === null) throw new AppError('UNAUTHORIZED');
  if (
    query.price_min !== undefined &&
    query.price_max !== undefined &&
    query.price_min > query.price_max
  )
    throw new AppError('SEARCH_PRICE_RANGE_INVALID');
  const unified = parseUnifiedFilters(query.filters);

  const offset = decodeOffsetBookmark(page.bookmark, SEARCH_MAX_RESULTS);
  const pageSize = Math.min(page.pageSize, SEARCH_MAX_RESULTS - offset);
  const match: TextMatch = { query: q, typos: foldText(q).length >= TYPO_MIN_QUERY_LENGTH };
  const window = { offset, limit: pageSize + 1 };
  const advisory = await advisoryFor(deps, q, viewer);
  const base = { scope, did_you_mean: null, advisory };
  const empty = { data: { ...base, kind: 'pins' as const, results: [] }, bookmark: undefined };
  // Results for an abusive query are withheld in every scope: only the advisory is answered.
  const withheld = advisory?.severity === ADVISORY_SEVERITY.ABUSIVE;

  // Video and idea pins arrive with the creation work; until then these scopes hold nothing.
  if (withheld || scope === 'videos' || scope === 'idea_pins' || pageSize <= 0) {
    if (scope === 'boards') return { ...empty, data: { ...base, kind: 'boards', results: [] } };
    if (scope === 'users') return { ...empty, data: { ...base, kind: 'users', results: [] } };
    return empty;
  }

  const answer = await withTypoThreshold(deps.readDb, RANKING.typoThreshold, async (trx) => {
    if (scope === 'boards') {
      const rows = await searchBoardRows(
        trx,
        { match, viewer, owner: query.user, now: deps.now(), ...window },
        RANKING,
      );
      const paged = offsetPage(rows, offset, pageSize, SEARCH_MAX_RESULTS, (row) =>
        serializeBoard(deps.storage, row, serializeFor(viewer)),
      );
      return { data: { ...base, kind: 'boards' as const, results: paged.items }, paged };
    }
    if (scope === 'users') {
      const rows = await searchUserRows(trx, { match, ...window }, RANKING);
      const paged = offsetPage(rows, offset, pageSize, SEARCH_MAX_RESULTS, (row): SearchUser => ({
        ...serializeUserSummary(deps.storage, row),
        follower_count: row.follower_count,
        pin_count: row.pin_count,
      }));
      return { data: { ...base, kind: 'users' as const, results: paged.items }, paged };
    }
    const rows = await searchPinRows(
      trx,
      {
        match,
        rule: pinRule(scope, viewer),
        product:
          scope === 'buyable_pins'
            ? { priceMin: query.price_min, priceMax: query.price_max }
            : null,
        domains: [...new Set([...query.domains, ...unified.domains])],
        colors: [...new Set([...query.colors, ...unified.colors])],
        pinner: query.user,
        topPinIds: query.top_pin_ids,
        candidates: PIN_SEARCH_CANDIDATES,
        now: deps.now(),
        ...window,
      },
      RANKING,
    );
    const paged = offsetPage(rows, offset, pageSize, SEARCH_MAX_RESULTS, (row) =>
      serializeSearchPin(deps, row, viewer),
    );
    // Promoted pins only in the public pins scope: never in the viewer's own pins or boards
    // (they may be secret) nor among products (docs/decisions/104).
    const results =
      scope === 'pins'
        ? await withPromotedPins(
            { ...deps, db: trx },
            viewer,
            paged.items,
            (pin) => ({ ...pin, product: null }),
            { surface: 'search', query: q },
          )
        : paged.items;
    return { data: { ...base, kind: 'pins' as const, results }, paged };
  });

  const noResults = offset === 0 && answer.paged.items.length === 0;
  const didYouMean =
    noResults && !query.auto_correction_disabled && scope !== 'users'
      ? await suggestCorrection(deps, q)
      : null;
  return {
    data: { ...answer.data, did_you_mean: didYouMean },
    bookmark: answer.paged.bookmark,
  };
}

/**
 * 'Did you mean': each word of the folded query replaced by the closest word of a public pin
 * title or board name; null when nothing changes.
 */
export async function suggestCorrection(deps: AppDeps, q: string): Promise<string | null> {
  const words = foldText(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, DID_YOU_MEAN_MAX_WORDS);
  if (words.length === 0) return null;
  const corrected = await withTypoThreshold(deps.readDb, DID_YOU_MEAN_THRESHOLD, async (trx) => {
    const result: string[] = [];
    for (const word of words) {
      result.push(word.length < 3 ? word : ((await closestKnownWord(trx, word)) ?? word));
    }
    return result;
  });
  const suggestion = corrected.join(' ');
  return suggestion === words.join(' ') ? null : suggestion;
}

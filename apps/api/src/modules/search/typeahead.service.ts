// Typeahead (business.md §7, §2.6; docs/decisions/072): suggestions of queries, hashtags, people
// and boards for a term, and a signed-in person's recent searches. Answers do not depend on who
// asks, so they are cached in memory per scope and term for TYPEAHEAD_SERVER_CACHE_MS and sent
// with a short Cache-Control max-age.
import { foldText } from '@corkboard/shared/saving/fold';
import type { RecentSearch, TypeaheadAnswer, TypeaheadItem } from '@corkboard/shared/search/api';
import {
  isSearchScope,
  RECENT_SEARCHES_MAX,
  TYPEAHEAD_SERVER_CACHE_MS,
  type SearchScope,
} from '@corkboard/shared/search/constants';
import type { AppDeps } from '../../core/app-deps.ts';
import { thumbnail } from '../../core/media-urls.ts';
import { avatarUrl, boardUrl, fullName } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  boardCandidates,
  clearRecentSearches,
  hashtagCandidates,
  listRecentSearches,
  queryCandidates,
  recordRecentSearch,
  userCandidates,
} from './typeahead.repository.ts';

/** Entries the in-memory cache holds before it drops the oldest. */
export const TYPEAHEAD_CACHE_MAX_ENTRIES = 1000;

interface CacheEntry {
  expiresAt: number;
  answer: TypeaheadAnswer;
}

/** Per app: a bounded map in insertion order (oldest first), entries expiring by the app clock. */
export class TypeaheadCache {
  readonly #entries = new Map<string, CacheEntry>();

  get(key: string, now: number): TypeaheadAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  set(key: string, answer: TypeaheadAnswer, now: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { answer, expiresAt: now + TYPEAHEAD_SERVER_CACHE_MS });
    while (this.#entries.size > TYPEAHEAD_CACHE_MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

export interface TypeaheadRequest {
  term: string;
  count: number;
  pinScope: SearchScope | undefined;
}

/** Which kinds a scope's picker suggests, in the order they are listed. */
function kindsFor(scope: SearchScope | undefined, hashtag: boolean): TypeaheadItem['type'][] {
  if (scope === 'boards') return ['board'];
  if (scope === 'users') return ['user'];
  return hashtag ? ['hashtag', 'query', 'user', 'board'] : ['query', 'user', 'board'];
}

/**
 * Up to `count` suggestions: each kind gets an equal share first, then what the others leave is
 * filled in list order, so a term matching only people still gets `count` people.
 */
export function mixSuggestions(lists: TypeaheadItem[][], count: number): TypeaheadItem[] {
  const share = Math.max(1, Math.floor(count / Math.max(1, lists.length)));
  const taken = lists.map((list) => list.slice(0, share));
  let left = count - taken.reduce((sum, list) => sum + list.length, 0);
  for (let i = 0; i < lists.length && left > 0; i += 1) {
    const extra = (lists[i] ?? []).slice(share, share + left);
    taken[i] = [...(taken[i] ?? []), ...extra];
    left -= extra.length;
  }
  return taken.flat().slice(0, count);
}

export async function typeahead(
  deps: AppDeps,
  cache: TypeaheadCache,
  request: TypeaheadRequest,
): Promise<TypeaheadAnswer> {
  const term = request.term.trim();
  const hashtag = term.startsWith('#');
  const folded = foldText(hashtag ? term.slice(1) : term).trim();
  if (folded === '') return { term, items: [] };
  const key = `${request.pinScope ?? ''}\u0000${request.count}\u0000${hashtag ? '#' : ''}${folded}`;
  const now = deps.now().getTime();
  const cached = cache.get(key, now);
  if (cached) return { ...cached, term };

  const kinds = kindsFor(request.pinScope, hashtag);
  const limit = request.count;
  const lists = await Promise.all(
    kinds.map(async (kind): Promise<TypeaheadItem[]> => {
      switch (kind) {
        case 'query':
          return (await queryCandidates(deps.readDb, folded, limit)).map((query) => ({
            type: 'query',
            label: query,
            query,
          }));
        case 'hashtag':
          return (await hashtagCandidates(deps.readDb, folded, limit)).map((tag) => ({
            type: 'hashtag',
            label: `#${tag}`,
            query: `#${tag}`,
          }));
        case 'board':
          return (await boardCandidates(deps.readDb, folded, limit)).map((row) => ({
            type: 'board',
            label: row.name,
            // One answer for everyone: the signed-out (lower-case) link, which works for all.
            url: boardUrl(row.owner_username, row.slug, false),
            owner: row.owner_username,
            image_url:
              row.cover_variants === null ? null : thumbnail(deps.storage, row.cover_variants).url,
          }));
        case 'user':
          return (await userCandidates(deps.readDb, folded, limit)).map((row) => ({
            type: 'user',
            label: fullName(row.first_name, row.last_name, row.username),
            username: row.username,
            url: `/${encodeURIComponent(row.username)}/`,
            image_url: avatarUrl(deps.storage, row.avatar_variants),
          }));
      }
    }),
  );
  const answer = { term, items: mixSuggestions(lists, request.count) };
  cache.set(key, answer, now);
  return answer;
}

/** POST /v3/search/recent/: remembers a search the person made (newest RECENT_SEARCHES_MAX). */
export async function rememberSearch(
  deps: AppDeps,
  viewer: Viewer,
  input: { query: string; scope: SearchScope },
): Promise<void> {
  await recordRecentSearch(
    deps.db,
    {
      userId: viewer.id,
      queryKey: foldText(input.query),
      query: input.query,
      scope: input.scope,
      at: deps.now(),
    },
    RECENT_SEARCHES_MAX,
  );
}

export async function recentSearches(deps: AppDeps, viewer: Viewer): Promise<RecentSearch[]> {
  const rows = await listRecentSearches(deps.db, viewer.id, RECENT_SEARCHES_MAX);
  return rows.map((row) => ({
    query: row.query,
    scope: isSearchScope(row.scope) ? row.scope : 'pins',
    searched_at: row.searched_at.toISOString(),
  }));
}

export async function forgetSearches(deps: AppDeps, viewer: Viewer): Promise<void> {
  await clearRecentSearches(deps.db, viewer.id);
}

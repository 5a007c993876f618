import type { SearchScope } from '@corkboard/shared/search/constants';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { flattenPages } from '../../api/lists.ts';
import { SEARCH_NAMESPACE } from '../../i18n/searchCatalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { BoardCard } from '../../ui/BoardCard.tsx';
import { profilePath } from '../../ui/links.ts';
import { EmptyState, ErrorState, GridSkeleton, Spinner } from '../../ui/PageStates.tsx';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { ADVISORY_SEVERITY } from '@corkboard/shared/search/advisories';
import { AdvisoryBanner } from './AdvisoryBanner.tsx';
import { useSearchResults, type SearchResultsPage } from './hooks.ts';
import { searchScopeUrl } from './searchUrls.ts';

type ResultsQuery<T> = UseInfiniteQueryResult<
  InfiniteData<SearchResultsPage<T>, string | undefined>
>;

interface ResultsProps {
  scope: SearchScope;
  query: string;
  apiQuery: Record<string, string>;
}

/** A refused search (bad filter, signed-in scope) says why; anything else offers a retry. */
function SearchError({ error, onRetry }: { error: Error; onRetry: () => unknown }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  if (error instanceof ApiError && error.httpStatus === 401) {
    const next = `${window.location.pathname}${window.location.search}`;
    return (
      <div className="page-state">
        <h2 className="page-state__title">{t('signInTitle')}</h2>
        <p className="page-state__message">{t('signInMessage')}</p>
        <Link
          to={`/login/?${new URLSearchParams({ next }).toString()}`}
          className="button button--primary"
        >
          {t('signIn')}
        </Link>
      </div>
    );
  }
  if (error instanceof ApiError && error.isClientError) {
    return (
      <div className="page-state" role="alert">
        <h2 className="page-state__title">{t('errorTitle')}</h2>
        <p className="page-state__message">{serverMessage(error)}</p>
      </div>
    );
  }
  return <ErrorState onRetry={onRetry} />;
}

function DidYouMean<T>({ results }: { results: ResultsQuery<T> }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const [params] = useSearchParams();
  const first = results.data?.pages[0];
  if (!first?.didYouMean) return null;
  const next = new URLSearchParams(params);
  next.set('q', first.didYouMean);
  return (
    <p className="search-did-you-mean">
      {t('didYouMean')}{' '}
      <Link to={searchScopeUrl(first.scope, next)}>
        <strong>{first.didYouMean}</strong>
      </Link>
      ?
    </p>
  );
}

/** The first page's advisory banner; `withheld` when its results are held back (ABUSIVE). */
function advisoryOf<T>(results: ResultsQuery<T>) {
  const advisory = results.data?.pages[0]?.advisory ?? null;
  return {
    banner: <AdvisoryBanner advisory={advisory} />,
    withheld: advisory?.severity === ADVISORY_SEVERITY.ABUSIVE,
  };
}

function emptyMessage(scope: SearchScope, t: (key: 'emptyUpcoming' | 'emptyMessage') => string) {
  return scope === 'videos' || scope === 'idea_pins' ? t('emptyUpcoming') : t('emptyMessage');
}

export function PinResults({ scope, query, apiQuery }: ResultsProps) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const results = useSearchResults(scope, 'pins', apiQuery);
  const advisory = advisoryOf(results);
  if (results.isError && !results.data)
    return <SearchError error={results.error} onRetry={() => results.refetch()} />;
  if (advisory.withheld) return advisory.banner;
  return (
    <>
      {advisory.banner}
      <DidYouMean results={results} />
      <PinGrid
        query={results}
        emptyTitle={t('emptyTitle', { query })}
        emptyMessage={emptyMessage(scope, t)}
      />
    </>
  );
}

/** Boards and people load more with a button (a short list; no masonry to keep filled). */
function MoreButton<T>({ results }: { results: ResultsQuery<T> }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  if (results.isFetchingNextPage) return <Spinner label={t('loadingMore')} />;
  if (!results.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--secondary search-more"
      onClick={() => void results.fetchNextPage()}
    >
      {t('loadMore')}
    </button>
  );
}

export function BoardResults({ scope, query, apiQuery }: ResultsProps) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const results = useSearchResults(scope, 'boards', apiQuery);
  const advisory = advisoryOf(results);
  if (results.isPending) return <GridSkeleton />;
  if (results.isError && !results.data)
    return <SearchError error={results.error} onRetry={() => results.refetch()} />;
  if (advisory.withheld) return advisory.banner;
  const boards = flattenPages(results.data);
  return (
    <>
      {advisory.banner}
      <DidYouMean results={results} />
      {boards.length === 0 ? (
        <EmptyState title={t('emptyTitle', { query })} message={t('emptyMessage')} />
      ) : (
        <ul className="board-grid">
          {boards.map((board) => (
            <li key={board.id}>
              <BoardCard board={board} />
            </li>
          ))}
        </ul>
      )}
      <MoreButton results={results} />
    </>
  );
}

export function UserResults({ scope, query, apiQuery }: ResultsProps) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const results = useSearchResults(scope, 'users', apiQuery);
  const advisory = advisoryOf(results);
  if (results.isPending) return <GridSkeleton />;
  if (results.isError && !results.data)
    return <SearchError error={results.error} onRetry={() => results.refetch()} />;
  if (advisory.withheld) return advisory.banner;
  const people = flattenPages(results.data);
  return (
    <>
      {advisory.banner}
      {people.length === 0 ? (
        <EmptyState title={t('emptyTitle', { query })} message={t('emptyMessage')} />
      ) : (
        <ul className="search-people">
          {people.map((person) => (
            <li key={person.id}>
              <Link to={profilePath(person.username)} className="search-people__item">
                <Avatar user={person} size={56} />
                <span className="search-people__text">
                  <span className="search-people__name">{person.full_name}</span>
                  <span className="search-people__meta">
                    @{person.username} · {t('followers', { count: person.follower_count })} ·{' '}
                    {t('pins', { count: person.pin_count })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <MoreButton results={results} />
    </>
  );
}

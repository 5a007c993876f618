import { isSearchScope, resultKindOf, type SearchScope } from '@corkboard/shared/search/constants';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ensureSearchCatalogue, SEARCH_NAMESPACE } from '../../i18n/searchCatalogue.ts';
import { EmptyState, NotFoundState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { apiSearchParams } from './hooks.ts';
import { ScopeTabs } from './ScopeTabs.tsx';
import { SearchFilters } from './SearchFilters.tsx';
import { BoardResults, PinResults, UserResults } from './SearchResults.tsx';
import './search.css';

/**
 * The scope searched (saving.md §2.10): the route's `scope`, else `?scope=`, else pins;
 * `commerce_only=true` turns pins into buyable pins. Null for a scope that does not exist.
 */
export function pageScope(
  routeScope: string | undefined,
  params: URLSearchParams,
): SearchScope | null {
  const scope = routeScope ?? params.get('scope') ?? 'pins';
  if (!isSearchScope(scope)) return null;
  return scope === 'pins' && params.get('commerce_only') === 'true' ? 'buyable_pins' : scope;
}

/** Scopes that have filters: the pin scopes that hold pins today. */
function hasFilters(scope: SearchScope): boolean {
  return resultKindOf(scope) === 'pins' && scope !== 'videos' && scope !== 'idea_pins';
}

export function SearchPage() {
  const { t, i18n } = useTranslation(SEARCH_NAMESPACE);
  ensureSearchCatalogue(i18n);
  const { scope: routeScope } = useParams();
  const [params] = useSearchParams();
  const scope = pageScope(routeScope, params);
  const query = (params.get('q') ?? '').trim();
  useDocumentTitle(query ? t('heading', { query }) : t('promptTitle'));
  if (scope === null) return <NotFoundState title={t('unknownScope')} />;
  if (!query) {
    return (
      <>
        <h1 className="visually-hidden">{t('promptTitle')}</h1>
        <EmptyState title={t('promptTitle')} message={t('promptMessage')} />
      </>
    );
  }
  const apiQuery = { ...apiSearchParams(params), q: query };
  const kind = resultKindOf(scope);
  const props = { scope, query, apiQuery };
  return (
    <div className="search-page">
      <h1 className="heading heading--md section-heading">{t('heading', { query })}</h1>
      <ScopeTabs scope={scope} />
      {hasFilters(scope) ? <SearchFilters scope={scope} /> : null}
      {kind === 'boards' ? (
        <BoardResults key={scope} {...props} />
      ) : kind === 'users' ? (
        <UserResults key={scope} {...props} />
      ) : (
        <PinResults key={scope} {...props} />
      )}
    </div>
  );
}

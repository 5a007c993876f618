import { SEARCH_SCOPES, type SearchScope } from '@corkboard/shared/search/constants';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_NAMESPACE } from '../../i18n/searchCatalogue.ts';
import { searchScopeUrl } from './searchUrls.ts';

/**
 * One link per scope (business.md §3), the current one marked with aria-current. Switching keeps
 * every parameter of the address (saving.md §2.10: unknown ones are kept, never an error) except
 * the scope-specific commerce switch.
 */
export function ScopeTabs({ scope }: { scope: SearchScope }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const [params] = useSearchParams();
  return (
    <nav aria-label={t('scopesLabel')} className="search-scopes">
      <ul className="search-scopes__list">
        {SEARCH_SCOPES.map((item) => (
          <li key={item}>
            <Link
              to={searchScopeUrl(item, params)}
              className="search-scopes__tab"
              aria-current={item === scope ? 'page' : undefined}
            >
              {t(`scopes.${item}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

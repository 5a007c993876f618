import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch, useNavigate, useSearchParams } from 'react-router';

export const SEARCH_PATH = '/search/pins/';
/** Every search page: /search/{scope}/ (business.md §3 scopes). */
const SEARCH_PAGE_PATTERN = '/search/:scope/';

/** A new search from the header: in the scope being searched (pins elsewhere). */
export function searchUrl(query: string, scope = 'pins'): string {
  return `/search/${encodeURIComponent(scope)}/?${new URLSearchParams({ q: query }).toString()}`;
}

function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="site-header__logo" aria-label={t('app.homeLink')}>
      <svg className="site-header__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="currentColor" />
        <path
          d="M16 7a9 9 0 1 0 6.4 15.4l-2.1-2.1A6 6 0 1 1 20.3 11.7l2.1-2.1A9 9 0 0 0 16 7z"
          fill="#fff"
        />
      </svg>
      <span className="site-header__wordmark" aria-hidden="true">
        {t('app.name')}
      </span>
    </Link>
  );
}

function SearchForm({ currentQuery, scope }: { currentQuery: string; scope: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(currentQuery);
  // When the address's query changes (a search, back/forward), the field shows it. Adjusting
  // state while rendering, not remounting, so keyboard focus stays in the field.
  const [shownQuery, setShownQuery] = useState(currentQuery);
  if (shownQuery !== currentQuery) {
    setShownQuery(currentQuery);
    setValue(currentQuery);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    if (query) void navigate(searchUrl(query, scope));
  };

  return (
    <form role="search" className="site-header__search" action={SEARCH_PATH} onSubmit={onSubmit}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('header.searchLabel')}
      </label>
      <svg
        className="site-header__search-icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z"
          fill="currentColor"
        />
      </svg>
      <input
        id="site-search"
        className="site-header__search-input"
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}

/**
 * Logo, search, and the account corner (log in / sign up, or the signed-in person's menu), which
 * the app passes in: the header is a primitive and knows no feature.
 */
export function Header({ account }: { account: ReactNode }) {
  const searchPage = useMatch(SEARCH_PAGE_PATTERN);
  const [params] = useSearchParams();
  const currentQuery = searchPage ? (params.get('q') ?? '') : '';
  return (
    <header className="site-header">
      <Logo />
      <SearchForm currentQuery={currentQuery} scope={searchPage?.params.scope} />
      {account}
    </header>
  );
}

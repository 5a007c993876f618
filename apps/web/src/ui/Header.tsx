import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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

/**
 * Logo, the search box and the account corner (log in / sign up, or the signed-in person's menu),
 * which the app passes in: the header is a primitive and knows no feature.
 */
export function Header({ account, search }: { account: ReactNode; search: ReactNode }) {
  return (
    <header className="site-header">
      <Logo />
      {search}
      {account}
    </header>
  );
}

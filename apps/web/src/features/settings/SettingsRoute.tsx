// /settings/…: the account settings frame (issue 9 "Account settings"): who may see it (signed-in
// people; visitors are asked to log in), the section navigation, and the page. One route chunk
// with its own copy namespace.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { ensureSettingsCatalogue, SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { EmptyState, LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useViewer } from '../session/hooks.ts';
import { ClaimSettingsPage } from '../claim/ClaimSettingsPage.tsx';
import { InstagramCallbackPage } from '../claim/InstagramCallbackPage.tsx';
import { ConnectedAccountsPage } from './ConnectedAccountsPage.tsx';
import { DeactivateAccountPage } from './DeactivateAccountPage.tsx';
import { EmailConfirmPage, EmailSettingsPage } from './EmailSettingsPage.tsx';
import { PasswordSettingsPage } from './PasswordSettingsPage.tsx';
import { ProfileSettingsPage } from './ProfileSettingsPage.tsx';
import { SecuritySettingsPage } from './SecuritySettingsPage.tsx';
import { SessionsSettingsPage } from './SessionsSettingsPage.tsx';
import './settings.css';

/** The account pages in the navigation, in order (ADR 148–150); security and claim follow. */
const ACCOUNT_PAGES = [
  ['profile/', 'nav.profile'],
  ['password/', 'nav.password'],
  ['email/', 'nav.email'],
  ['connected/', 'nav.connected'],
  ['sessions/', 'nav.sessions'],
] as const;

export function SettingsRoute() {
  const { t, i18n } = useTranslation(SETTINGS_NAMESPACE);
  ensureSettingsCatalogue(i18n);
  const viewer = useViewer();
  const { pathname } = useLocation();
  useDocumentTitle(t('title'));

  // The e-mail change link works whoever is signed in (the token proves the mailbox).
  if (pathname.startsWith('/settings/email/confirm/')) return <EmailConfirmPage />;
  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) {
    return (
      <section className="settings-gate">
        <h1 className="visually-hidden">{t('title')}</h1>
        <EmptyState title={t('signInTitle')} />
      </section>
    );
  }
  return (
    <div className="settings">
      <nav className="settings__nav" aria-label={t('navLabel')}>
        <p className="settings__title">{t('title')}</p>
        <ul className="settings__nav-list">
          {ACCOUNT_PAGES.map(([path, label]) => (
            <li key={path}>
              <NavLink to={`/settings/${path}`} end className="settings__nav-link">
                {t(label)}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/settings/security/" className="settings__nav-link">
              {t('nav.security')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/settings/claim/" end className="settings__nav-link">
              {t('nav.claim')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/settings/deactivate/" end className="settings__nav-link">
              {t('nav.deactivate')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="settings__main">
        <Suspense fallback={<LoadingState />}>
          <Routes>
            <Route index element={<Navigate to="profile/" replace />} />
            <Route path="profile/" element={<ProfileSettingsPage />} />
            <Route path="password/" element={<PasswordSettingsPage />} />
            <Route path="email/" element={<EmailSettingsPage />} />
            <Route path="connected/" element={<ConnectedAccountsPage />} />
            <Route path="sessions/" element={<SessionsSettingsPage />} />
            <Route path="deactivate/" element={<DeactivateAccountPage />} />
            <Route path="security/" element={<SecuritySettingsPage />} />
            <Route path="claim/" element={<ClaimSettingsPage />} />
            <Route path="claim/instagram/callback/" element={<InstagramCallbackPage />} />
            <Route path="*" element={<NotFoundState title={t('title')} />} />
          </Routes>
        </Suspense>
      </div>
    </div>
  );
}

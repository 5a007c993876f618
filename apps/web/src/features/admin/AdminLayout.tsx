// The admin side's frame (docs/decisions/019): who may see it (operators; visitors are asked to
// log in, everyone else is told it is for operators), the section navigation, and the page.
// Which sections exist is decided by app/ (each feature contributes its own admin page), so
// this feature never imports another.
import { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ADMIN_NAMESPACE, ensureAdminCatalogue } from '../../i18n/adminCatalogue.ts';
import type adminEn from '../../i18n/locales/admin/en.json';
import { EmptyState, LoadingState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useViewer } from '../session/hooks.ts';
import './admin.css';

export type AdminNavKey = keyof typeof adminEn.nav;

export interface AdminSection {
  /** The path under /admin/, without slashes (`overview`). */
  path: string;
  labelKey: AdminNavKey;
  Page: LazyExoticComponent<ComponentType>;
}

export function AdminLayout({
  sections,
  children,
}: {
  sections: readonly AdminSection[];
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  ensureAdminCatalogue(i18n);
  const viewer = useViewer();
  useDocumentTitle(t('title'));

  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) {
    return (
      <section className="admin-gate">
        <h1 className="visually-hidden">{t('title')}</h1>
        <EmptyState title={t('signInTitle')} />
      </section>
    );
  }
  if (!viewer.data.is_admin) {
    return (
      <section className="admin-gate">
        <h1 className="visually-hidden">{t('title')}</h1>
        <EmptyState title={t('forbiddenTitle')} message={t('forbiddenMessage')} />
      </section>
    );
  }
  return (
    <div className="admin">
      <nav className="admin__nav" aria-label={t('navLabel')}>
        <p className="admin__title">{t('title')}</p>
        <ul className="admin__nav-list">
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={`/admin/${section.path}/`} className="admin__nav-link">
                {t(`nav.${section.labelKey}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__main">
        <Suspense fallback={<LoadingState />}>{children}</Suspense>
      </div>
    </div>
  );
}

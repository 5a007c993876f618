// /admin/…: the admin frame with every feature's admin page (docs/decisions/019). A feature that
// has an admin side adds its section here (path, nav label key in locales/admin, lazy page), so
// the admin feature itself never imports another feature. One route chunk; each page its own.
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout, type AdminSection } from '../features/admin/AdminLayout.tsx';
import { lazyPage } from './lazyPage.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: 'overview',
    labelKey: 'overview',
    Page: lazyPage(() => import('../features/admin/AdminOverviewPage.tsx'), 'AdminOverviewPage'),
  },
  {
    path: 'operators',
    labelKey: 'operators',
    Page: lazyPage(() => import('../features/admin/OperatorsPage.tsx'), 'OperatorsPage'),
  },
  {
    path: 'offsite',
    labelKey: 'offsite',
    Page: lazyPage(() => import('../features/offsite/AdminOffsitePage.tsx'), 'AdminOffsitePage'),
  },
  {
    path: 'ad-review',
    labelKey: 'adReview',
    Page: lazyPage(() => import('../features/business/AdReviewPage.tsx'), 'AdReviewPage'),
  },
  {
    path: 'search-advisories',
    labelKey: 'searchAdvisories',
    Page: lazyPage(
      () => import('../features/search/AdminSearchAdvisoriesPage.tsx'),
      'AdminSearchAdvisoriesPage',
    ),
  },
  {
    path: 'experiences',
    labelKey: 'experiences',
    Page: lazyPage(
      () => import('../features/experiences/AdminExperiencesPage.tsx'),
      'AdminExperiencesPage',
    ),
  },
  {
    path: 'experiments',
    labelKey: 'experiments',
    Page: lazyPage(
      () => import('../features/experiments/AdminExperimentsPage.tsx'),
      'AdminExperimentsPage',
    ),
  },
  {
    path: 'performance',
    labelKey: 'performance',
    Page: lazyPage(
      () => import('../features/performance/AdminPerformancePage.tsx'),
      'AdminPerformancePage',
    ),
  },
  {
    path: 'sso',
    labelKey: 'ssoProviders',
    Page: lazyPage(
      () => import('../features/sso/AdminSsoProvidersPage.tsx'),
      'AdminSsoProvidersPage',
    ),
  },
  {
    path: 'jobs',
    labelKey: 'jobs',
    Page: lazyPage(() => import('../features/jobs/AdminJobsPage.tsx'), 'AdminJobsPage'),
  },
];

export function AdminRoute() {
  return (
    <AdminLayout sections={ADMIN_SECTIONS}>
      <Routes>
        <Route index element={<Navigate to="overview/" replace />} />
        {ADMIN_SECTIONS.map(({ path, Page }) => (
          <Route key={path} path={`${path}/`} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AdminLayout>
  );
}

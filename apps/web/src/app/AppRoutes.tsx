import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';

// One chunk per page: a first visit downloads the shell and the page it lands on only.
const HomePage = lazy(() =>
  import('../features/feed/HomePage.tsx').then((m) => ({ default: m.HomePage })),
);
const PinPage = lazy(() =>
  import('../features/pin/PinPage.tsx').then((m) => ({ default: m.PinPage })),
);
const BoardPage = lazy(() => import('./BoardRoute.tsx').then((m) => ({ default: m.BoardRoute })));
const ProfilePage = lazy(() =>
  import('../features/profile/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
);
const SearchPage = lazy(() =>
  import('../features/search/SearchPage.tsx').then((m) => ({ default: m.SearchPage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/AuthPages.tsx').then((m) => ({ default: m.LoginPage })),
);
const SignupPage = lazy(() =>
  import('../features/auth/AuthPages.tsx').then((m) => ({ default: m.SignupPage })),
);
const BusinessLoginPage = lazy(() =>
  import('../features/auth/AuthPages.tsx').then((m) => ({ default: m.BusinessLoginPage })),
);
const PasswordResetPage = lazy(() =>
  import('../features/auth/PasswordResetPage.tsx').then((m) => ({ default: m.PasswordResetPage })),
);
const TermsPage = lazy(() =>
  import('../features/auth/LegalPages.tsx').then((m) => ({ default: m.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/auth/LegalPages.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const PinCreatePage = lazy(() =>
  import('../features/pin-create/PinCreatePage.tsx').then((m) => ({ default: m.PinCreatePage })),
);
const MobileRepinPage = lazy(() =>
  import('../features/pin-create/MobileCreatePinPage.tsx').then((m) => ({
    default: m.MobileRepinPage,
  })),
);
const BoardCreatePage = lazy(() =>
  import('../features/pin-create/BoardCreatePages.tsx').then((m) => ({
    default: m.BoardCreatePage,
  })),
);
const SectionCreatePage = lazy(() =>
  import('../features/pin-create/BoardCreatePages.tsx').then((m) => ({
    default: m.SectionCreatePage,
  })),
);
const BookmarkletPage = lazy(() =>
  import('../features/pin-create/BookmarkletPage.tsx').then((m) => ({
    default: m.BookmarkletPage,
  })),
);
const BoardInvitePage = lazy(() =>
  import('../features/collaborators/BoardInvitePage.tsx').then((m) => ({
    default: m.BoardInvitePage,
  })),
);

/**
 * Declarative routes (`<Routes>`), not the data router: we load data with TanStack Query, and the
 * data router costs ~18 kB gzip more in the first bundle (docs/decisions/004-web-bundle.md).
 * Static segments outrank `:username`, so /search/…, /pin/…, /login/ and the other fixed pages
 * never reach the profile route (the server keeps those names out of usernames).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="search/pins/" element={<SearchPage />} />
        <Route path="login/" element={<LoginPage />} />
        <Route path="signup/" element={<SignupPage />} />
        <Route path="business/login/" element={<BusinessLoginPage />} />
        <Route path="password/reset/" element={<PasswordResetPage />} />
        <Route path="terms/" element={<TermsPage />} />
        <Route path="privacy/" element={<PrivacyPage />} />
        <Route path="pin/:id/" element={<PinPage />} />
        <Route path="pin/create/:method/" element={<PinCreatePage />} />
        <Route path="pin/:id/repin/x/" element={<MobileRepinPage />} />
        <Route path="board/create/" element={<BoardCreatePage />} />
        <Route path="board/:id/create_section/" element={<SectionCreatePage />} />
        <Route path="bookmarklet/" element={<BookmarkletPage />} />
        <Route path="invite/board/" element={<BoardInvitePage />} />
        <Route path=":username/" element={<ProfilePage />} />
        <Route path=":username/:slug/" element={<BoardPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

import { Route, Routes } from 'react-router';
import { lazyPage, preloadablePage, type LazyPage } from './lazyPage.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';

// One chunk per page: a first visit downloads the shell and the page it lands on only. A module
// with several pages has one loader, so the shell lists its chunk and preloads once.
const authPages = () => import('../features/auth/AuthPages.tsx');
const legalPages = () => import('../features/auth/LegalPages.tsx');
const boardCreatePages = () => import('../features/pin-create/BoardCreatePages.tsx');

const HomePage = preloadablePage(() => import('../features/feed/HomePage.tsx'), 'HomePage');
const PinPage = preloadablePage(() => import('../features/pin/PinPage.tsx'), 'PinPage');
const PinEditPage = lazyPage(() => import('../features/pin/PinPage.tsx'), 'PinEditPage');
const BoardPage = preloadablePage(() => import('./BoardRoute.tsx'), 'BoardRoute');
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage');
const OwnProfilePage = lazyPage(
  () => import('../features/profile/OwnProfilePage.tsx'),
  'OwnProfilePage',
);
const NamedProfilePage = lazyPage(
  () => import('../features/profile/OwnProfilePage.tsx'),
  'NamedProfilePage',
);
const SearchPage = lazyPage(() => import('../features/search/SearchPage.tsx'), 'SearchPage');
const LoginPage = lazyPage(authPages, 'LoginPage');
const SignupPage = lazyPage(authPages, 'SignupPage');
const AddAccountPage = lazyPage(authPages, 'AddAccountPage');
const BusinessLoginPage = lazyPage(authPages, 'BusinessLoginPage');
const ConnectFacebookPage = lazyPage(
  () => import('../features/auth/ConnectFacebookPage.tsx'),
  'ConnectFacebookPage',
);
const SsoBusinessSignupPage = lazyPage(
  () => import('../features/auth/SsoBusinessSignupPage.tsx'),
  'SsoBusinessSignupPage',
);
const SsoVerifyDomainPage = lazyPage(
  () => import('../features/auth/SsoVerifyDomainPage.tsx'),
  'SsoVerifyDomainPage',
);
const PasswordResetPage = lazyPage(
  () => import('../features/auth/PasswordResetPage.tsx'),
  'PasswordResetPage',
);
const TermsPage = lazyPage(legalPages, 'TermsPage');
const PrivacyPage = lazyPage(legalPages, 'PrivacyPage');
const PinCreatePage = lazyPage(
  () => import('../features/pin-create/PinCreatePage.tsx'),
  'PinCreatePage',
);
const MobileRepinPage = lazyPage(
  () => import('../features/pin-create/MobileCreatePinPage.tsx'),
  'MobileRepinPage',
);
const BoardCreatePage = lazyPage(boardCreatePages, 'BoardCreatePage');
const SectionCreatePage = lazyPage(boardCreatePages, 'SectionCreatePage');
const ExtensionPage = lazyPage(
  () => import('../features/extension/ExtensionPage.tsx'),
  'ExtensionPage',
);
const BookmarkletPage = lazyPage(
  () => import('../features/pin-create/BookmarkletPage.tsx'),
  'BookmarkletPage',
);
const AdminRoute = lazyPage(() => import('./AdminRoute.tsx'), 'AdminRoute');
const businessCreatePages = () => import('../features/business/BusinessCreatePage.tsx');
const BusinessCreatePage = lazyPage(businessCreatePages, 'BusinessCreatePage');
const BusinessConvertPage = lazyPage(businessCreatePages, 'BusinessConvertPage');
const BusinessMembersPage = lazyPage(
  () => import('../features/business/BusinessMembersPage.tsx'),
  'BusinessMembersPage',
);
const BusinessSsoPage = lazyPage(
  () => import('../features/business/BusinessSsoPage.tsx'),
  'BusinessSsoPage',
);
const BusinessInvitePage = lazyPage(
  () => import('../features/business/BusinessInvitePage.tsx'),
  'BusinessInvitePage',
);
const QuickPromotePage = lazyPage(
  () => import('../features/business/QuickPromotePage.tsx'),
  'QuickPromotePage',
);
const ConsolePage = lazyPage(() => import('../features/business/ConsolePage.tsx'), 'ConsolePage');
const BoardInvitePage = lazyPage(
  () => import('../features/collaborators/BoardInvitePage.tsx'),
  'BoardInvitePage',
);
const OffsitePage = lazyPage(() => import('../features/offsite/OffsitePage.tsx'), 'OffsitePage');
const SettingsRoute = lazyPage(
  () => import('../features/settings/SettingsRoute.tsx'),
  'SettingsRoute',
);

/**
 * The page a visitor landed on when the HTML gave its first answers (docs/decisions/207): home,
 * a pin or a board (the server inlines answers for no other page). main.tsx waits for its chunk
 * (preloaded by the HTML) before the first render, so that render draws the page with its data.
 * Undefined for any other address: the app renders at once, as before.
 */
export function landingPage(pathname: string): LazyPage | undefined {
  if (pathname === '/') return HomePage;
  if (/^\/pin\/[^/]+\/$/.test(pathname)) return PinPage;
  if (/^\/[^/]+\/[^/]+\/$/.test(pathname)) return BoardPage;
  return undefined;
}

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
        <Route path="search/" element={<SearchPage />} />
        <Route path="search/:scope/" element={<SearchPage />} />
        <Route path="login/" element={<LoginPage />} />
        <Route path="signup/" element={<SignupPage />} />
        <Route path="add-account/" element={<AddAccountPage />} />
        <Route path="signup/sso-business-account/" element={<SsoBusinessSignupPage />} />
        <Route path="sso/verify-domain/" element={<SsoVerifyDomainPage />} />
        <Route path="business/login/" element={<BusinessLoginPage />} />
        <Route path="password/reset/" element={<PasswordResetPage />} />
        <Route path="connect/facebook/" element={<ConnectFacebookPage />} />
        <Route path="terms/" element={<TermsPage />} />
        <Route path="privacy/" element={<PrivacyPage />} />
        {/* auth.md §2: the terms' Privacy Policy link (features/auth/links.ts PRIVACY_PATH). */}
        <Route path="_/_/policy/privacy-policy/" element={<PrivacyPage />} />
        <Route path="pin/:id/" element={<PinPage />} />
        <Route path="pin/:id/edit/" element={<PinEditPage />} />
        <Route path="pin/create/:method/" element={<PinCreatePage />} />
        <Route path="pin/:id/repin/x/" element={<MobileRepinPage />} />
        <Route path="board/create/" element={<BoardCreatePage />} />
        <Route path="board/:id/create_section/" element={<SectionCreatePage />} />
        <Route path="bookmarklet/" element={<BookmarkletPage />} />
        <Route path="extension/" element={<ExtensionPage />} />
        <Route path="invite/board/" element={<BoardInvitePage />} />
        <Route path="admin/*" element={<AdminRoute />} />
        <Route path="offsite/" element={<OffsitePage />} />
        <Route path="business/create/" element={<BusinessCreatePage />} />
        <Route path="business/convert/" element={<BusinessConvertPage />} />
        <Route path="business/:profileId/members/" element={<BusinessMembersPage />} />
        <Route path="business/:profileId/sso/" element={<BusinessSsoPage />} />
        <Route path="invite/business/" element={<BusinessInvitePage />} />
        <Route path="settings/*" element={<SettingsRoute />} />
        <Route path="advertiser/quick_promote/" element={<QuickPromotePage />} />
        <Route path="advertiser/:advertiserId/quick-promote/" element={<QuickPromotePage />} />
        <Route path="advertiser/:advertiserId/*" element={<ConsolePage />} />
        <Route path="_profile/" element={<OwnProfilePage />} />
        <Route path="_profile/:tab/" element={<OwnProfilePage />} />
        <Route path=":username/_profile/" element={<NamedProfilePage />} />
        <Route path=":username/_profile/:tab/" element={<NamedProfilePage />} />
        <Route path=":username/" element={<ProfilePage />} />
        <Route path=":username/:slug/" element={<BoardPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

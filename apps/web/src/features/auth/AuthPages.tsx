// The auth pages (routes, each a lazy chunk sharing the auth views): /login/, /signup/ and the
// business login page /business/login/ (auth.md §2; container login_page or
// revamped_business_login_page). A signed-in visitor is sent on to `next` (auth.md §2 "A
// signed-in visitor who opens login … is redirected away").
import type { AuthContainer } from '@corkboard/shared/auth/schemas';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { AuthFlow } from './AuthFlow.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { AUTH_MFA_MODAL_WIDTH, AUTH_MODAL_WIDTH, BUSINESS_LOGIN_WIDTH } from './layout.ts';
import { AuthSurface } from './AuthSurface.tsx';
import type { AuthFlowConfig, FlowView } from './flowTypes.ts';
import { useViewer } from '../session/hooks.ts';
import { nextPathFrom } from './navigation.ts';
import { DEFAULT_LOGIN_PATH } from '../session/pageLoad.ts';

interface AuthPageProps {
  initialView: 'login' | 'signup';
  container: AuthContainer;
  width: number;
  title: string;
  /** /add-account (auth.md §2): a log-in as another account, kept alongside this one. */
  isAccountSwitch?: boolean;
}

function AuthPage({
  initialView,
  container,
  width,
  title,
  isAccountSwitch = false,
}: AuthPageProps) {
  const location = useLocation();
  const viewer = useViewer();
  const headingId = useId();
  useDocumentTitle(title);
  const next = nextPathFrom(location.search);
  const [config] = useState<AuthFlowConfig>(() => ({
    initialView,
    container,
    signupSource: 'defaultSource',
    loginSource: 'defaultSource',
    next,
    isAccountSwitch,
  }));
  const [mfaView, setMfaView] = useState(false);
  const onViewChange = useCallback((view: FlowView) => setMfaView(view === 'loginMfa'), []);

  if (viewer.isPending) return <LoadingState />;
  // auth.md §2: a signed-in visitor who opens login is redirected away, "not an account switch".
  if (viewer.data && !isAccountSwitch) {
    // Never back to the page we are on: that would loop.
    return <Navigate to={next === location.pathname ? DEFAULT_LOGIN_PATH : next} replace />;
  }
  return (
    <AuthSurface>
      <div className="auth-page" style={{ maxWidth: mfaView ? AUTH_MFA_MODAL_WIDTH : width }}>
        <AuthFlow config={config} headingId={headingId} onViewChange={onViewChange} />
      </div>
    </AuthSurface>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthPage
      initialView="login"
      container="login_page"
      width={AUTH_MODAL_WIDTH}
      title={t('header.logIn')}
    />
  );
}

/**
 * /add-account (auth.md §2; ADR 161): the login view with 'Have another account? Log in to easily
 * switch between them'; success keeps the current account in this browser and goes to
 * /{username} of the one just added.
 */
export function AddAccountPage() {
  const { t } = useTranslation();
  return (
    <AuthPage
      initialView="login"
      container="login_page"
      width={AUTH_MODAL_WIDTH}
      title={t('header.addAccountTitle')}
      isAccountSwitch
    />
  );
}

export function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthPage
      initialView="signup"
      container="login_page"
      width={AUTH_MODAL_WIDTH}
      title={t('header.signUp')}
    />
  );
}

export function BusinessLoginPage() {
  const { i18n } = useTranslation();
  // The title is auth copy: add the namespace before reading it (AuthSurface would, one level down).
  ensureAuthCatalogue(i18n);
  const { t } = useTranslation('auth');
  return (
    <AuthPage
      initialView="login"
      container="revamped_business_login_page"
      width={BUSINESS_LOGIN_WIDTH}
      title={t('business.title')}
    />
  );
}

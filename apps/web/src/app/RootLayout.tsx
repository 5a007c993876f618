import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AuthModalProvider } from '../features/auth/AuthModalProvider.tsx';
import { HeaderAuth } from '../features/auth/HeaderAuth.tsx';
import { BusinessBarSlot } from '../features/business/BusinessBarSlot.tsx';
import { HideAdButton } from '../features/business/HideAdButton.tsx';
import { PromotedPinTracker } from '../features/business/PromotedPinTracker.tsx';
import { isChromelessPath } from '@corkboard/shared/chromeless';
import { CardSaveButton } from '../features/save/SaveButton.tsx';
import { SaveFlowProvider } from '../features/save/SaveFlowProvider.tsx';
import { SearchBox } from '../features/search/SearchBox.tsx';
import { useSessionTracking } from '../features/session/useSessionTracking.ts';
import { WelcomeBackNotice } from '../features/session/WelcomeBackNotice.tsx';
import { Header } from '../ui/Header.tsx';
import { LoadingState } from '../ui/PageStates.tsx';
import { PinCardActionsProvider, type PinCardActionsRenderer } from '../ui/PinCardActions.tsx';
import { ScrollManager } from '../ui/ScrollManager.tsx';
import { useLayoutWidth } from '../ui/useLayoutWidth.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { PageError } from './PageError.tsx';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Every pin card's actions: its Save button (ui/ draws cards, the save feature acts on them), and
 * a promoted pin's impression and click tracking and its 'Hide ad' (the business feature).
 */
const renderCardActions: PinCardActionsRenderer = (pin, name) => (
  <>
    {pin.is_promoted || pin.earned_tracking_params ? <PromotedPinTracker pin={pin} /> : null}
    {pin.is_promoted ? <HideAdButton pin={pin} name={name} /> : null}
    <CardSaveButton pin={pin} name={name} />
  </>
);

/** Skip link, header and the page in `<main>`; pages load lazily inside the Suspense boundary. */
export function RootLayout() {
  const { t } = useTranslation();
  const layoutWidth = useLayoutWidth();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  useSessionTracking();

  // After moving to another page, put keyboard and screen-reader focus at the start of the new
  // content instead of leaving it on a link that no longer exists. Not on first load, and not
  // for query-only changes (tabs, sections) where focus should stay on the control used.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <AuthModalProvider>
      <SaveFlowProvider>
        <PinCardActionsProvider value={renderCardActions}>
          <div className="app" data-layout={layoutWidth}>
            <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
              {t('app.skipToContent')}
            </a>
            {/* The pin create pop-up and the mobile save pages bring their own header. */}
            {isChromelessPath(pathname) ? null : (
              <Header account={<HeaderAuth />} search={<SearchBox />} />
            )}
            {isChromelessPath(pathname) ? null : <BusinessBarSlot />}
            <WelcomeBackNotice />
            <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className="app__main">
              {/* Keyed by path: a failed page does not stay failed after navigating elsewhere. */}
              <ErrorBoundary key={pathname} fallback={<PageError />}>
                <Suspense fallback={<LoadingState />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </main>
            <ScrollManager />
          </div>
        </PinCardActionsProvider>
      </SaveFlowProvider>
    </AuthModalProvider>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useViewer } from '../session/hooks.ts';
import { awaitingSignedInViewer } from '../session/signedInRequest.ts';
import { useFollowingFeed, useHomeFeed } from './hooks.ts';

export const HOME_TAB_PARAM = 'tab';
/** The Following tab (issue 10): pins on followed boards and by followed people. */
export const FOLLOWING_TAB = 'following';

// The home banner placement (docs/decisions/081): its own chunk, asked for signed-in people only,
// so visitors' first home visit does not grow.
const HomeBanner = lazy(() =>
  import('../experiences/HomeBanner.tsx').then((module) => ({ default: module.HomeBanner })),
);

// The first-run tour placement (docs/decisions/082): the same, a dialog over the feed.
const FirstRunTour = lazy(() =>
  import('../experiences/FirstRunTour.tsx').then((module) => ({ default: module.FirstRunTour })),
);

// The visitors' image-visibility profiler and web-vitals (business.md §4.5, ADR 121): its own
// chunk with web-vitals, loaded after the page for signed-out visitors only.
const VisitorProfiler = lazy(() =>
  import('../performance/VisitorProfiler.tsx').then((module) => ({
    default: module.VisitorProfiler,
  })),
);

export function HomePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [params] = useSearchParams();
  useDocumentTitle(undefined);
  // Signed-in people choose between discovery and what they follow; visitors see discovery.
  const signedIn = Boolean(viewer.data);
  const following = signedIn && params.get(HOME_TAB_PARAM) === FOLLOWING_TAB;
  // A signed-in request gets its tabs in the first render, before /v3/users/me/ answers: drawn
  // later they would push the grid down by their height (ADR 215 addendum, cls13).
  const showTabs = signedIn || awaitingSignedInViewer(viewer.isPending);
  return (
    <>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      {viewer.data ? (
        <Suspense fallback={null}>
          <HomeBanner />
          <FirstRunTour />
        </Suspense>
      ) : null}
      {showTabs ? (
        <nav className="tabs" aria-label={t('home.tabsLabel')}>
          <Link
            to={{ search: '' }}
            className="tabs__tab"
            aria-current={following ? undefined : 'page'}
          >
            {t('home.forYouTab')}
          </Link>
          <Link
            to={{ search: `?${HOME_TAB_PARAM}=${FOLLOWING_TAB}` }}
            className="tabs__tab"
            aria-current={following ? 'page' : undefined}
          >
            {t('home.followingTab')}
          </Link>
        </nav>
      ) : null}
      {following ? <FollowingFeed /> : <DiscoveryFeed />}
      {viewer.isSuccess && !viewer.data ? (
        <Suspense fallback={null}>
          <VisitorProfiler />
        </Suspense>
      ) : null}
    </>
  );
}

function DiscoveryFeed() {
  const { t } = useTranslation();
  const feed = useHomeFeed();
  return (
    <PinGrid query={feed} emptyTitle={t('home.emptyTitle')} emptyMessage={t('home.emptyMessage')} />
  );
}

function FollowingFeed() {
  const { t } = useTranslation();
  const feed = useFollowingFeed();
  return (
    <PinGrid
      query={feed}
      emptyTitle={t('home.followingEmptyTitle')}
      emptyMessage={t('home.followingEmptyMessage')}
    />
  );
}

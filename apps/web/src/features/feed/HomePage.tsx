import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useViewer } from '../session/hooks.ts';
import { useHomeFeed } from './hooks.ts';

// The home banner placement (docs/decisions/081): its own chunk, asked for signed-in people only,
// so visitors' first home visit does not grow.
const HomeBanner = lazy(() =>
  import('../experiences/HomeBanner.tsx').then((module) => ({ default: module.HomeBanner })),
);

export function HomePage() {
  const { t } = useTranslation();
  const feed = useHomeFeed();
  const viewer = useViewer();
  useDocumentTitle(undefined);
  return (
    <>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      {viewer.data ? (
        <Suspense fallback={null}>
          <HomeBanner />
        </Suspense>
      ) : null}
      <PinGrid
        query={feed}
        emptyTitle={t('home.emptyTitle')}
        emptyMessage={t('home.emptyMessage')}
      />
    </>
  );
}

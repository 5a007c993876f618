import { useTranslation } from 'react-i18next';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useHomeFeed } from './hooks.ts';

export function HomePage() {
  const { t } = useTranslation();
  const feed = useHomeFeed();
  useDocumentTitle(undefined);
  return (
    <>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <PinGrid
        query={feed}
        emptyTitle={t('home.emptyTitle')}
        emptyMessage={t('home.emptyMessage')}
      />
    </>
  );
}

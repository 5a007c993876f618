import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/PageStates.tsx';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useSearchPins } from './hooks.ts';

export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  useDocumentTitle(query ? t('search.heading', { query }) : t('search.promptTitle'));
  if (!query) {
    return (
      <>
        <h1 className="visually-hidden">{t('search.promptTitle')}</h1>
        <EmptyState title={t('search.promptTitle')} message={t('search.promptMessage')} />
      </>
    );
  }
  return <SearchResults query={query} />;
}

function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const results = useSearchPins(query);
  return (
    <>
      <h1 className="heading heading--md section-heading">{t('search.heading', { query })}</h1>
      <PinGrid
        query={results}
        emptyTitle={t('search.emptyTitle', { query })}
        emptyMessage={t('search.emptyMessage')}
      />
    </>
  );
}

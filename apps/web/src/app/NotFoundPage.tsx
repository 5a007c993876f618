import { useTranslation } from 'react-i18next';
import { NotFoundState } from '../ui/PageStates.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.page'));
  return <NotFoundState title={t('notFound.page')} />;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The server injects the first title (with Open Graph tags); after client-side navigation the
 * page keeps it in step. Pass undefined for the plain product name.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const full = title ? t('app.pageTitle', { title }) : t('app.name');
  useEffect(() => {
    document.title = full;
  }, [full]);
}

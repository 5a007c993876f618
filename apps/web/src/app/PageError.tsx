import { useTranslation } from 'react-i18next';

/** Shown by the error boundary: the page's code failed; a reload fetches the current build. */
export function PageError() {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="alert">
      <h1 className="page-state__title">{t('state.errorTitle')}</h1>
      <p className="page-state__message">{t('state.errorMessage')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {t('state.reload')}
      </button>
    </div>
  );
}

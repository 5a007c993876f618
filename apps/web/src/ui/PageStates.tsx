// Loading, empty, error and not-found states shared by every page. Plain elements (no Gestalt):
// the loading state is the route-level Suspense fallback and ships in the first bundle.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="page-state page-state--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function LoadingState() {
  const { t } = useTranslation();
  return <Spinner label={t('state.loading')} />;
}

/** Grey blocks in the rough shape of a pin grid while the first page loads. */
export function GridSkeleton() {
  const { t } = useTranslation();
  const heights = [280, 360, 220, 320, 260, 380, 240, 300, 340, 230];
  return (
    <div className="grid-skeleton" role="status">
      <span className="visually-hidden">{t('state.loading')}</span>
      {heights.map((height, index) => (
        <div key={index} className="grid-skeleton__cell" style={{ height }} aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({ title, message }: { title: string; message?: string | undefined }) {
  return (
    <div className="page-state">
      <h2 className="page-state__title">{title}</h2>
      {message ? <p className="page-state__message">{message}</p> : null}
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="alert">
      <h2 className="page-state__title">{t('state.errorTitle')}</h2>
      <p className="page-state__message">{t('state.errorMessage')}</p>
      <button type="button" className="button button--primary" onClick={() => onRetry()}>
        {t('state.retry')}
      </button>
    </div>
  );
}

/** A 404: the page's main heading says what is missing, with a way back home. */
export function NotFoundState({ title, level = 1 }: { title: string; level?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="page-state">
      <Heading className="page-state__title">{title}</Heading>
      <p className="page-state__message">{t('notFound.message')}</p>
      <Link to="/" className="button button--secondary">
        {t('state.backHome')}
      </Link>
    </div>
  );
}

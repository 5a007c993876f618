import './forms.css';

/**
 * auth.md §2 "A loading overlay covers all requests": a translucent layer with a spinner over
 * the surface while a request runs. The surface sets aria-busy; the label is read once.
 */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="loading-overlay" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

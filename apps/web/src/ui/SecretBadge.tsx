import { useTranslation } from 'react-i18next';

/** Only owners (and collaborators) ever see a secret board, so this reminds them it is hidden. */
export function SecretBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge">
      <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false">
        <path
          d="M12 2a5 5 0 0 0-5 5v3H5v12h14V10h-2V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z"
          fill="currentColor"
        />
      </svg>
      {t('board.secret')}
    </span>
  );
}

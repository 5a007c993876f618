// The saved-confirmation overlay (saving.md §2.8): a message over the saved pin that dismisses
// itself after 2600 ms, different for a person's first save. Under prefers-reduced-motion it
// appears and goes without animation (the global reduced-motion rule).
import './save.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { SAVED_OVERLAY_MS } from './motion.ts';

export function SavedOverlay({ first }: { first: boolean }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), SAVED_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="saved-overlay" role="status" data-testid="saved-overlay">
      <span className="saved-overlay__message">
        {first ? t('saved.overlayFirst') : t('saved.overlay')}
      </span>
    </div>
  );
}

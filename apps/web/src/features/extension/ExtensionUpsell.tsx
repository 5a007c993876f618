// The browser-extension upsell modal (saving.md §2.8 "a default variant and a pin-builder
// variant. It replaces the success view when the extension is supported but not installed, a
// test flag is on, and the nag limits allow it"; docs/decisions/062). The pin-builder variant
// follows a save from the pin builder (/pin/create/create/), the default one any other create
// page. Dismissing it (Not now, ×, Esc) shows the success view it replaced.
// Through the experience platform (docs/decisions/083): showing it records a view of the
// experience its placement served, dismissing records the dismissal (the platform then serves it
// no more), and Get the extension records it completed.
import { PLACEMENT_IDS } from '@corkboard/shared/experiences/experiences';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import {
  recordCompleted,
  recordViewed,
  useDismissExperience,
  useExperiences,
} from '../experiences/hooks.ts';
import { Modal } from '../../ui/Modal.tsx';

export type ExtensionUpsellVariant = 'default' | 'pinBuilder';

/** The page that tells how to add the extension. */
export const EXTENSION_PAGE_PATH = '/extension/';
/** Not in the spec: the modal's width, as the pin-saved dialog's minimum (§9 500). */
export const EXTENSION_UPSELL_WIDTH = 500;

export function ExtensionUpsell({
  variant,
  onDismiss,
}: {
  variant: ExtensionUpsellVariant;
  onDismiss: () => void;
}) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const headingId = useId();
  const bodyId = useId();
  const placements = [PLACEMENT_IDS.extension_upsell];
  // The decision (useExtensionUpsellDecision) asked this already: read from the cache.
  const served = useExperiences(placements, 'pin_create').data?.experiences[
    String(PLACEMENT_IDS.extension_upsell)
  ];
  const placedId = served?.placed_experience_id ?? null;
  const dismissExperience = useDismissExperience(placements);
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current || placedId === null) return;
    recorded.current = true;
    recordViewed(placedId, 'pin_create').catch(() => undefined);
  }, [placedId]);
  const dismiss = () => {
    if (placedId !== null) dismissExperience.mutate(placedId);
    onDismiss();
  };
  return (
    <Modal
      labelledBy={headingId}
      describedBy={bodyId}
      onDismiss={dismiss}
      closeLabel={t('extensionUpsell.close')}
      width={EXTENSION_UPSELL_WIDTH}
    >
      <div className="stack" data-testid={`extension-upsell-${variant}`}>
        <h1 id={headingId} className="heading heading--md">
          {t(`extensionUpsell.${variant}.heading`)}
        </h1>
        <p id={bodyId} className="text">
          {t(`extensionUpsell.${variant}.body`)}
        </p>
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={dismiss}>
            {t('extensionUpsell.notNow')}
          </button>
          <Link
            to={EXTENSION_PAGE_PATH}
            className="button button--primary"
            target="_blank"
            rel="noopener"
            data-autofocus
            onClick={() => {
              if (placedId !== null) recordCompleted(placedId).catch(() => undefined);
            }}
          >
            {t('extensionUpsell.get')}{' '}
            <span className="visually-hidden">{t('saved.opensInNewTab')}</span>
          </Link>
        </div>
      </div>
    </Modal>
  );
}

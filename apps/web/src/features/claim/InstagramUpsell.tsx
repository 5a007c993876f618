// The Instagram upsell modal (saving.md §2.8): 'Now you can turn your Instagram posts into
// Pins', 'Connect now' → /settings/claim/; dismissable (× and Esc), not closed by a click
// outside. Through the experience platform (docs/decisions/129): showing it records a view (the
// platform then serves it no more: shown once), × / Esc record it dismissed, Connect now records
// it completed.
import { useQueryClient } from '@tanstack/react-query';
import { CLAIM_SETTINGS_PATH } from '@corkboard/shared/claim/claim';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { recordCompleted, recordViewed, useDismissExperience } from '../experiences/hooks.ts';
import { INSTAGRAM_UPSELL_PAGE, INSTAGRAM_UPSELL_PLACEMENTS } from './useInstagramUpsell.ts';

/** Not in the spec: the width of the extension upsell (ADR 062), the other saving upsell. */
export const INSTAGRAM_UPSELL_WIDTH = 500;

export function InstagramUpsell({
  placedId,
  onDismiss,
}: {
  placedId: string;
  onDismiss: () => void;
}) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const headingId = useId();
  const bodyId = useId();
  const queryClient = useQueryClient();
  const dismissExperience = useDismissExperience(INSTAGRAM_UPSELL_PLACEMENTS);
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    recordViewed(placedId, INSTAGRAM_UPSELL_PAGE)
      // Seen: the next save asks the platform again, which no longer serves it.
      .then(() =>
        queryClient.invalidateQueries({
          queryKey: queryKeys.experiences(INSTAGRAM_UPSELL_PLACEMENTS.join(',')),
        }),
      )
      .catch(() => undefined);
  }, [placedId, queryClient]);
  const dismiss = () => {
    dismissExperience.mutate(placedId);
    onDismiss();
  };
  return (
    <Modal
      labelledBy={headingId}
      describedBy={bodyId}
      onDismiss={dismiss}
      closeLabel={t('instagramUpsell.close')}
      closeOnOutsideClick={false}
      width={INSTAGRAM_UPSELL_WIDTH}
    >
      <div className="stack" data-testid="instagram-upsell">
        <h1 id={headingId} className="heading heading--md">
          {t('instagramUpsell.heading')}
        </h1>
        <p id={bodyId} className="text">
          {t('instagramUpsell.body')}
        </p>
        <div className="form-actions">
          <Link
            to={CLAIM_SETTINGS_PATH}
            className="button button--primary"
            data-autofocus
            onClick={() => {
              recordCompleted(placedId).catch(() => undefined);
            }}
          >
            {t('instagramUpsell.connect')}
          </Link>
        </div>
      </div>
    </Modal>
  );
}

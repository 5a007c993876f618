// The one "are you sure?" step before a delete (pins in Organise mode, a pin, a board): Cancel
// has the focus, so Enter never deletes by accident; nothing can be dismissed while it runs.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';

export function ConfirmDeleteDialog({
  title,
  body,
  confirmLabel,
  closeLabel,
  width,
  busy = false,
  onCancel,
  onConfirm,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  closeLabel: string;
  width: number;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation(ORGANISE_NAMESPACE);
  const headingId = useId();
  const bodyId = useId();
  return (
    <Modal
      labelledBy={headingId}
      describedBy={bodyId}
      onDismiss={busy ? undefined : onCancel}
      closeLabel={closeLabel}
      width={width}
    >
      <h2 id={headingId} className="heading heading--lg">
        {title}
      </h2>
      <p id={bodyId} className="text">
        {body}
      </p>
      <div className="organise__actions">
        <button
          type="button"
          className="button button--secondary"
          data-autofocus
          disabled={busy}
          onClick={onCancel}
        >
          {t('organise.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

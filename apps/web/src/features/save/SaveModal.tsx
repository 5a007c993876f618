// The save modal (saving.md §2.3): the save flow in a dialog labelled 'Repin modal', its content
// height min(90vh − 97px, 703px). Esc, the backdrop and the back arrow step back (create
// section → section list → board list → closed); the × closes it at once.
import './save.css';
import type { Pin } from '@corkboard/shared/api-types';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import type { SavedResult } from './saveFlow.ts';
import { SaveFlowView } from './SaveFlowView.tsx';
import { pickerContextOf, type SaveSource } from './saveSource.ts';
import { useSaveController } from './useSaveController.ts';

/** Not in the spec: the dialog's width (a picker row and its Save button fit). */
export const SAVE_MODAL_WIDTH = 440;

interface SaveModalProps {
  pin: Pin;
  onClose: () => void;
  onSaved: (result: SavedResult) => void;
  /** Rendered inside the dialog (the toast region: the page behind is inert). */
  children?: ReactNode;
}

export function SaveModal({ pin, onClose, onSaved, children }: SaveModalProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const labelId = useId();
  const headingId = useId();
  const source = useMemo<SaveSource>(() => ({ kind: 'repin', pin }), [pin]);
  const controller = useSaveController({
    source,
    surface: 'desktop',
    closeOnFailure: true,
    onSaved,
    onClose,
  });
  return (
    <Modal
      labelledBy={labelId}
      describedBy={headingId}
      width={SAVE_MODAL_WIDTH}
      onDismiss={controller.back}
    >
      {/* §2.3: the modal's accessibility label is 'Repin modal'; the step title describes it. */}
      <span id={labelId} hidden>
        {t('modal.label')}
      </span>
      <div className="save-modal">
        <SaveFlowView
          controller={controller}
          pickerContext={pickerContextOf(source)}
          headingId={headingId}
          onClose={onClose}
          isDesktop
        />
      </div>
      {children}
    </Modal>
  );
}

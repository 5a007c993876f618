// The add-section dialog (saving.md §2.7): titled 'Add section', with the board's image, a Name
// field, an Add button and a close button. Opened from a board page by its owner; lazily loaded
// with the saving chunk.
import './sections.css';
import type { BoardDetail } from '@corkboard/shared/api-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useCreateSection } from './hooks.ts';
import { SectionNameForm } from './SectionNameForm.tsx';

/** Not in the spec: the dialog's width. */
export const ADD_SECTION_DIALOG_WIDTH = 440;

interface AddSectionDialogProps {
  board: Pick<BoardDetail, 'id' | 'cover_images' | 'images_170x'>;
  onClose: () => void;
}

export function AddSectionDialog(props: AddSectionDialogProps) {
  const { i18n } = useTranslation();
  ensureSavingCatalogue(i18n);
  return <Dialog {...props} />;
}

function Dialog({ board, onClose }: AddSectionDialogProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const headingId = useId();
  const createSection = useCreateSection();
  return (
    <Modal
      labelledBy={headingId}
      width={ADD_SECTION_DIALOG_WIDTH}
      onDismiss={onClose}
      closeLabel={t('section.close')}
    >
      <div className="add-section">
        <h2 id={headingId} className="add-section__title">
          {t('section.addTitle')}
        </h2>
        <SectionNameForm
          thumbUrl={board.images_170x[0]?.url ?? board.cover_images[0]?.url ?? null}
          onSubmit={async (name) => {
            await createSection({ boardId: board.id, name });
            onClose();
          }}
        />
      </div>
    </Modal>
  );
}

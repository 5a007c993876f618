// Pin edit and delete (issue 10 "pin edit (title, description, link, board, section, alt text)
// and delete"; docs/decisions/057). The fields are checked with the shared rule before sending
// (the server checks again): a problem shows under its field, and so does a field the server
// names; any other refusal shows the server's sentence above the buttons. Delete asks first.
import type { Pin } from '@corkboard/shared/api-types';
import { pinEditOptionsSchema, type PinEditOptions } from '@corkboard/shared/saving/organise';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { internalPath } from '../../ui/links.ts';
import { usePickerBoards } from '../boards/hooks.ts';
import { useBoardSections } from '../sections/hooks.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { fieldErrorsOf, organiseErrorMessage, useDeletePin, useEditPin } from './hooks.ts';
import './organise.css';

/** Not in the spec: the edit and delete dialogs' width. */
export const PIN_EDIT_DIALOG_WIDTH = 520;

type Field = 'title' | 'description' | 'link' | 'alt_text';

interface Draft {
  title: string;
  description: string;
  link: string;
  alt_text: string;
  boardId: string;
  sectionId: string;
}

function draftOf(pin: Pin): Draft {
  return {
    title: pin.title,
    description: pin.description,
    link: pin.link ?? '',
    alt_text: pin.alt_text,
    boardId: pin.board.id,
    sectionId: pin.section?.id ?? '',
  };
}

/** The request: every text field as it stands, and the place. */
function optionsOf(pin: Pin, draft: Draft): PinEditOptions {
  return {
    id: pin.id,
    title: draft.title,
    description: draft.description,
    link: draft.link.trim() === '' ? null : draft.link,
    alt_text: draft.alt_text,
    board_id: draft.boardId,
    section_id: draft.sectionId === '' ? null : draft.sectionId,
  };
}

export function PinEditDialog({ pin, onClose }: { pin: Pin; onClose: () => void }) {
  const { t } = useTranslation(ORGANISE_NAMESPACE);
  const headingId = useId();
  const ids = {
    title: useId(),
    description: useId(),
    link: useId(),
    alt_text: useId(),
    board: useId(),
    section: useId(),
  };
  const [draft, setDraft] = useState(() => draftOf(pin));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const picker = usePickerBoards({ pinId: pin.id }, true);
  const sections = useBoardSections(draft.boardId);
  const editPin = useEditPin();
  const deletePin = useDeletePin();
  const navigate = useNavigate();
  // The pin's own board is always a choice, even before the picker has loaded it.
  const boards = picker.boards.some((board) => board.id === pin.board.id)
    ? picker.boards
    : [{ id: pin.board.id, name: pin.board.name }, ...picker.boards];

  function change(field: Field, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const options = optionsOf(pin, draft);
    const parsed = pinEditOptionsSchema.safeParse(options);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await editPin(options);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const known = (['title', 'description', 'link', 'alt_text'] as const).filter(
        (field) => fields[field] !== undefined,
      );
      if (known.length > 0) {
        setErrors(Object.fromEntries(known.map((field) => [field, fields[field]])));
      } else {
        setFailure(organiseErrorMessage(error, t('organise.error')));
      }
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await deletePin(pin.id);
      void navigate(internalPath(pin.board.url), { replace: true });
    } catch (error) {
      setConfirming(false);
      setFailure(organiseErrorMessage(error, t('organise.error')));
      setBusy(false);
    }
  }

  if (confirming) {
    return (
      <ConfirmDeleteDialog
        title={t('pinEdit.deleteTitle')}
        body={t('organise.deleteBody')}
        confirmLabel={t('organise.delete')}
        closeLabel={t('follow.close')}
        width={PIN_EDIT_DIALOG_WIDTH}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    );
  }

  // Limits are checked (and said) on save, not enforced by cutting what was typed.
  const textField = (field: Field, label: string, multiline = false) => {
    const error = errors[field];
    const errorId = `${ids[field]}-error`;
    const common = {
      id: ids[field],
      className: 'field__input',
      value: draft[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      disabled: busy,
    };
    return (
      <div className="pin-edit__field">
        <label htmlFor={ids[field]} className="organise__label">
          {label}
        </label>
        {multiline ? (
          <textarea {...common} rows={3} onChange={(event) => change(field, event.target.value)} />
        ) : (
          <input
            {...common}
            type={field === 'link' ? 'url' : 'text'}
            onChange={(event) => change(field, event.target.value)}
          />
        )}
        {error ? (
          <p id={errorId} className="organise__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Modal
      labelledBy={headingId}
      onDismiss={busy ? undefined : onClose}
      closeLabel={t('follow.close')}
      width={PIN_EDIT_DIALOG_WIDTH}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <h2 id={headingId} className="heading heading--lg">
          {t('pinEdit.title')}
        </h2>
        {textField('title', t('pinEdit.fieldTitle'))}
        {textField('description', t('pinEdit.fieldDescription'), true)}
        {textField('link', t('pinEdit.fieldLink'))}
        {textField('alt_text', t('pinEdit.fieldAltText'), true)}
        <label htmlFor={ids.board} className="organise__label">
          {t('organise.board')}
        </label>
        <select
          id={ids.board}
          className="organise__select"
          value={draft.boardId}
          disabled={busy}
          onChange={(event) =>
            setDraft((current) => ({ ...current, boardId: event.target.value, sectionId: '' }))
          }
        >
          {boards.map((board) => (
            <option key={board.id} value={board.id}>
              {board.name}
            </option>
          ))}
        </select>
        <label htmlFor={ids.section} className="organise__label">
          {t('organise.section')}
        </label>
        <select
          id={ids.section}
          className="organise__select"
          value={draft.sectionId}
          disabled={busy}
          onChange={(event) =>
            setDraft((current) => ({ ...current, sectionId: event.target.value }))
          }
        >
          <option value="">{t('organise.noSection')}</option>
          {draft.sectionId !== '' &&
          !(sections.data ?? []).some((section) => section.id === draft.sectionId) &&
          pin.section?.id === draft.sectionId ? (
            <option value={pin.section.id}>{pin.section.title}</option>
          ) : null}
          {(sections.data ?? []).map((section) => (
            <option key={section.id} value={section.id}>
              {section.title}
            </option>
          ))}
        </select>
        {failure ? (
          <p className="organise__error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="organise__actions pin-edit__actions">
          <button
            type="button"
            className="button button--secondary pin-edit__delete"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('organise.delete')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={busy}
          >
            {t('organise.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('pinEdit.saving') : t('pinEdit.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

// The owner's board edit (issue 10; docs/decisions/058): name (saving.md §5's rule and copy),
// description, the Secret switch (not for a protected board), the cover (a pin of the board, or
// its newest pin), the collaborators (remove one; ADR 125) — and Delete, which asks first. A
// rename moves the board to its new address.
import type { BoardDetail, Pin } from '@corkboard/shared/api-types';
import { validateBoardName, normalizeName } from '@corkboard/shared/saving/board-name';
import { boardEditOptionsSchema, type BoardEditOptions } from '@corkboard/shared/saving/organise';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenPages } from '../../api/lists.ts';
import { ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { internalPath, profilePath } from '../../ui/links.ts';
import { useBoardPins } from '../boards/hooks.ts';
import { fieldErrorsOf, organiseErrorMessage, useDeleteBoard, useEditBoard } from './hooks.ts';
import { CollaboratorList } from './CollaboratorList.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { PIN_EDIT_DIALOG_WIDTH } from './PinEditDialog.tsx';
import './organise.css';

type Field = 'name' | 'description';

function pinLabel(pin: Pin): string {
  return pin.title.trim() || pin.alt_text.trim() || pin.description.trim() || pin.id;
}

export function BoardEditDialog({ board, onClose }: { board: BoardDetail; onClose: () => void }) {
  const { t } = useTranslation(ORGANISE_NAMESPACE);
  const headingId = useId();
  const ids = { name: useId(), description: useId(), secret: useId(), cover: useId() };
  const [name, setName] = useState(board.name);
  const [description, setDescription] = useState(board.description);
  const [secret, setSecret] = useState(board.privacy === 'secret');
  const [cover, setCover] = useState(board.cover_pin?.id ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const pins = useBoardPins(board.id, undefined);
  const coverChoices = useMemo(() => flattenPages(pins.data), [pins.data]);
  const editBoard = useEditBoard();
  const deleteBoard = useDeleteBoard();
  const navigate = useNavigate();
  const isProtected = board.privacy === 'protected';

  async function save(event: FormEvent) {
    event.preventDefault();
    const nameError = validateBoardName(name);
    const options: BoardEditOptions = {
      board_id: board.id,
      name: normalizeName(name),
      description,
      ...(isProtected ? {} : { privacy: secret ? 'secret' : 'public' }),
      cover_pin_id: cover === '' ? null : cover,
    };
    const parsed = boardEditOptionsSchema.safeParse(options);
    if (nameError || !parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      if (nameError) found.name = nameError.message;
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'description') found.description ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const saved = await editBoard(options);
      onClose();
      if (saved.url !== board.url) void navigate(internalPath(saved.url), { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields['name'] !== undefined || fields['description'] !== undefined) {
        setErrors({ name: fields['name'], description: fields['description'] });
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
      await deleteBoard(board.id);
      void navigate(profilePath(board.owner.username), { replace: true });
    } catch (error) {
      setConfirming(false);
      setFailure(organiseErrorMessage(error, t('organise.error')));
      setBusy(false);
    }
  }

  if (confirming) {
    return (
      <ConfirmDeleteDialog
        title={t('boardEdit.deleteTitle', { name: board.name })}
        body={t('boardEdit.deleteBody', { count: board.pin_count })}
        confirmLabel={t('boardEdit.delete')}
        closeLabel={t('follow.close')}
        width={PIN_EDIT_DIALOG_WIDTH}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    );
  }

  const errorId = (field: Field) => `${ids[field]}-error`;
  const describedBy = (field: Field) => (errors[field] ? errorId(field) : undefined);

  return (
    <Modal
      labelledBy={headingId}
      onDismiss={busy ? undefined : onClose}
      closeLabel={t('follow.close')}
      width={PIN_EDIT_DIALOG_WIDTH}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <h2 id={headingId} className="heading heading--lg">
          {t('boardEdit.title')}
        </h2>
        <div className="pin-edit__field">
          <label htmlFor={ids.name} className="organise__label">
            {t('boardEdit.name')}
          </label>
          <input
            id={ids.name}
            className="field__input"
            value={name}
            disabled={busy}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => {
              setName(event.target.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
          />
          {errors.name ? (
            <p id={errorId('name')} className="organise__error">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div className="pin-edit__field">
          <label htmlFor={ids.description} className="organise__label">
            {t('boardEdit.description')}
          </label>
          <textarea
            id={ids.description}
            className="field__input"
            rows={3}
            value={description}
            disabled={busy}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
            onChange={(event) => {
              setDescription(event.target.value);
              setErrors((current) => ({ ...current, description: undefined }));
            }}
          />
          {errors.description ? (
            <p id={errorId('description')} className="organise__error">
              {errors.description}
            </p>
          ) : null}
        </div>
        {isProtected ? null : (
          <div className="switch-field">
            <div className="switch-field__text">
              <label htmlFor={ids.secret} className="switch-field__label">
                {t('boardEdit.secret')}
              </label>
            </div>
            <input
              id={ids.secret}
              type="checkbox"
              role="switch"
              className="switch"
              checked={secret}
              disabled={busy}
              onChange={(event) => setSecret(event.target.checked)}
            />
          </div>
        )}
        <label htmlFor={ids.cover} className="organise__label">
          {t('boardEdit.cover')}
        </label>
        <select
          id={ids.cover}
          className="organise__select"
          value={cover}
          disabled={busy}
          onChange={(event) => setCover(event.target.value)}
        >
          <option value="">{t('boardEdit.newestCover')}</option>
          {cover !== '' && !coverChoices.some((pin) => pin.id === cover) ? (
            <option value={cover}>{t('boardEdit.currentCover')}</option>
          ) : null}
          {coverChoices.map((pin) => (
            <option key={pin.id} value={pin.id}>
              {pinLabel(pin)}
            </option>
          ))}
        </select>
        <CollaboratorList boardId={board.id} canRemove />
        {failure ? (
          <p className="organise__error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="organise__actions">
          <button
            type="button"
            className="button button--secondary pin-edit__delete"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('boardEdit.delete')}
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

// Edit a board's sections (issue 10 "section rename, delete (pins stay on the board), reorder";
// docs/decisions/059): every row has Move up / Move down buttons (the order is kept by keyboard,
// not by drag), Rename (the section-name rule of saving.md §5, its error cleared on typing) and
// Delete, which asks first and says the pins stay on the board.
import type { BoardDetail, BoardSection } from '@corkboard/shared/api-types';
import { normalizeName, validateSectionName } from '@corkboard/shared/saving/board-name';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { fieldErrorsOf, organiseErrorMessage, useSectionEdits } from './hooks.ts';
import { PIN_EDIT_DIALOG_WIDTH } from './PinEditDialog.tsx';
import './organise.css';

type RowMode = { kind: 'view' } | { kind: 'rename' } | { kind: 'delete' };

export function SectionsDialog({ board, onClose }: { board: BoardDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const headingId = useId();
  const edits = useSectionEdits(board.id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  // The row and button a move came from: focus goes back to it in its new place.
  const [lastMove, setLastMove] = useState<{ id: string; up: boolean } | null>(null);
  // The order the server answered, at once: the next key press must not act on the old order
  // while the board refetches.
  const [order, setOrder] = useState<string[] | null>(null);
  const sections = useMemo(() => {
    if (order === null) return board.sections;
    const byId = new Map(board.sections.map((section) => [section.id, section]));
    const placed = order.flatMap((id) => byId.get(id) ?? []);
    return [...placed, ...board.sections.filter((section) => !order.includes(section.id))];
  }, [board.sections, order]);

  async function run(action: () => Promise<void>, done: string): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      setStatus(done);
      return true;
    } catch (error) {
      setFailure(organiseErrorMessage(error, t('organise.error')));
      throw error;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      labelledBy={headingId}
      onDismiss={busy ? undefined : onClose}
      closeLabel={t('follow.close')}
      width={PIN_EDIT_DIALOG_WIDTH}
    >
      <h2 id={headingId} className="heading heading--lg">
        {t('sections.title')}
      </h2>
      {sections.length === 0 ? <p className="text">{t('sections.empty')}</p> : null}
      <ol className="sections-edit__list">
        {sections.map((section, index) => (
          <SectionRow
            key={section.id}
            section={section}
            busy={busy}
            previousId={index >= 2 ? (sections[index - 2]?.id ?? null) : null}
            canMoveUp={index > 0}
            nextId={sections[index + 1]?.id ?? null}
            focusMove={lastMove?.id === section.id ? lastMove.up : null}
            onMove={(afterId, up) => {
              setLastMove({ id: section.id, up });
              return run(
                async () => setOrder(await edits.move(section.id, afterId)),
                t('sections.moved', { title: section.title }),
              ).catch(() => false);
            }}
            onRename={(name) =>
              run(() => edits.rename(section.id, name), t('sections.renamed', { title: name }))
            }
            onDelete={() =>
              run(
                () => edits.remove(section.id),
                t('sections.deleted', { title: section.title }),
              ).catch(() => false)
            }
          />
        ))}
      </ol>
      {failure ? (
        <p className="organise__error" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <div className="organise__actions">
        <button type="button" className="button button--primary" onClick={onClose} disabled={busy}>
          {t('organise.done')}
        </button>
      </div>
    </Modal>
  );
}

function SectionRow({
  section,
  busy,
  previousId,
  canMoveUp,
  nextId,
  focusMove,
  onMove,
  onRename,
  onDelete,
}: {
  section: BoardSection;
  busy: boolean;
  /** The section before the previous one: moving up puts this one right after it. */
  previousId: string | null;
  canMoveUp: boolean;
  nextId: string | null;
  /** This row was just moved (up: true, down: false): its button gets the focus back. */
  focusMove: boolean | null;
  onMove: (afterId: string | null, up: boolean) => Promise<boolean>;
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}) {
  const { t } = useTranslation(ORGANISE_NAMESPACE);
  const inputId = useId();
  const [mode, setMode] = useState<RowMode>({ kind: 'view' });
  const [name, setName] = useState(section.title);
  const [error, setError] = useState<string | null>(null);
  // Which section a button acts on, for screen readers (the visible text starts the name).
  const hidden = (
    <>
      {' '}
      <span className="visually-hidden">{section.title}</span>
    </>
  );
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusMove === null || busy) return;
    // At the top (or bottom) now: the other direction's button keeps the keyboard in the row.
    const wanted = focusMove ? upRef.current : downRef.current;
    const fallback = focusMove ? downRef.current : upRef.current;
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
  }, [focusMove, busy, canMoveUp, nextId]);
  useEffect(() => {
    if (mode.kind === 'rename') inputRef.current?.focus();
  }, [mode.kind]);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const problem = validateSectionName(name);
    if (problem) {
      setError(problem.message);
      return;
    }
    try {
      await onRename(normalizeName(name));
      setMode({ kind: 'view' });
    } catch (failure) {
      const field = fieldErrorsOf(failure)['name'];
      if (field) setError(field);
    }
  }

  if (mode.kind === 'rename') {
    return (
      <li className="sections-edit__row">
        <form className="sections-edit__rename" onSubmit={(event) => void rename(event)} noValidate>
          <label htmlFor={inputId} className="organise__label">
            {t('sections.nameOf', { title: section.title })}
          </label>
          <input
            id={inputId}
            className="field__input"
            value={name}
            ref={inputRef}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={`${inputId}-error`} className="organise__error">
              {error}
            </p>
          ) : null}
          <div className="organise__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => {
                setMode({ kind: 'view' });
                setName(section.title);
                setError(null);
              }}
            >
              {t('organise.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('pinEdit.save')}
            </button>
          </div>
        </form>
      </li>
    );
  }

  if (mode.kind === 'delete') {
    return (
      <li className="sections-edit__row">
        <p className="text">{t('sections.deleteQuestion', { title: section.title })}</p>
        <div className="organise__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setMode({ kind: 'view' })}
          >
            {t('organise.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void onDelete()}
          >
            {t('organise.delete')}
            {hidden}
          </button>
        </div>
      </li>
    );
  }

  return (
    <li className="sections-edit__row">
      <span className="sections-edit__title">{section.title}</span>
      <span className="sections-edit__count text--subtle">
        {t('sections.pins', { count: section.pin_count })}
      </span>
      <div className="sections-edit__buttons">
        <button
          ref={upRef}
          type="button"
          className="button button--secondary"
          disabled={!canMoveUp}
          onClick={() => {
            if (!busy) void onMove(previousId, true);
          }}
        >
          {t('sections.moveUp')}
          {hidden}
        </button>
        <button
          ref={downRef}
          type="button"
          className="button button--secondary"
          disabled={nextId === null}
          onClick={() => {
            if (!busy) void onMove(nextId, false);
          }}
        >
          {t('sections.moveDown')}
          {hidden}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => setMode({ kind: 'rename' })}
        >
          {t('sections.rename')}
          {hidden}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => setMode({ kind: 'delete' })}
        >
          {t('organise.delete')}
          {hidden}
        </button>
      </div>
    </li>
  );
}

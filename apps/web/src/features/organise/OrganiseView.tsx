// The board page's Organise mode (issue 10; saving.md §4, §7, §8): choose pins (click, Shift-click
// ranges, Select all), then move them to another board or section, or delete them. Both are
// optimistic — the pins leave this grid at once (and join the target's list) — and a failure
// puts them back and says why ('Please wait until the previous board action finishes.' for
// 2171–2173, else the server's message).
import type { BoardDetail, Pin } from '@corkboard/shared/api-types';
import { useId, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../api/lists.ts';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { ErrorState, GridSkeleton, Spinner } from '../../ui/PageStates.tsx';
import { useBoardPins, usePickerBoards } from '../boards/hooks.ts';
import { useBoardSections } from '../sections/hooks.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { organiseErrorMessage, useDeletePins, useMovePins, type Place } from './hooks.ts';
import {
  clickPin,
  EMPTY_SELECTION,
  isSelected,
  selectAll,
  selectedCount,
  type Selection,
} from './selection.ts';
import './organise.css';

/** Not in the spec: the move and delete dialogs' width. */
export const ORGANISE_DIALOG_WIDTH = 440;

export interface OrganiseViewProps {
  board: BoardDetail;
  sectionId: string | undefined;
  onDone: () => void;
}

export function OrganiseView({ board, sectionId, onDone }: OrganiseViewProps) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const pins = useBoardPins(board.id, sectionId);
  const loaded = useMemo(() => flattenPages(pins.data), [pins.data]);
  const order = useMemo(() => loaded.map((pin) => pin.id), [loaded]);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const source: Place = { boardId: board.id, sectionId: sectionId ?? null };
  const total =
    sectionId === undefined
      ? board.pin_count
      : (board.sections.find((section) => section.id === sectionId)?.pin_count ?? loaded.length);
  const count = selectedCount(selection, total);
  const move = useMovePins();
  const remove = useDeletePins();

  function choose(pin: Pin, event: MouseEvent) {
    setError(null);
    setSelection((current) => clickPin(current, order, pin.id, event.shiftKey));
  }

  async function run(action: () => Promise<unknown>, done: string) {
    setDialog(null);
    setError(null);
    const before = selection;
    setSelection(EMPTY_SELECTION);
    try {
      await action();
      setStatus(done);
    } catch (failure) {
      setSelection(before);
      setError(organiseErrorMessage(failure, t('organise.error')));
    }
  }

  const chosenLoaded = () => loaded.filter((pin) => isSelected(selection, pin.id));

  return (
    <section className="organise" aria-labelledby={`${board.id}-organise-heading`}>
      <h2 id={`${board.id}-organise-heading`} className="visually-hidden">
        {t('organise.gridLabel')}
      </h2>
      <div className="organise__bar">
        <p className="organise__count" aria-live="polite">
          {t('organise.selected', { count })}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setSelection(selectAll())}
        >
          {t('organise.selectAll')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={count === 0}
          onClick={() => setSelection(EMPTY_SELECTION)}
        >
          {t('organise.clear')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={count === 0}
          onClick={() => setDialog('move')}
        >
          {t('organise.move')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={count === 0}
          onClick={() => setDialog('delete')}
        >
          {t('organise.delete')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('organise.done')}
        </button>
      </div>
      <p className="text text--small text--subtle">{t('organise.hint')}</p>
      {error ? (
        <p className="organise__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {pins.isPending ? <GridSkeleton /> : null}
      {pins.isError && !pins.data ? <ErrorState onRetry={() => pins.refetch()} /> : null}
      <ul className="organise__grid">
        {loaded.map((pin) => (
          <li key={pin.id}>
            <button
              type="button"
              className="organise__pin"
              aria-pressed={isSelected(selection, pin.id)}
              onClick={(event) => choose(pin, event)}
            >
              <img
                src={pin.images['236x'].url}
                alt=""
                width={pin.images['236x'].width}
                height={pin.images['236x'].height}
                loading="lazy"
              />
              <span className="organise__title">{pin.title || pin.alt_text || pin.id}</span>
            </button>
          </li>
        ))}
      </ul>
      {pins.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={pins.isFetchingNextPage}
          onClick={() => void pins.fetchNextPage()}
        >
          {t('organise.more')}
        </button>
      ) : null}
      {dialog === 'move' ? (
        <MoveDialog
          count={count}
          onCancel={() => setDialog(null)}
          onMove={(target, targetBoard) => {
            const moved = chosenLoaded();
            void run(
              () => move(source, selection, moved, target, targetBoard),
              t('organise.moved', { count, board: targetBoard.name }),
            );
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDeleteDialog
          title={t('organise.deleteTitle', { count })}
          body={t('organise.deleteBody')}
          confirmLabel={t('organise.delete')}
          closeLabel={t('organise.cancel')}
          width={ORGANISE_DIALOG_WIDTH}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const doomed = chosenLoaded();
            void run(() => remove(source, selection, doomed), t('organise.deleted', { count }));
          }}
        />
      ) : null}
    </section>
  );
}

function MoveDialog({
  count,
  onCancel,
  onMove,
}: {
  count: number;
  onCancel: () => void;
  onMove: (target: Place, board: { name: string; url: string }) => void;
}) {
  const { t } = useTranslation(ORGANISE_NAMESPACE);
  const headingId = useId();
  const boardFieldId = useId();
  const sectionFieldId = useId();
  const picker = usePickerBoards({}, true);
  const [boardId, setBoardId] = useState<string | null>(null);
  const chosenBoard = picker.boards.find((board) => board.id === boardId) ?? picker.boards[0];
  const sections = useBoardSections(chosenBoard?.id ?? null);
  const [sectionId, setSectionId] = useState<string>('');
  return (
    <Modal
      labelledBy={headingId}
      onDismiss={onCancel}
      closeLabel={t('organise.cancel')}
      width={ORGANISE_DIALOG_WIDTH}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosenBoard) return;
          onMove(
            { boardId: chosenBoard.id, sectionId: sectionId === '' ? null : sectionId },
            { name: chosenBoard.name, url: chosenBoard.url },
          );
        }}
      >
        <h2 id={headingId} className="heading heading--lg">
          {t('organise.moveTitle', { count })}
        </h2>
        {picker.isPending ? <Spinner label={t('organise.loadingBoards')} /> : null}
        <label htmlFor={boardFieldId} className="organise__label">
          {t('organise.board')}
        </label>
        <select
          id={boardFieldId}
          className="organise__select"
          value={chosenBoard?.id ?? ''}
          data-autofocus
          onChange={(event) => {
            setBoardId(event.target.value);
            setSectionId('');
          }}
        >
          {picker.boards.map((board) => (
            <option key={board.id} value={board.id}>
              {board.name}
            </option>
          ))}
        </select>
        <label htmlFor={sectionFieldId} className="organise__label">
          {t('organise.section')}
        </label>
        <select
          id={sectionFieldId}
          className="organise__select"
          value={sectionId}
          onChange={(event) => setSectionId(event.target.value)}
        >
          <option value="">{t('organise.noSection')}</option>
          {(sections.data ?? []).map((section) => (
            <option key={section.id} value={section.id}>
              {section.title}
            </option>
          ))}
        </select>
        <div className="organise__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('organise.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!chosenBoard}>
            {t('organise.move')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

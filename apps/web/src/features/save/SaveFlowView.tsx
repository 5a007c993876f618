// The save flow's steps on screen (saving.md §2.3–§2.7): the board picker, the section picker,
// the create-board form, the create-section form and 'Board created', driven by the one save
// controller (useSaveController.ts). The save modal wraps it in a dialog; the pop-up create page
// shows it inline.
import './save.css';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { focusableElements } from '../../ui/Modal.tsx';
import { BoardPicker } from '../boards/BoardPicker.tsx';
import type { PickerPinContext } from '../boards/hooks.ts';
import { CreateBoardForm } from '../boards/CreateBoardForm.tsx';
import { boardCoverUrl } from '../boards/pickerRows.ts';
import { SectionNameForm } from '../sections/SectionNameForm.tsx';
import { SectionPicker } from '../sections/SectionPicker.tsx';
import { STEP_TITLE_KEYS } from './saveFlow.ts';
import type { SaveController } from './useSaveController.ts';

function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M17.28 24a2 2 0 0 1-1.41-.59L4.46 12 15.87.59a2 2 0 1 1 2.82 2.82L10.12 12l8.57 8.59A2 2 0 0 1 17.28 24"
        fill="currentColor"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="m15.18 12 7.16-7.16a2.25 2.25 0 1 0-3.18-3.18L12 8.82 4.84 1.66a2.25 2.25 0 1 0-3.18 3.18L8.82 12l-7.16 7.16a2.25 2.25 0 1 0 3.18 3.18L12 15.18l7.16 7.16a2.25 2.25 0 1 0 3.18-3.18z"
        fill="currentColor"
      />
    </svg>
  );
}

/** §2.3 "a success animation and the title 'Board created'". */
function BoardCreated({ board }: { board: PickerBoardItem | null }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  return (
    <div className="board-created" role="status">
      <span className="board-created__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
          <path
            className="board-created__check"
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      {board ? <p className="board-created__name">{board.name}</p> : null}
      <span className="visually-hidden">{t('picker.saved')}</span>
    </div>
  );
}

interface SaveFlowViewProps {
  controller: SaveController;
  /** What the picker knows of the pin (fixed while the flow is open: it keys the board query). */
  pickerContext: PickerPinContext;
  headingId: string;
  /** The title's element: h2 in a dialog, h1 where the flow is the page's subject. */
  headingLevel?: 1 | 2;
  /** The modal shows a close button; a page has none. */
  onClose?: (() => void) | undefined;
  isDesktop: boolean;
  /** Rendered under the steps (e.g. the toast region inside a dialog). */
  after?: ReactNode;
}

export function SaveFlowView({
  controller,
  pickerContext,
  headingId,
  headingLevel = 2,
  onClose,
  isDesktop,
  after,
}: SaveFlowViewProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const { state } = controller;
  const containerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);

  // A new step replaces what had focus: focus its first field (or its title) so keyboard and
  // screen-reader users continue there. Not on first render: the dialog or page does that.
  useLayoutEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    const container = containerRef.current;
    if (!container) return;
    const preferred = container.querySelector<HTMLElement>('[data-autofocus]');
    (preferred ?? headingRef.current ?? focusableElements(container)[0])?.focus();
  }, [state.step]);

  const showBack = state.step !== 'boards' && state.step !== 'boardCreated';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const board = state.board;

  let body: ReactNode;
  switch (state.step) {
    case 'boards':
      body = (
        <BoardPicker
          context={pickerContext}
          isDesktop={isDesktop}
          rows={state.rows}
          saving={state.saving}
          onChoose={controller.chooseBoard}
          onCreate={controller.openCreateBoard}
        />
      );
      break;
    case 'sections':
      body = board ? (
        <SectionPicker
          board={board}
          rows={state.rows}
          saving={state.saving}
          onChoose={controller.chooseSection}
          onAddSection={controller.openCreateSection}
        />
      ) : null;
      break;
    case 'createBoard':
      body = (
        <CreateBoardForm
          initialName={state.draftBoardName}
          advertiser={controller.advertiser}
          busy={state.saving}
          onCancel={controller.back}
          onCreate={controller.submitBoard}
        />
      );
      break;
    case 'createSection':
      body = (
        <SectionNameForm
          thumbUrl={board ? boardCoverUrl(board) : null}
          busy={state.saving}
          onSubmit={controller.submitSection}
        />
      );
      break;
    case 'boardCreated':
      body = <BoardCreated board={board} />;
      break;
  }

  return (
    <div ref={containerRef} className="save-flow" data-step={state.step}>
      <div className="save-flow__header">
        {showBack ? (
          <button
            type="button"
            className="icon-button save-flow__back"
            aria-label={t('modal.back')}
            onClick={controller.back}
            disabled={state.saving}
          >
            <BackIcon />
          </button>
        ) : null}
        <Heading id={headingId} ref={headingRef} tabIndex={-1} className="save-flow__title">
          {t(STEP_TITLE_KEYS[state.step])}
        </Heading>
        {onClose ? (
          <button
            type="button"
            className="icon-button save-flow__close"
            aria-label={t('modal.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
      <div className="save-flow__body">{body}</div>
      {after}
    </div>
  );
}

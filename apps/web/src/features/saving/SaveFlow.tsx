// The save flow's controller and its steps on screen (saving.md §2.3–§2.7): the board picker,
// the section picker, the create-board form, the create-section form and 'Board created'. The
// save modal wraps it in a dialog; the pop-up create page shows it inline.
import type { PickerBoardItem, PickerSectionItem, SavedPin } from '@corkboard/shared/saving/api';
import { useEffect, useLayoutEffect, useReducer, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusableElements } from '../../ui/Modal.tsx';
import { BoardPicker, boardCoverUrl } from './BoardPicker.tsx';
import { CreateBoardForm, type CreateBoardValues } from './CreateBoardForm.tsx';
import {
  useCreateBoardWithInvites,
  useCreateSection,
  useSavePin,
  type PickerPinContext,
  type SaveSource,
} from './hooks.ts';
import { useSaveFlow } from './SaveFlowProvider.tsx';
import {
  boardRowKey,
  choosesSection,
  INITIAL_SAVE_FLOW,
  saveFlowReducer,
  sectionRowKey,
  STEP_TITLE_KEYS,
  type SaveFlowState,
} from './saveFlow.ts';
import { SectionNameForm } from './SectionNameForm.tsx';
import { SectionPicker } from './SectionPicker.tsx';
import { SAVING_NAMESPACE } from './savingCatalogue.ts';
import { serverMessage } from './savingErrors.ts';
import { ERROR_TOAST_MS, useInviteFailedToast } from './SavingToasts.tsx';

/**
 * Not in the spec: how long a row shows 'Saved' before the flow resolves, so the state change
 * (§2.4 "the row shows loading, then saved") is seen and announced.
 */
export const SAVED_ROW_HOLD_MS = 600;
/** Not in the spec: how long 'Board created' and its animation show before the flow resolves. */
export const BOARD_CREATED_HOLD_MS = 1500;

export interface SavedResult {
  readonly pin: SavedPin;
  readonly board: PickerBoardItem;
  readonly section: PickerSectionItem | null;
}

interface ControllerOptions {
  readonly source: SaveSource;
  /** Acting for an advertiser (§6); never set until delegated business access exists. */
  readonly advertiserId?: string | undefined;
  /** §8: a failed save "closes the modal if the toggle handler exists". */
  readonly closeOnFailure: boolean;
  readonly onSaved: (result: SavedResult) => void;
  readonly onClose: () => void;
}

export interface SaveController {
  readonly state: SaveFlowState;
  readonly back: () => void;
  readonly chooseBoard: (board: PickerBoardItem) => void;
  readonly chooseSection: (section: PickerSectionItem | null) => void;
  readonly openCreateBoard: (name: string) => void;
  readonly openCreateSection: () => void;
  readonly submitBoard: (values: CreateBoardValues) => Promise<void>;
  readonly submitSection: (name: string) => Promise<void>;
  readonly advertiser: boolean;
}

export function useSaveController(options: ControllerOptions): SaveController {
  const [state, dispatch] = useReducer(saveFlowReducer, INITIAL_SAVE_FLOW);
  const savePin = useSavePin(options.source);
  const createBoard = useCreateBoardWithInvites();
  const inviteFailed = useInviteFailedToast();
  const createSection = useCreateSection();
  const { showToast } = useSaveFlow();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(holdTimer.current), []);

  const saveTo = async (
    board: PickerBoardItem,
    section: PickerSectionItem | null,
    newBoard: boolean,
  ): Promise<void> => {
    const rowKey = section ? sectionRowKey(section.id) : boardRowKey(board.id);
    dispatch({ type: 'saveStarted', rowKey, board });
    try {
      const pin = await savePin({ board, sectionId: section?.id ?? null });
      dispatch({ type: 'saveSucceeded', rowKey });
      holdTimer.current = setTimeout(
        () => latest.current.onSaved({ pin, board, section }),
        newBoard ? BOARD_CREATED_HOLD_MS : SAVED_ROW_HOLD_MS,
      );
    } catch (error) {
      dispatch({ type: 'saveFailed', rowKey });
      showToast({
        kind: 'error',
        message: serverMessage(error),
        fallback: 'generic',
        durationMs: ERROR_TOAST_MS,
      });
      if (latest.current.closeOnFailure) latest.current.onClose();
    }
  };

  return {
    state,
    advertiser: options.advertiserId !== undefined,
    back: () => {
      if (state.saving) return;
      if (state.step === 'boards') options.onClose();
      else if (state.step !== 'boardCreated') dispatch({ type: 'back' });
    },
    chooseBoard: (board) => {
      if (state.saving) return;
      if (choosesSection(board)) dispatch({ type: 'showSections', board });
      else void saveTo(board, null, false);
    },
    chooseSection: (section) => {
      if (state.saving || !state.board) return;
      void saveTo(state.board, section, state.createdBoard);
    },
    openCreateBoard: (name) => dispatch({ type: 'openCreateBoard', name }),
    openCreateSection: () => dispatch({ type: 'openCreateSection' }),
    submitBoard: async (values) => {
      // A failure here is the form's to show (§8); nothing else has happened yet.
      const { board, invitesFailed } = await createBoard({
        name: values.name,
        secret: values.secret,
        advertiserId: options.advertiserId,
        sectionName: values.sectionName,
        invites: values.invites,
      });
      if (invitesFailed) inviteFailed();
      dispatch({ type: 'boardCreated', board });
      if (!choosesSection(board)) await saveTo(board, null, true);
    },
    submitSection: async (name) => {
      const board = state.board;
      if (!board) return;
      const section = await createSection({ boardId: board.id, name });
      await saveTo(board, section, state.createdBoard);
    },
  };
}

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

export function pickerContextOf(source: SaveSource): PickerPinContext {
  if (source.kind === 'repin') return { pinId: source.pin.id };
  return {
    title: source.title || undefined,
    description: source.description || undefined,
    link: source.link ?? undefined,
  };
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

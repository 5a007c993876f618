// The one save controller (saving.md §2.2–§2.8, §4, §8): pick a board → (its sections) → save →
// success or failure, with creating a board or a section on the way. The save modal, the pop-up
// create page and the mobile create page all run it; they differ only in how they show it and
// in the surface's rules below. The steps themselves are the pure reducer in saveFlow.ts.
import { PLACEMENT_IDS } from '@corkboard/shared/experiences/experiences';
import type { PickerBoardItem, PickerSectionItem } from '@corkboard/shared/saving/api';
import { useEffect, useReducer, useRef } from 'react';
import { serverMessage } from '../../api/errorMessages.ts';
import type { CreateBoardValues } from '../boards/CreateBoardForm.tsx';
import { useCreateBoardWithInvites } from '../boards/hooks.ts';
import { boardRowKey, sectionRowKey } from '../boards/pickerRows.ts';
import { useTriggerPlacement } from '../experiences/hooks.ts';
import { useCreateSection } from '../sections/hooks.ts';
import { useSavePin } from './hooks.ts';
import {
  choosesSection,
  INITIAL_SAVE_FLOW,
  saveFlowReducer,
  type SavedResult,
  type SaveFlowState,
} from './saveFlow.ts';
import { useSaveFlow, type SavingToast } from './saveFlowContext.ts';
import type { SaveSource } from './saveSource.ts';
import {
  ERROR_TOAST_MS,
  MOBILE_SAVED_TOAST_MS,
  savedToast,
  SAVE_TOAST_MS,
  useInviteFailedToast,
} from './SavingToasts.tsx';

/**
 * Not in the spec: how long a row shows 'Saved' before the flow resolves, so the state change
 * (§2.4 "the row shows loading, then saved") is seen and announced.
 */
export const SAVED_ROW_HOLD_MS = 600;
/** Not in the spec: how long 'Board created' and its animation show before the flow resolves. */
export const BOARD_CREATED_HOLD_MS = 1500;

/**
 * Where the flow runs. 'desktop' (the save modal, the pop-up create page): a saved row or
 * 'Board created' holds before the surface moves on; save toasts last SAVE_TOAST_MS and a failure
 * shows the server's sentence (§8). 'mobile' (§2.2): the page goes back at once with a
 * MOBILE_SAVED_TOAST_MS toast; a failure says 'Sorry! Something went wrong on our end.' (§8).
 */
export type SaveSurface = 'desktop' | 'mobile';

export interface SaveControllerOptions {
  readonly source: SaveSource;
  readonly surface: SaveSurface;
  /** Acting for an advertiser (§6); never set until delegated business access exists. */
  readonly advertiserId?: string | undefined;
  /** §8: a failed save "closes the modal if the toggle handler exists". */
  readonly closeOnFailure: boolean;
  /** After the save toast is shown. */
  readonly onSaved: (result: SavedResult) => void;
  /** Back from the board list: the modal closes, the mobile page goes back. */
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

function failureToast(surface: SaveSurface, error: unknown): SavingToast {
  return surface === 'mobile'
    ? { kind: 'error', message: null, fallback: 'mobile', durationMs: MOBILE_SAVED_TOAST_MS }
    : {
        kind: 'error',
        message: serverMessage(error),
        fallback: 'generic',
        durationMs: ERROR_TOAST_MS,
      };
}

export function useSaveController(options: SaveControllerOptions): SaveController {
  const [state, dispatch] = useReducer(saveFlowReducer, INITIAL_SAVE_FLOW);
  const savePin = useSavePin(options.source);
  const createBoard = useCreateBoardWithInvites();
  const inviteFailed = useInviteFailedToast();
  const createSection = useCreateSection();
  const { showToast } = useSaveFlow();
  const triggerPlacement = useTriggerPlacement();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(holdTimer.current), []);

  const finish = (result: SavedResult) => {
    const { surface, onSaved } = latest.current;
    showToast(savedToast(result, surface === 'mobile' ? MOBILE_SAVED_TOAST_MS : SAVE_TOAST_MS));
    // The person's first save triggers the save tooltip (docs/decisions/083); a failure there
    // must not touch the save, which is done.
    if (result.pin.is_first_save && !result.pin.already_saved) {
      triggerPlacement(PLACEMENT_IDS.save_tooltip).catch(() => undefined);
    }
    onSaved(result);
  };

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
      const result = { pin, board, section };
      if (latest.current.surface === 'mobile') finish(result);
      else {
        holdTimer.current = setTimeout(
          () => finish(result),
          newBoard ? BOARD_CREATED_HOLD_MS : SAVED_ROW_HOLD_MS,
        );
      }
    } catch (error) {
      dispatch({ type: 'saveFailed', rowKey });
      showToast(failureToast(latest.current.surface, error));
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

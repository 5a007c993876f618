// The save flow's steps (saving.md §2.3, §4) as a pure reducer, shared by the save modal, the
// pop-up create page and (for its two lists) the mobile create page:
//   board list → (a board with sections) section list → create section;
//   board list → create board → (new board with sections) section list, else save at once;
//   back: create section → section list → board list → closed; create board → board list.
// Saving a pin to a board created in this flow ends on 'Board created' (§2.3).
import type { PickerBoardItem, PickerSectionItem, SavedPin } from '@corkboard/shared/saving/api';
import type { RowSaveState } from '../boards/pickerRows.ts';

export type SaveStep = 'boards' | 'sections' | 'createBoard' | 'createSection' | 'boardCreated';

export interface SaveFlowState {
  readonly step: SaveStep;
  /** The board whose sections are listed (sections, createSection, and while saving to it). */
  readonly board: PickerBoardItem | null;
  /** The name the create-board form starts with (the query, or a suggested name). */
  readonly draftBoardName: string;
  /** Per row (rowKey) save state; at most one row saves at a time. */
  readonly rows: Readonly<Record<string, RowSaveState>>;
  readonly saving: boolean;
  /** The target board was created in this flow: a successful save ends on 'Board created'. */
  readonly createdBoard: boolean;
  /** Back from the board list: the surface closes (the modal) or goes back (the mobile page). */
  readonly closed: boolean;
}

export type SaveFlowAction =
  | { readonly type: 'showSections'; readonly board: PickerBoardItem }
  | { readonly type: 'openCreateBoard'; readonly name: string }
  | { readonly type: 'openCreateSection' }
  | { readonly type: 'boardCreated'; readonly board: PickerBoardItem }
  | { readonly type: 'saveStarted'; readonly rowKey: string; readonly board: PickerBoardItem }
  | { readonly type: 'saveSucceeded'; readonly rowKey: string }
  | { readonly type: 'saveFailed'; readonly rowKey: string }
  | { readonly type: 'back' };

export const INITIAL_SAVE_FLOW: SaveFlowState = {
  step: 'boards',
  board: null,
  draftBoardName: '',
  rows: {},
  saving: false,
  createdBoard: false,
  closed: false,
};

/** §2.3: choosing a board with sections lists them; any other board is saved to at once. */
export function choosesSection(board: Pick<PickerBoardItem, 'section_count'>): boolean {
  return board.section_count > 0;
}

export function saveFlowReducer(state: SaveFlowState, action: SaveFlowAction): SaveFlowState {
  // While a save runs nothing else may start or navigate (§2.4 "the search and list are
  // disabled"); the save's own outcome is the only way out.
  if (
    state.saving &&
    action.type !== 'saveSucceeded' &&
    action.type !== 'saveFailed' &&
    action.type !== 'saveStarted'
  ) {
    return state;
  }
  switch (action.type) {
    case 'showSections':
      return { ...state, step: 'sections', board: action.board };
    case 'openCreateBoard':
      return { ...state, step: 'createBoard', draftBoardName: action.name };
    case 'openCreateSection':
      return state.board ? { ...state, step: 'createSection' } : state;
    case 'boardCreated':
      // A new board with sections opens the section picker instead of saving at once.
      return {
        ...state,
        createdBoard: true,
        board: action.board,
        step: choosesSection(action.board) ? 'sections' : state.step,
      };
    case 'saveStarted':
      if (state.saving) return state;
      return {
        ...state,
        saving: true,
        board: action.board,
        rows: { [action.rowKey]: 'loading' },
      };
    case 'saveSucceeded':
      return {
        ...state,
        saving: false,
        rows: { [action.rowKey]: 'saved' },
        step: state.createdBoard ? 'boardCreated' : state.step,
      };
    case 'saveFailed':
      return { ...state, saving: false, rows: {} };
    case 'back':
      return back(state);
  }
}

function back(state: SaveFlowState): SaveFlowState {
  switch (state.step) {
    case 'createSection':
      return { ...state, step: 'sections' };
    case 'sections':
      return { ...state, step: 'boards', board: null, createdBoard: false, rows: {} };
    case 'createBoard':
      return { ...state, step: 'boards', draftBoardName: '' };
    case 'boards':
    case 'boardCreated':
      return { ...state, closed: true };
  }
}

/** The i18n key of each step's title (§2.3). */
export const STEP_TITLE_KEYS = {
  boards: 'modal.titles.boards',
  sections: 'modal.titles.sections',
  createBoard: 'modal.titles.createBoard',
  createSection: 'modal.titles.createSection',
  boardCreated: 'modal.titles.boardCreated',
} as const satisfies Record<SaveStep, string>;

/** A section the flow saved into, as the pin-saved dialog names it. */
export interface SaveTarget {
  readonly board: PickerBoardItem;
  readonly section: PickerSectionItem | null;
}

/** A finished save: the saved pin and where it went. */
export interface SavedResult extends SaveTarget {
  readonly pin: SavedPin;
}

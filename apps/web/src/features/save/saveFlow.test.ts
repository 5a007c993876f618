import { describe, expect, test } from 'vitest';
import en from '../../i18n/locales/saving/en.json';
import { makePickerBoard } from '../../test/fixtures.ts';
import { boardRowKey, sectionRowKey } from '../boards/pickerRows.ts';
import {
  INITIAL_SAVE_FLOW,
  saveFlowReducer,
  STEP_TITLE_KEYS,
  type SaveFlowAction,
  type SaveFlowState,
} from './saveFlow.ts';

const plain = makePickerBoard('1', { name: 'Recipes', section_count: 0 });
const sectioned = makePickerBoard('2', { name: 'Garden', section_count: 2 });

function run(actions: SaveFlowAction[], from: SaveFlowState = INITIAL_SAVE_FLOW): SaveFlowState {
  return actions.reduce(saveFlowReducer, from);
}

describe('save flow steps (saving.md §2.3)', () => {
  test('board list → section list → create section, and back the same way', () => {
    const inSections = run([{ type: 'showSections', board: sectioned }]);
    expect(inSections).toMatchObject({ step: 'sections', board: sectioned });
    const creating = run([{ type: 'openCreateSection' }], inSections);
    expect(creating.step).toBe('createSection');
    const backOnce = run([{ type: 'back' }], creating);
    expect(backOnce).toMatchObject({ step: 'sections', board: sectioned });
    const backTwice = run([{ type: 'back' }], backOnce);
    expect(backTwice).toMatchObject({ step: 'boards', board: null, closed: false });
    expect(run([{ type: 'back' }], backTwice).closed).toBe(true);
  });

  test('board list → create board starts from the given name; back returns to the list', () => {
    const creating = run([{ type: 'openCreateBoard', name: 'Weeknight dinners' }]);
    expect(creating).toMatchObject({ step: 'createBoard', draftBoardName: 'Weeknight dinners' });
    expect(run([{ type: 'back' }], creating)).toMatchObject({ step: 'boards', draftBoardName: '' });
  });

  test('create section needs a board', () => {
    expect(run([{ type: 'openCreateSection' }]).step).toBe('boards');
  });

  test('a new board with sections opens the section picker instead of saving', () => {
    const state = run([
      { type: 'openCreateBoard', name: 'Garden' },
      { type: 'boardCreated', board: sectioned },
    ]);
    expect(state).toMatchObject({ step: 'sections', board: sectioned, createdBoard: true });
  });

  test('saving to a new board ends on Board created', () => {
    const key = boardRowKey(plain.id);
    const state = run([
      { type: 'openCreateBoard', name: 'Recipes' },
      { type: 'boardCreated', board: plain },
      { type: 'saveStarted', rowKey: key, board: plain },
      { type: 'saveSucceeded', rowKey: key },
    ]);
    expect(state.step).toBe('boardCreated');
    expect(en.modal.titles[state.step]).toBe('Board created');
  });

  test('saving to an existing board stays on its step with the row saved', () => {
    const key = boardRowKey(plain.id);
    const loading = run([{ type: 'saveStarted', rowKey: key, board: plain }]);
    expect(loading).toMatchObject({ saving: true, rows: { [key]: 'loading' } });
    const done = run([{ type: 'saveSucceeded', rowKey: key }], loading);
    expect(done).toMatchObject({ step: 'boards', saving: false, rows: { [key]: 'saved' } });
  });

  test('a failed save returns the row to nothing (§4)', () => {
    const key = sectionRowKey('9');
    const state = run([
      { type: 'showSections', board: sectioned },
      { type: 'saveStarted', rowKey: key, board: sectioned },
      { type: 'saveFailed', rowKey: key },
    ]);
    expect(state).toMatchObject({ step: 'sections', saving: false, rows: {} });
  });

  test('nothing else happens while a save runs', () => {
    const key = boardRowKey(plain.id);
    const loading = run([{ type: 'saveStarted', rowKey: key, board: plain }]);
    for (const action of [
      { type: 'back' },
      { type: 'showSections', board: sectioned },
      { type: 'openCreateBoard', name: 'x' },
      { type: 'saveStarted', rowKey: boardRowKey('other'), board: sectioned },
    ] satisfies SaveFlowAction[]) {
      expect(saveFlowReducer(loading, action)).toBe(loading);
    }
  });

  test('every step has its title from the spec', () => {
    expect(
      Object.keys(STEP_TITLE_KEYS).map(
        (step) => en.modal.titles[step as keyof typeof en.modal.titles],
      ),
    ).toEqual([
      'Choose board',
      'Choose section',
      'Create board',
      'Create section',
      'Board created',
    ]);
  });
});

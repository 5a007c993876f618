import { describe, expect, test } from 'vitest';
import { keepActive, PICKER_PAGE_STEP, pickerKeyOutcome } from './pickerNavigation.ts';

// 'Top choices' (2 rows), 'All boards' (3 rows), then the create row: one sequence.
const keys = ['top:1', 'top:2', 'all:1', 'all:2', 'all:3', 'create'];

describe('picker keyboard navigation (saving.md §2.4)', () => {
  test('ArrowDown from the search box highlights the first row, then moves across sections', () => {
    let active: string | null = null;
    const seen: (string | null)[] = [];
    for (let step = 0; step < keys.length + 1; step += 1) {
      const outcome = pickerKeyOutcome('ArrowDown', { keys, activeKey: active, inTextField: true });
      expect(outcome?.kind).toBe('move');
      active = outcome?.kind === 'move' ? outcome.key : null;
      seen.push(active);
    }
    // Forward through both groups into the create row, and it stays on the last row.
    expect(seen).toEqual([...keys, 'create']);
  });

  test('ArrowUp moves back across sections and hands the highlight back to the search box', () => {
    expect(pickerKeyOutcome('ArrowUp', { keys, activeKey: 'all:1', inTextField: true })).toEqual({
      kind: 'move',
      key: 'top:2',
    });
    expect(pickerKeyOutcome('ArrowUp', { keys, activeKey: 'top:1', inTextField: true })).toEqual({
      kind: 'move',
      key: null,
    });
    // A listbox with focus keeps its first row highlighted.
    expect(pickerKeyOutcome('ArrowUp', { keys, activeKey: 'top:1', inTextField: false })).toEqual({
      kind: 'move',
      key: 'top:1',
    });
    expect(pickerKeyOutcome('ArrowUp', { keys, activeKey: null, inTextField: true })).toBeNull();
  });

  test('Enter selects the highlighted row; with none, the search box creates a board', () => {
    expect(pickerKeyOutcome('Enter', { keys, activeKey: 'all:2', inTextField: true })).toEqual({
      kind: 'select',
      key: 'all:2',
    });
    expect(pickerKeyOutcome('Enter', { keys, activeKey: null, inTextField: true })).toEqual({
      kind: 'create',
    });
    expect(pickerKeyOutcome('Enter', { keys, activeKey: null, inTextField: false })).toBeNull();
  });

  test('Space selects in a listbox but types a space in the search box', () => {
    expect(pickerKeyOutcome(' ', { keys, activeKey: 'all:2', inTextField: false })).toEqual({
      kind: 'select',
      key: 'all:2',
    });
    expect(pickerKeyOutcome(' ', { keys, activeKey: 'all:2', inTextField: true })).toBeNull();
  });

  test('Home and End jump in a listbox; in the search box they move the caret', () => {
    expect(pickerKeyOutcome('Home', { keys, activeKey: 'all:2', inTextField: false })).toEqual({
      kind: 'move',
      key: 'top:1',
    });
    expect(pickerKeyOutcome('End', { keys, activeKey: null, inTextField: false })).toEqual({
      kind: 'move',
      key: 'create',
    });
    expect(pickerKeyOutcome('Home', { keys, activeKey: 'all:2', inTextField: true })).toBeNull();
  });

  test('PageDown and PageUp move by a page and stop at the ends', () => {
    const many = Array.from({ length: 20 }, (_, index) => `all:${index}`);
    expect(
      pickerKeyOutcome('PageDown', { keys: many, activeKey: 'all:0', inTextField: true }),
    ).toEqual({
      kind: 'move',
      key: `all:${PICKER_PAGE_STEP}`,
    });
    expect(
      pickerKeyOutcome('PageDown', { keys: many, activeKey: 'all:18', inTextField: true }),
    ).toEqual({
      kind: 'move',
      key: 'all:19',
    });
    expect(
      pickerKeyOutcome('PageUp', { keys: many, activeKey: 'all:3', inTextField: true }),
    ).toEqual({
      kind: 'move',
      key: 'all:0',
    });
  });

  test('a highlight on a row that filtering removed is dropped', () => {
    expect(keepActive(keys, 'all:9')).toBeNull();
    expect(keepActive(keys, 'all:2')).toBe('all:2');
    expect(pickerKeyOutcome('Enter', { keys, activeKey: 'all:9', inTextField: true })).toEqual({
      kind: 'create',
    });
  });

  test('other keys are left to the browser', () => {
    expect(pickerKeyOutcome('a', { keys, activeKey: 'all:1', inTextField: true })).toBeNull();
    expect(pickerKeyOutcome('Tab', { keys, activeKey: 'all:1', inTextField: false })).toBeNull();
    expect(
      pickerKeyOutcome('ArrowDown', { keys: [], activeKey: null, inTextField: true }),
    ).toBeNull();
  });
});

import { describe, expect, test } from 'vitest';
import {
  chosenAmong,
  clickPin,
  EMPTY_SELECTION,
  isSelected,
  selectAll,
  selectedCount,
} from './selection.ts';

const order = ['1', '2', '3', '4', '5'];

describe('organise selection', () => {
  test('a click toggles one pin', () => {
    const one = clickPin(EMPTY_SELECTION, order, '2', false);
    expect(chosenAmong(one, order)).toEqual(['2']);
    expect(chosenAmong(clickPin(one, order, '2', false), order)).toEqual([]);
  });

  test('shift-click chooses the range from the last clicked pin, either direction', () => {
    const anchored = clickPin(EMPTY_SELECTION, order, '2', false);
    expect(chosenAmong(clickPin(anchored, order, '4', true), order)).toEqual(['2', '3', '4']);
    const backwards = clickPin(EMPTY_SELECTION, order, '4', false);
    expect(chosenAmong(clickPin(backwards, order, '1', true), order)).toEqual(['1', '2', '3', '4']);
  });

  test('shift-click from an unchosen anchor clears the range', () => {
    let selection = selectAll();
    selection = clickPin(selection, order, '2', false); // 2 unchosen, anchor 2
    selection = clickPin(selection, order, '4', true);
    expect(chosenAmong(selection, order)).toEqual(['1', '5']);
  });

  test('select all counts pins not loaded yet and lists the exceptions', () => {
    const all = clickPin(selectAll(), order, '3', false);
    expect(isSelected(all, '99')).toBe(true);
    expect(isSelected(all, '3')).toBe(false);
    expect(selectedCount(all, 40)).toBe(39);
    expect([...all.ids]).toEqual(['3']);
  });
});

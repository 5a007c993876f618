import { describe, expect, it } from 'vitest';
import {
  afterIdOf,
  moveTo,
  reorderCommand,
  reorderStep,
  type ReorderCommand,
  type ReorderState,
} from './reorder.ts';

function press(state: ReorderState, id: string, ...keys: string[]) {
  let current = state;
  const steps = [];
  for (const key of keys) {
    const command = reorderCommand(key) as ReorderCommand;
    const step = reorderStep(current, id, command);
    steps.push(step);
    current = step.state;
  }
  return { state: current, steps, last: steps.at(-1) };
}

const start: ReorderState = { order: ['a', 'b', 'c', 'd'], picked: null };

describe('keyboard reordering', () => {
  it('picks up with Space, moves with the arrows and drops with Enter, sending one move', () => {
    const { state, steps, last } = press(start, 'a', ' ', 'ArrowRight', 'ArrowDown', 'Enter');
    expect(state).toEqual({ order: ['b', 'c', 'a', 'd'], picked: null });
    expect(steps.map((step) => step.announcement)).toEqual([
      { kind: 'picked', id: 'a', position: 1, total: 4 },
      { kind: 'moved', id: 'a', position: 2, total: 4 },
      { kind: 'moved', id: 'a', position: 3, total: 4 },
      { kind: 'dropped', id: 'a', position: 3, total: 4 },
    ]);
    expect(steps.slice(0, 3).every((step) => step.move === null)).toBe(true);
    expect(last?.move).toEqual({ id: 'a', afterId: 'c' });
  });

  it('moves to the first place with Home (after: null) and the last with End', () => {
    expect(press(start, 'c', 'Enter', 'Home', ' ').last?.move).toEqual({
      id: 'c',
      afterId: null,
    });
    expect(press(start, 'a', 'Enter', 'End', ' ').last?.move).toEqual({ id: 'a', afterId: 'd' });
  });

  it('puts the item back with Escape and sends nothing', () => {
    const { state, last } = press(start, 'b', ' ', 'ArrowUp', 'Escape');
    expect(state).toEqual(start);
    expect(last).toMatchObject({
      announcement: { kind: 'cancelled', id: 'b', position: 2, total: 4 },
      move: null,
    });
  });

  it('sends nothing when the item is dropped where it was', () => {
    const { last } = press(start, 'b', ' ', 'ArrowRight', 'ArrowLeft', ' ');
    expect(last?.move).toBeNull();
    expect(last?.announcement).toMatchObject({ kind: 'dropped', position: 2 });
  });

  it('ignores arrows before a pick-up, moves past the ends, and keys that are not its own', () => {
    expect(press(start, 'a', 'ArrowRight').state).toBe(start);
    const picked = press(start, 'a', ' ').state;
    expect(press(picked, 'a', 'ArrowLeft').last?.announcement).toBeNull();
    expect(reorderCommand('Tab')).toBeNull();
    expect(reorderCommand('a')).toBeNull();
  });

  it('moves an item and names its neighbour before', () => {
    expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'a', 99)).toEqual(['b', 'c', 'a']);
    expect(afterIdOf(['a', 'b', 'c'], 'b')).toBe('a');
    expect(afterIdOf(['a', 'b', 'c'], 'a')).toBeNull();
  });
});

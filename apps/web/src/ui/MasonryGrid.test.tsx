// The pin grid places its first cards before the first paint and the rest a few per task, each
// task sized to a time budget from what the last one cost, so no task after the first paint is
// long (docs/decisions/198, 204, 216). The card images use one `sizes` string for every layout,
// the one the server's preload hints use.
import { act, render } from '@testing-library/react';
import { GRID_IMAGE_SIZES } from '@corkboard/shared/layout';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  GRID_FIRST_BATCH_SIZE,
  GRID_LATER_BATCH_SIZE,
  GRID_MAX_LATER_BATCH_SIZE,
  GRID_TASK_BUDGET_MS,
  nextBatchSize,
} from './gridBatches.ts';
import { gridLayoutFor } from './gridLayout.ts';
import { MasonryGrid } from './MasonryGrid.tsx';

interface Item {
  id: string;
}

const items: Item[] = Array.from({ length: 13 }, (_, i) => ({ id: String(i + 1) }));
const renderItem = (item: Item) => <p>card {item.id}</p>;
const itemKey = (item: Item) => item.id;

const placed = (container: HTMLElement) => container.querySelectorAll('[data-grid-item]').length;
const drawn = (container: HTMLElement) => container.querySelectorAll('[role="listitem"]').length;

let clock: { mockRestore(): void } | undefined;

/** Every read of the clock moves it on by `step` ms: each batch then "costs" that much. */
function clockStepping(step: number) {
  let now = 0;
  clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += step));
}

/** Runs the grid's next task and gives the number of cards placed after it. */
function nextTask(container: HTMLElement): number {
  act(() => {
    vi.advanceTimersToNextTimer();
  });
  return placed(container);
}

function renderGrid(firstBatch?: number) {
  return render(
    <MasonryGrid
      items={items}
      itemKey={itemKey}
      layout={gridLayoutFor('narrow')}
      renderItem={renderItem}
      firstBatch={firstBatch}
    />,
  );
}

describe('MasonryGrid', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    clock?.mockRestore();
    clock = undefined;
  });

  test('places a small first batch at once, then one card per task while cards are slow', () => {
    // Each batch takes the whole budget: a card per task, never more.
    clockStepping(GRID_TASK_BUDGET_MS);
    const { container } = renderGrid();
    expect(placed(container)).toBe(GRID_FIRST_BATCH_SIZE);
    // Nothing beyond the first batch is rendered before the next task.
    expect(drawn(container)).toBe(GRID_FIRST_BATCH_SIZE);

    let expected = GRID_FIRST_BATCH_SIZE;
    while (expected < items.length) {
      expected += 1;
      expect(nextTask(container)).toBe(expected);
      expect(drawn(container)).toBe(expected);
    }
    // Every card placed, in order, and no further task waiting.
    expect(vi.getTimerCount()).toBe(0);
    expect(container.textContent).toBe(items.map((item) => `card ${item.id}`).join(''));
  });

  test('places more cards per task when the last ones were cheap, up to the cap', () => {
    // A batch costs an eighth of the budget whatever its size: each next batch doubles.
    clockStepping(GRID_TASK_BUDGET_MS / 8);
    const { container } = renderGrid();
    const sizes: number[] = [];
    let before = placed(container);
    while (vi.getTimerCount() > 0) {
      const after = nextTask(container);
      sizes.push(after - before);
      before = after;
    }
    expect(before).toBe(items.length);
    // 4 first, then 1, 2, 4 and the last 2 of 13 (capped by what is left).
    expect(sizes).toEqual([1, 2, 4, 2]);
    expect(container.textContent).toBe(items.map((item) => `card ${item.id}`).join(''));
  });

  test('a grid below the first screen places only one card in its first task', () => {
    clockStepping(GRID_TASK_BUDGET_MS);
    const { container } = renderGrid(GRID_LATER_BATCH_SIZE);
    expect(placed(container)).toBe(1);
    expect(drawn(container)).toBe(1);
    expect(nextTask(container)).toBe(2);
    // The rest follow a batch per task, as in any grid.
    while (vi.getTimerCount() > 0) nextTask(container);
    expect(placed(container)).toBe(items.length);
  });
});

describe('nextBatchSize', () => {
  test('fits the next batch into the time budget at the last cost per card', () => {
    // 2 cards in 4 ms: 2 ms a card, 4 fit in 8 ms.
    expect(nextBatchSize(2, 4)).toBe(4);
    // 4 cards in 12 ms: 3 ms a card, 2 fit.
    expect(nextBatchSize(4, 12)).toBe(2);
    // One card over the budget: still one card, never none.
    expect(nextBatchSize(1, 40)).toBe(GRID_LATER_BATCH_SIZE);
    expect(GRID_LATER_BATCH_SIZE).toBe(1);
  });

  test('at most doubles, and never passes the cap', () => {
    expect(nextBatchSize(1, 0.1)).toBe(2);
    expect(nextBatchSize(1, 0)).toBe(2);
    expect(nextBatchSize(GRID_MAX_LATER_BATCH_SIZE, 0)).toBe(GRID_MAX_LATER_BATCH_SIZE);
    expect(nextBatchSize(100, 0)).toBe(GRID_MAX_LATER_BATCH_SIZE);
  });

  test('keeps the first batch small: fewer cards than a phone first screen of the old eight', () => {
    expect(GRID_FIRST_BATCH_SIZE).toBeLessThan(8);
    expect(GRID_FIRST_BATCH_SIZE).toBeGreaterThanOrEqual(GRID_LATER_BATCH_SIZE);
  });
});

describe('gridLayoutFor', () => {
  test('gives the card images one sizes string for every layout, the preload hints’ own', () => {
    for (const width of ['narrow', 'medium', 'wide'] as const) {
      expect(gridLayoutFor(width).imageDisplayWidth).toBe(GRID_IMAGE_SIZES);
    }
    expect(GRID_IMAGE_SIZES).toBe('(max-width: 869px) 50vw, 236px');
  });
});

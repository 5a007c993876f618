// The pin grid places its first screen of cards before the first paint and the rest a few per
// task, so no task after the first paint is long (docs/decisions/198, 204). The card images use
// one `sizes` string for every layout, the one the server's preload hints use.
import { act, render } from '@testing-library/react';
import { GRID_IMAGE_SIZES } from '@corkboard/shared/layout';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { gridLayoutFor } from './gridLayout.ts';
import { GRID_BATCH_SIZE, GRID_LATER_BATCH_SIZE, MasonryGrid } from './MasonryGrid.tsx';

interface Item {
  id: string;
}

const items: Item[] = Array.from({ length: 13 }, (_, i) => ({ id: String(i + 1) }));
const renderItem = (item: Item) => <p>card {item.id}</p>;
const itemKey = (item: Item) => item.id;

const placed = (container: HTMLElement) => container.querySelectorAll('[data-grid-item]').length;
const drawn = (container: HTMLElement) => container.querySelectorAll('[role="listitem"]').length;

describe('MasonryGrid', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('places the first batch at once, then the rest a few cards per task', () => {
    const { container } = render(
      <MasonryGrid
        items={items}
        itemKey={itemKey}
        layout={gridLayoutFor('narrow')}
        renderItem={renderItem}
      />,
    );
    expect(placed(container)).toBe(GRID_BATCH_SIZE);
    // Nothing beyond the first batch is rendered before the next task.
    expect(drawn(container)).toBe(GRID_BATCH_SIZE);

    let expected = GRID_BATCH_SIZE;
    while (expected < items.length) {
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      expected = Math.min(items.length, expected + GRID_LATER_BATCH_SIZE);
      expect(placed(container)).toBe(expected);
      expect(drawn(container)).toBe(expected);
    }
    // Every card placed, in order, and no further task waiting.
    expect(vi.getTimerCount()).toBe(0);
    expect(container.textContent).toBe(items.map((item) => `card ${item.id}`).join(''));
  });

  test('a grid below the first screen places only its first batch in the first task', () => {
    const { container } = render(
      <MasonryGrid
        items={items}
        itemKey={itemKey}
        layout={gridLayoutFor('narrow')}
        renderItem={renderItem}
        firstBatch={GRID_LATER_BATCH_SIZE}
      />,
    );
    expect(placed(container)).toBe(GRID_LATER_BATCH_SIZE);
    expect(drawn(container)).toBe(GRID_LATER_BATCH_SIZE);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(placed(container)).toBe(2 * GRID_LATER_BATCH_SIZE);
    // The rest follow a batch per task, as in any grid.
    while (vi.getTimerCount() > 0) {
      act(() => {
        vi.advanceTimersToNextTimer();
      });
    }
    expect(placed(container)).toBe(items.length);
  });

  test('keeps each later task small: fewer cards than the first batch', () => {
    expect(GRID_LATER_BATCH_SIZE).toBeGreaterThan(0);
    expect(GRID_LATER_BATCH_SIZE).toBeLessThan(GRID_BATCH_SIZE);
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

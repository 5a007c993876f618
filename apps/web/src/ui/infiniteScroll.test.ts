import { INFINITE_SCROLL_THROTTLE_MS, INFINITE_SCROLL_VIEWPORTS } from '@corkboard/shared/layout';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { isNearEnd, throttle } from './infiniteScroll.ts';

describe('isNearEnd (saving.md §4: within two viewport heights of the end)', () => {
  const viewportHeight = 800;

  test('uses the shared constant of two viewports', () => {
    expect(INFINITE_SCROLL_VIEWPORTS).toBe(2);
  });

  test('is true at exactly two viewport heights from the end', () => {
    // Bottom of the viewport at 1000; the list ends 1600 (= 2 × 800) below it.
    expect(isNearEnd({ scrollTop: 200, viewportHeight, contentBottom: 2600 })).toBe(true);
  });

  test('is false one pixel further away', () => {
    expect(isNearEnd({ scrollTop: 200, viewportHeight, contentBottom: 2601 })).toBe(false);
  });

  test('is true when the end is already on screen or scrolled past', () => {
    expect(isNearEnd({ scrollTop: 0, viewportHeight, contentBottom: 500 })).toBe(true);
    expect(isNearEnd({ scrollTop: 3000, viewportHeight, contentBottom: 2000 })).toBe(true);
  });

  test('a short list that does not fill the screen counts as near the end', () => {
    expect(isNearEnd({ scrollTop: 0, viewportHeight, contentBottom: 0 })).toBe(true);
  });
});

describe('throttle (saving.md §4: 200 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('uses the shared constant of 200 ms', () => {
    expect(INFINITE_SCROLL_THROTTLE_MS).toBe(200);
  });

  test('runs the first call at once', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, INFINITE_SCROLL_THROTTLE_MS);
    throttled('a');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith('a');
  });

  test('collapses calls inside the window into one trailing call with the latest arguments', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, INFINITE_SCROLL_THROTTLE_MS);
    throttled(1);
    vi.advanceTimersByTime(50);
    throttled(2);
    vi.advanceTimersByTime(50);
    throttled(3);
    expect(fn).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  test('never runs more than once per 200 ms under a stream of calls', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, INFINITE_SCROLL_THROTTLE_MS);
    for (let elapsed = 0; elapsed < 1000; elapsed += 10) {
      throttled(elapsed);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(INFINITE_SCROLL_THROTTLE_MS);
    // Leading call at 0, then one per 200 ms window: 200, 400, 600, 800, 1000.
    expect(fn).toHaveBeenCalledTimes(6);
  });

  test('runs at once again after a quiet window', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, INFINITE_SCROLL_THROTTLE_MS);
    throttled();
    vi.advanceTimersByTime(INFINITE_SCROLL_THROTTLE_MS);
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  test('cancel drops a pending trailing call', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, INFINITE_SCROLL_THROTTLE_MS);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

// The image-visibility profiler's state machine (business.md §4.5) with fake timers: the layout
// phase checks every 500 ms, the timing phase every 100 ms, each gives up after 60 s, and it
// ends complete (with the time) or disabled.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  LAYOUT_CHECK_INTERVAL_MS,
  PHASE_TIMEOUT_MS,
  startImageVisibilityProfiler,
  TIMING_CHECK_INTERVAL_MS,
  type ProfilerClock,
  type ProfilerResult,
} from './profiler.ts';

const clock: ProfilerClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (id) => window.clearInterval(id),
};

function probe() {
  const state = { layout: false, images: false, layoutChecks: 0, imageChecks: 0 };
  return {
    state,
    probe: {
      layoutReady: () => {
        state.layoutChecks += 1;
        return state.layout;
      },
      imagesVisible: () => {
        state.imageChecks += 1;
        return state.images;
      },
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('image-visibility profiler', () => {
  test('checks the layout every 500 ms, then the images every 100 ms, and completes with the time', () => {
    const { state, probe: p } = probe();
    const results: ProfilerResult[] = [];
    const profiler = startImageVisibilityProfiler(p, clock, (result) => results.push(result));
    expect(profiler.phase()).toBe('layout');

    vi.advanceTimersByTime(LAYOUT_CHECK_INTERVAL_MS * 3);
    expect(state.layoutChecks).toBe(3);
    expect(state.imageChecks).toBe(0);

    state.layout = true;
    vi.advanceTimersByTime(LAYOUT_CHECK_INTERVAL_MS);
    expect(profiler.phase()).toBe('timing');
    expect(state.layoutChecks).toBe(4);

    vi.advanceTimersByTime(TIMING_CHECK_INTERVAL_MS * 5);
    expect(state.imageChecks).toBe(5);
    state.images = true;
    vi.advanceTimersByTime(TIMING_CHECK_INTERVAL_MS);
    expect(profiler.phase()).toBe('complete');
    expect(results).toEqual([{ state: 'complete', visibleAtMs: 2000 + 600 }]);

    // Nothing runs after the end.
    vi.advanceTimersByTime(PHASE_TIMEOUT_MS * 2);
    expect(state.imageChecks).toBe(6);
    expect(results).toHaveLength(1);
  });

  test('gives up the layout phase after 60 s: disabled', () => {
    const { state, probe: p } = probe();
    const results: ProfilerResult[] = [];
    const profiler = startImageVisibilityProfiler(p, clock, (result) => results.push(result));
    vi.advanceTimersByTime(PHASE_TIMEOUT_MS - LAYOUT_CHECK_INTERVAL_MS);
    expect(profiler.phase()).toBe('layout');
    expect(results).toEqual([]);
    vi.advanceTimersByTime(LAYOUT_CHECK_INTERVAL_MS);
    expect(profiler.phase()).toBe('disabled');
    expect(results).toEqual([{ state: 'disabled' }]);
    expect(state.layoutChecks).toBe(PHASE_TIMEOUT_MS / LAYOUT_CHECK_INTERVAL_MS);
    expect(state.imageChecks).toBe(0);
  });

  test('gives up the timing phase 60 s after it began, not after the page began', () => {
    const { state, probe: p } = probe();
    const results: ProfilerResult[] = [];
    const profiler = startImageVisibilityProfiler(p, clock, (result) => results.push(result));
    vi.advanceTimersByTime(10_000 - LAYOUT_CHECK_INTERVAL_MS);
    state.layout = true;
    vi.advanceTimersByTime(LAYOUT_CHECK_INTERVAL_MS);
    expect(profiler.phase()).toBe('timing');

    vi.advanceTimersByTime(PHASE_TIMEOUT_MS - TIMING_CHECK_INTERVAL_MS);
    expect(profiler.phase()).toBe('timing');
    vi.advanceTimersByTime(TIMING_CHECK_INTERVAL_MS);
    expect(profiler.phase()).toBe('disabled');
    expect(results).toEqual([{ state: 'disabled' }]);
    expect(state.imageChecks).toBe(PHASE_TIMEOUT_MS / TIMING_CHECK_INTERVAL_MS);
  });

  test('disable() ends a running profiler once and stops its checks', () => {
    const { state, probe: p } = probe();
    const results: ProfilerResult[] = [];
    const profiler = startImageVisibilityProfiler(p, clock, (result) => results.push(result));
    vi.advanceTimersByTime(LAYOUT_CHECK_INTERVAL_MS);
    profiler.disable();
    profiler.disable();
    vi.advanceTimersByTime(PHASE_TIMEOUT_MS);
    expect(state.layoutChecks).toBe(1);
    expect(results).toEqual([{ state: 'disabled' }]);
  });
});

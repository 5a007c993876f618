// The unauthenticated image-visibility profiler (business.md §4.5; docs/decisions/121):
//   1. layout phase: check every 500 ms whether the grid has laid out its first items; give up
//      after 60 s;
//   2. timing phase: check every 100 ms whether the first grid images are visible; give up after
//      60 s;
//   3. end state: complete (with the time the images became visible) or disabled (gave up, or
//      could not measure at all).
// Pure: the DOM checks and the clock are handed in, so the state machine is tested with fake
// timers.

export const LAYOUT_CHECK_INTERVAL_MS = 500;
export const TIMING_CHECK_INTERVAL_MS = 100;
/** Each phase gives up after this long. */
export const PHASE_TIMEOUT_MS = 60_000;

export type ProfilerPhase = 'layout' | 'timing' | 'complete' | 'disabled';

export type ProfilerResult =
  { readonly state: 'complete'; readonly visibleAtMs: number } | { readonly state: 'disabled' };

export interface ProfilerProbe {
  /** The grid has placed its first items. */
  layoutReady(): boolean;
  /** Every grid image in the first screenful has loaded and is in the viewport. */
  imagesVisible(): boolean;
}

export interface ProfilerClock {
  /** Milliseconds since the page's navigation started (performance.now()). */
  now(): number;
  setInterval(callback: () => void, ms: number): number;
  clearInterval(id: number): void;
}

export interface RunningProfiler {
  phase(): ProfilerPhase;
  /** Ends the profiler as disabled (the page went away or hid) unless it already ended. */
  disable(): void;
}

export function startImageVisibilityProfiler(
  probe: ProfilerProbe,
  clock: ProfilerClock,
  onEnd: (result: ProfilerResult) => void,
): RunningProfiler {
  let phase: ProfilerPhase = 'layout';
  let timer: number | undefined;

  const end = (result: ProfilerResult) => {
    if (timer !== undefined) clock.clearInterval(timer);
    timer = undefined;
    phase = result.state;
    onEnd(result);
  };

  const runPhase = (
    name: 'layout' | 'timing',
    intervalMs: number,
    done: () => boolean,
    next: () => void,
  ) => {
    phase = name;
    const startedAt = clock.now();
    timer = clock.setInterval(() => {
      if (done()) {
        if (timer !== undefined) clock.clearInterval(timer);
        timer = undefined;
        next();
      } else if (clock.now() - startedAt >= PHASE_TIMEOUT_MS) {
        end({ state: 'disabled' });
      }
    }, intervalMs);
  };

  runPhase(
    'layout',
    LAYOUT_CHECK_INTERVAL_MS,
    () => probe.layoutReady(),
    () =>
      runPhase(
        'timing',
        TIMING_CHECK_INTERVAL_MS,
        () => probe.imagesVisible(),
        () => end({ state: 'complete', visibleAtMs: clock.now() }),
      ),
  );

  return {
    phase: () => phase,
    disable: () => {
      if (phase === 'layout' || phase === 'timing') end({ state: 'disabled' });
    },
  };
}

// saving.md §4: "Infinite scroll asks for more when within two viewport heights of the end,
// throttled to 200 ms." Kept pure so the rule is tested without a layout engine.
import { INFINITE_SCROLL_VIEWPORTS } from '@corkboard/shared/layout';

export interface ScrollMetrics {
  /** Pixels scrolled from the top of the document. */
  scrollTop: number;
  /** Height of the visible area. */
  viewportHeight: number;
  /** Document offset (from the top) where the list's content ends. */
  contentBottom: number;
}

/** True when the bottom of the viewport is within `viewports` viewport heights of the end. */
export function isNearEnd(
  { scrollTop, viewportHeight, contentBottom }: ScrollMetrics,
  viewports: number = INFINITE_SCROLL_VIEWPORTS,
): boolean {
  const remaining = contentBottom - (scrollTop + viewportHeight);
  return remaining <= viewports * viewportHeight;
}

export interface Throttled<Args extends unknown[]> {
  (...args: Args): void;
  cancel(): void;
}

/**
 * Calls `fn` at once, then at most once per `waitMs`: calls inside the window collapse into one
 * trailing call with the latest arguments, so the final scroll position is always checked.
 */
export function throttle<Args extends unknown[]>(
  fn: (...args: Args) => void,
  waitMs: number,
): Throttled<Args> {
  let lastRun: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: Args | undefined;

  const run = (args: Args) => {
    lastRun = Date.now();
    fn(...args);
  };

  const throttled = (...args: Args) => {
    const now = Date.now();
    const elapsed = lastRun === undefined ? Infinity : now - lastRun;
    if (elapsed >= waitMs && timer === undefined) {
      run(args);
      return;
    }
    pendingArgs = args;
    if (timer === undefined) {
      timer = setTimeout(
        () => {
          timer = undefined;
          const latest = pendingArgs;
          pendingArgs = undefined;
          if (latest) run(latest);
        },
        Math.max(0, waitMs - elapsed),
      );
    }
  };

  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingArgs = undefined;
  };

  return throttled;
}

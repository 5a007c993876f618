import { layoutWidthFor, type LayoutWidth } from '@corkboard/shared/layout';
import { useSyncExternalStore } from 'react';

// Chromium answers `window.innerWidth` by bringing style and layout up to date first, and
// useSyncExternalStore reads the snapshot on every render of every component that uses it (the
// app, each grid, the closeup) and again after each commit, right after the DOM changed: each
// read was a forced layout of the page being built (~200 ms of a phone's first load at 4x CPU
// slowdown). The width is read once and then only when the window is resized
// (docs/decisions/198).
let current: LayoutWidth | undefined;

function remember(): LayoutWidth {
  current = layoutWidthFor(window.innerWidth);
  return current;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): LayoutWidth {
  if (current === undefined) {
    // First read: from now on a resize (which fires before any subscriber hears of it, this
    // listener being the first) keeps the value current.
    window.addEventListener('resize', remember);
    return remember();
  }
  return current;
}

/** business.md §9 responsive width (narrow / medium / wide) of the current viewport. */
export function useLayoutWidth(): LayoutWidth {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

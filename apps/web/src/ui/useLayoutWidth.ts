import { layoutWidthFor, type LayoutWidth } from '@corkboard/shared/layout';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): LayoutWidth {
  return layoutWidthFor(window.innerWidth);
}

/** business.md §9 responsive width (narrow / medium / wide) of the current viewport. */
export function useLayoutWidth(): LayoutWidth {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

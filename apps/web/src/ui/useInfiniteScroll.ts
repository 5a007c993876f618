import { INFINITE_SCROLL_THROTTLE_MS } from '@corkboard/shared/layout';
import { useEffect, useRef, type RefObject } from 'react';
import { isNearEnd, throttle } from './infiniteScroll.ts';

export interface InfiniteScrollOptions {
  /** False at the end of the list, while a page is loading, or after a failed page. */
  canLoadMore: boolean;
  loadMore: () => unknown;
  /**
   * False while the list is still laying out items it already has (Masonry measures new items
   * over a few frames); the list's bottom is not final yet, so checking then would fetch early.
   */
  isSettled?: (container: HTMLElement) => boolean;
}

const alwaysSettled = () => true;

/**
 * saving.md §4: asks for the next page when the viewport is within two viewport heights of the
 * end of the returned container, checking on scroll, resize and when the list grows, at most
 * once per 200 ms.
 */
export function useInfiniteScroll({
  canLoadMore,
  loadMore,
  isSettled = alwaysSettled,
}: InfiniteScrollOptions): RefObject<HTMLDivElement | null> {
  const containerRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!canLoadMore || !container) return undefined;

    const check = throttle(() => {
      if (!isSettled(container)) return;
      const metrics = {
        scrollTop: window.scrollY,
        viewportHeight: window.innerHeight,
        contentBottom: container.getBoundingClientRect().bottom + window.scrollY,
      };
      if (isNearEnd(metrics)) loadMore();
    }, INFINITE_SCROLL_THROTTLE_MS);

    // A list too short to scroll sends no scroll event: look once now, and again whenever the
    // list's size changes (items laid out, images of a new page placed).
    check();
    const resizes =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => check());
    resizes?.observe(container);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      resizes?.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [canLoadMore, loadMore, isSettled]);

  return containerRef;
}

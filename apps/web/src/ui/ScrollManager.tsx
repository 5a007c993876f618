import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { canScrollTo, scrollTargetFor } from './scrollRestoration.ts';

/** Lists lay out over a few frames after data arrives from cache; wait this long at most. */
export const RESTORE_TIMEOUT_MS = 2000;

const positions = new Map<string, number>();

/**
 * New pages start at the top; back/forward restores the position saved for that history entry,
 * waiting until the (cached) list is tall enough. Gives up if the visitor scrolls first.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const address = location.pathname + location.search;
  const previousAddress = useRef<string | null>(null);
  const currentKey = useRef(location.key);

  // Remember the position of whichever history entry is current as the visitor scrolls. The key
  // switches in the layout effect below, before any scroll event caused by the new page.
  useEffect(() => {
    // The browser's own restoration runs before our content exists and then fights ours.
    window.history.scrollRestoration = 'manual';
    const save = () => positions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const isFirstRender = previousAddress.current === null;
    const sameAddress = previousAddress.current === address;
    previousAddress.current = address;
    if (isFirstRender || sameAddress) return undefined;

    const target = scrollTargetFor(navigationType, positions.get(location.key));
    if (target === 0) {
      window.scrollTo(0, 0);
      return undefined;
    }

    let frame = 0;
    const deadline = Date.now() + RESTORE_TIMEOUT_MS;
    const stop = () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
    const attempt = () => {
      const height = document.documentElement.scrollHeight;
      if (canScrollTo(target, height, window.innerHeight) || Date.now() > deadline) {
        window.scrollTo(0, target);
        stop();
        return;
      }
      frame = requestAnimationFrame(attempt);
    };
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('keydown', stop);
    attempt();
    return stop;
  }, [address, navigationType, location.key]);

  return null;
}

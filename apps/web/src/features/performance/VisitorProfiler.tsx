// Runs for signed-out visitors who landed on the home feed (business.md §4.5; docs/decisions/121):
// the image-visibility profiler over the pin grid, and the web-vitals (LCP, INP, CLS), each sent
// as one visitor_performance event to the client log. Its own lazy chunk (with web-vitals), so a
// first visit's shell does not grow. Renders nothing.
import { VISITOR_PERFORMANCE_EVENT } from '@corkboard/shared/performance/visitor-performance-event';
import type { VisitorPerformanceEvent } from '@corkboard/shared/performance/visitor-performance';
import { useEffect } from 'react';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { apiSend } from '../../api/client.ts';
import { startImageVisibilityProfiler, type ProfilerResult } from './profiler.ts';

/** The grid items and images the profiler watches (ui/PinGrid, ui/PinCard). */
const GRID_ITEM_SELECTOR = '.pin-grid [data-grid-item]';
const GRID_IMAGE_SELECTOR = '.pin-grid [data-grid-item] img';

function send(event: VisitorPerformanceEvent): void {
  // A lost report is only a missing sample: never an error for the visitor.
  apiSend('POST', '/v3/client_log/', event, { keepalive: true }).catch(() => undefined);
}

function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.bottom > 0 &&
    box.right > 0 &&
    box.top < window.innerHeight &&
    box.left < window.innerWidth
  );
}

/** The first grid images: those of the first screenful. Visible = all of them decoded. */
function firstImagesVisible(): boolean {
  const images = [...document.querySelectorAll<HTMLImageElement>(GRID_IMAGE_SELECTOR)].filter(
    inViewport,
  );
  return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
}

/** The document was loaded for this page: the profile and the vitals describe its first load. */
function landedHere(): boolean {
  // Without Navigation Timing (older engines, test doubles) nothing can be measured.
  if (typeof performance.getEntriesByType !== 'function') return false;
  const [navigation] = performance.getEntriesByType('navigation');
  if (!navigation) return false;
  try {
    return new URL(navigation.name).pathname === window.location.pathname;
  } catch {
    return false;
  }
}

function reportProfile(result: ProfilerResult): void {
  send(
    result.state === 'complete'
      ? {
          event: VISITOR_PERFORMANCE_EVENT,
          page: 'home',
          metric: 'image_visible',
          state: 'complete',
          value: Math.round(result.visibleAtMs),
        }
      : {
          event: VISITOR_PERFORMANCE_EVENT,
          page: 'home',
          metric: 'image_visible',
          state: 'disabled',
        },
  );
}

function reportVital(metric: Metric): void {
  const name = metric.name === 'LCP' ? 'lcp' : metric.name === 'INP' ? 'inp' : 'cls';
  send({ event: VISITOR_PERFORMANCE_EVENT, page: 'home', metric: name, value: metric.value });
}

let started = false;

export function VisitorProfiler() {
  useEffect(() => {
    // Once per document: a later visit to home in the same page load measures nothing new.
    if (started) return;
    started = true;
    if (!landedHere() || document.visibilityState === 'hidden') {
      // A background tab's timers are throttled and a later page is not a first load.
      reportProfile({ state: 'disabled' });
      return;
    }
    onLCP(reportVital);
    onINP(reportVital);
    onCLS(reportVital);
    const profiler = startImageVisibilityProfiler(
      {
        layoutReady: () => document.querySelector(GRID_ITEM_SELECTOR) !== null,
        imagesVisible: firstImagesVisible,
      },
      {
        now: () => performance.now(),
        setInterval: (callback, ms) => window.setInterval(callback, ms),
        clearInterval: (id) => window.clearInterval(id),
      },
      reportProfile,
    );
    // Hidden before the images showed: the timing would measure the tab, not the page.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') profiler.disable();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, []);
  return null;
}

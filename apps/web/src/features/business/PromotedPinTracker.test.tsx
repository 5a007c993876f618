import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makePin } from '../../test/fixtures.ts';
import { PROMOTED_IMPRESSION_VISIBLE_MS, PromotedPinTracker } from './PromotedPinTracker.tsx';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: Callback | undefined;

class FakeObserver {
  constructor(callback: Callback) {
    observed = callback;
  }
  observe() {}
  disconnect() {}
}

const EVENTS_PATH = '/v3/ads/events/';
const EARNED_PATH = '/v3/ads/events/earned/';
let api: ReturnType<typeof stubApi>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  api = stubApi((url) =>
    url.pathname === EVENTS_PATH || url.pathname === EARNED_PATH
      ? ok({ counted: true })
      : undefined,
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCard(
  pin = makePin('8', { is_promoted: true, tracking_params: '31' }),
): ReturnType<typeof render> {
  return render(
    <div className="pin-card">
      <a className="pin-card__link" href="#pin">
        pin
      </a>
      <PromotedPinTracker pin={pin} />
    </div>,
  );
}

describe('PromotedPinTracker', () => {
  test('an impression once the card is half visible for the whole second, not before', async () => {
    renderCard();
    act(() => observed?.([{ intersectionRatio: 0.6 }]));
    act(() => {
      vi.advanceTimersByTime(PROMOTED_IMPRESSION_VISIBLE_MS - 10);
    });
    act(() => observed?.([{ intersectionRatio: 0.2 }]));
    act(() => {
      vi.advanceTimersByTime(PROMOTED_IMPRESSION_VISIBLE_MS);
    });
    expect(api.bodies(EVENTS_PATH)).toEqual([]);
    act(() => observed?.([{ intersectionRatio: 0.5 }]));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROMOTED_IMPRESSION_VISIBLE_MS);
    });
    expect(api.bodies(EVENTS_PATH)).toEqual([{ tracking_params: '31', event: 'IMPRESSION' }]);
  });

  test('opening the card is a click', async () => {
    const { container } = renderCard();
    await act(async () => {
      container.querySelector<HTMLAnchorElement>('.pin-card__link')?.click();
      await vi.runAllTimersAsync();
    });
    expect(api.bodies(EVENTS_PATH)).toEqual([{ tracking_params: '31', event: 'CLOSEUP' }]);
  });

  // docs/decisions/191: an organic card of a running ad's pin (earned) reports its impression and
  // its opening to the earned beacon with the pin, never to the paid one.
  test('an earned card reports its impression and its opening as earned', async () => {
    const { container } = renderCard(makePin('9', { earned_tracking_params: '44' }));
    act(() => observed?.([{ intersectionRatio: 0.5 }]));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROMOTED_IMPRESSION_VISIBLE_MS);
    });
    await act(async () => {
      container.querySelector<HTMLAnchorElement>('.pin-card__link')?.click();
      await vi.runAllTimersAsync();
    });
    expect(api.bodies(EARNED_PATH)).toEqual([
      { tracking_params: '44', pin_id: '9', event: 'IMPRESSION' },
      { tracking_params: '44', pin_id: '9', event: 'CLOSEUP' },
    ]);
    expect(api.bodies(EVENTS_PATH)).toEqual([]);
  });
});

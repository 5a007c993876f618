// The ad serving cache's own rules (docs/decisions/209): a read that raced an invalidation is not
// kept; every part is tied to its live-ad set and day; the spend ages out after AD_SPEND_STALE_MS.
import { describe, expect, it } from 'vitest';
import { VISITOR_PAGES_TOPIC } from '../../lib/page-cache.ts';
import { localSharedState } from '../../lib/shared-state.ts';
import { TestClock } from '../../test/test-clock.ts';
import {
  AD_SPEND_STALE_MS,
  AD_VIEWER_STATE_TTL_MS,
  AD_VIEWER_STATE_TOPIC,
  AdServingCache,
  type AdStateKey,
} from './ad-serving-cache.ts';
import type { ViewerAdState } from './live-ads.repository.ts';

const STATE: ViewerAdState = {
  profile: undefined,
  hiddenAdIds: ['7'],
  cappedAdIds: [],
  memberOf: [],
  spend: [{ ad_group_id: '3', spent_micro: '0', today_micro: '0' }],
  earnedSaves: [],
};

function setup() {
  const { bus } = localSharedState();
  const clock = new TestClock(new Date('2026-11-24T06:00:00Z'));
  const cache = new AdServingCache(bus, clock.now);
  const key: AdStateKey = { set: {}, viewerId: '1', day: '2026-11-24', page: '10,11' };
  const fill = (at: AdStateKey = key) => {
    const { ticket } = cache.lookup(at);
    cache.store(at, ticket, clock.now().getTime(), STATE);
  };
  const kept = (at: AdStateKey = key) => {
    const found = cache.lookup(at);
    return {
      viewer: found.viewer !== undefined,
      spend: found.spend !== undefined,
      earned: found.earned !== undefined,
    };
  };
  return { bus, clock, cache, key, fill, kept };
}

const ALL = { viewer: true, spend: true, earned: true };
const NONE = { viewer: false, spend: false, earned: false };

describe('AdServingCache', () => {
  it('keeps what was read, for the same set and day only', () => {
    const { key, fill, kept } = setup();
    expect(kept()).toEqual(NONE);
    fill();
    expect(kept()).toEqual(ALL);
    expect(kept({ ...key, set: {} })).toEqual(NONE);
    expect(kept({ ...key, day: '2026-11-25' })).toEqual({ ...NONE, earned: true });
    expect(kept({ ...key, viewerId: '2' })).toEqual({ ...ALL, viewer: false });
  });

  it('does not keep a viewer part read before that viewer was dropped', () => {
    const { bus, cache, clock, key, kept } = setup();
    const { ticket } = cache.lookup(key);
    bus.publish(AD_VIEWER_STATE_TOPIC, key.viewerId);
    cache.store(key, ticket, clock.now().getTime(), STATE);
    expect(kept()).toEqual({ ...ALL, viewer: false });
    // Another viewer's drop does not concern this one.
    const again = cache.lookup(key);
    bus.publish(AD_VIEWER_STATE_TOPIC, '2');
    cache.store(key, again.ticket, clock.now().getTime(), STATE);
    expect(kept()).toEqual(ALL);
  });

  it('does not keep spend read before a charge here, nor anything read before a write', () => {
    const { bus, cache, clock, key, kept } = setup();
    let { ticket } = cache.lookup(key);
    cache.spendChanged();
    cache.store(key, ticket, clock.now().getTime(), STATE);
    expect(kept()).toEqual({ ...ALL, spend: false });
    ({ ticket } = cache.lookup(key));
    bus.publish(VISITOR_PAGES_TOPIC);
    cache.store(key, ticket, clock.now().getTime(), STATE);
    expect(kept()).toEqual(NONE);
  });

  it('drops one viewer on their event, and spend on a charge', () => {
    const { cache, fill, kept } = setup();
    fill();
    cache.viewerChanged('1');
    expect(kept()).toEqual({ ...ALL, viewer: false });
    fill();
    cache.spendChanged();
    expect(kept()).toEqual({ ...ALL, spend: false });
  });

  it('ages spend out after AD_SPEND_STALE_MS and the rest after AD_VIEWER_STATE_TTL_MS', () => {
    const { clock, fill, kept } = setup();
    fill();
    clock.advance(AD_SPEND_STALE_MS - 1);
    expect(kept()).toEqual(ALL);
    clock.advance(1);
    expect(kept()).toEqual({ ...ALL, spend: false });
    clock.advance(AD_VIEWER_STATE_TTL_MS - AD_SPEND_STALE_MS);
    expect(kept()).toEqual(NONE);
  });
});

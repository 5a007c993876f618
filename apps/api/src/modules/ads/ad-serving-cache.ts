// The viewer's ad state kept between requests (docs/decisions/209), so that a signed-in page with
// a live ad usually runs no query at all: what findViewerAdState read for a viewer (their
// targeting profile, hidden ads, ads at the frequency cap today, business memberships), the ad
// groups' spend, and the earned saves among a page's pins.
//
// Every part is tied to the live-ad set it was read against, by identity: the set is a new object
// after every write request on any process (a new page-cache generation, ADR 203), so a write —
// a hide, a profile or board edit, a membership, a review, a budget edit — is seen on the next
// read everywhere, exactly as before. What changes without a write request:
// - the viewer's impressions (the cap): recording one drops that viewer's entry on every process
//   (the bus, with the viewer's id as its detail); clicks too;
// - spend, charged by anyone's beacons: a charge in this process drops this process's snapshot;
//   charges on other processes are seen within AD_SPEND_STALE_MS (the charge itself never exceeds
//   a budget: chargeAdGroup checks it under a row lock);
// - the day (caps and daily spend are per UTC day): entries are kept per day.
// Entries also expire after AD_VIEWER_STATE_TTL_MS, which bounds anything changed outside a
// request (an e-mail verified through a link, the admin script) and a lost bus message.
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.ts';
import { VISITOR_PAGES_TOPIC } from '../../lib/page-cache.ts';
import type { InvalidationBus } from '../../lib/shared-state.ts';
import type { ViewerProfileRow } from './delivery.repository.ts';
import type { EarnedSaveRow, GroupSpendRow, ViewerAdState } from './live-ads.repository.ts';

/** Not in the spec (ADR 209): how long a viewer's ad state serves without asking again. */
export const AD_VIEWER_STATE_TTL_MS = 30_000;
/** Not in the spec (ADR 209): viewers whose ad state one process keeps. */
export const AD_VIEWER_STATE_MAX_ENTRIES = 10_000;
/**
 * Not in the spec (ADR 209): how old the ad groups' spend may be when read for serving. A charge
 * in this process is seen at once; one on another process within this time. Until then an ad
 * whose budget another process just used up may still be shown (never charged beyond its budget),
 * and even pacing may run ahead of its line by what was charged elsewhere in that time.
 */
export const AD_SPEND_STALE_MS = 1_000;
/** Not in the spec (ADR 209): pages (lists of pin ids) whose earned saves one process keeps. */
export const AD_EARNED_PAGES_MAX = 1_000;
/** The bus topic of "this viewer's ad events changed" (detail: the viewer's id). */
export const AD_VIEWER_STATE_TOPIC = 'ad-viewer-state';

/** The per-viewer part of ViewerAdState. */
export interface ViewerPart {
  profile: ViewerProfileRow | undefined;
  hiddenAdIds: string[];
  cappedAdIds: string[];
  memberOf: string[];
}

interface ViewerEntry extends ViewerPart {
  set: object;
  day: string;
  until: number;
}

interface SpendEntry {
  set: object;
  day: string;
  /** When the read that filled it began (ms of the clock). */
  readAt: number;
  rows: GroupSpendRow[];
}

interface EarnedEntry {
  set: object;
  until: number;
  rows: EarnedSaveRow[];
}

/** What a lookup found; `ticket` goes to `store` with what the query then read. */
export interface AdStateLookup {
  viewer: ViewerPart | undefined;
  spend: GroupSpendRow[] | undefined;
  earned: EarnedSaveRow[] | undefined;
  ticket: number;
}

/** Where a lookup is: the live-ad set (by identity), the viewer, the UTC day and the page. */
export interface AdStateKey {
  set: object;
  viewerId: string;
  day: string;
  /** The page's organic pin ids, as one string. */
  page: string;
}

export class AdServingCache {
  readonly #now: Clock;
  readonly #bus: InvalidationBus;
  /** Counts invalidations: a read that began before one is not stored (see `store`). */
  #sequence = 0;
  #clearedAt = 0;
  #spendDroppedAt = 0;
  /** The last invalidation of each recently invalidated viewer. */
  readonly #viewerDroppedAt = new Map<string, number>();
  /** Invalidations forgotten from #viewerDroppedAt count as this one for every viewer. */
  #forgottenDropsUpTo = 0;
  readonly #viewers = new LRUCache<string, ViewerEntry>({ max: AD_VIEWER_STATE_MAX_ENTRIES });
  readonly #earned = new LRUCache<string, EarnedEntry>({ max: AD_EARNED_PAGES_MAX });
  #spend: SpendEntry | undefined;

  constructor(bus: InvalidationBus, now: Clock) {
    this.#now = now;
    this.#bus = bus;
    // A write makes a new live-ad set, which already turns every entry away; this frees them.
    bus.subscribe(VISITOR_PAGES_TOPIC, () => this.#clear());
    bus.subscribe(AD_VIEWER_STATE_TOPIC, (viewerId) => {
      if (viewerId === undefined) this.#clear();
      else this.#forgetViewer(viewerId);
    });
  }

  lookup(key: AdStateKey): AdStateLookup {
    const at = this.#now().getTime();
    const viewer = this.#viewers.get(key.viewerId);
    const spend = this.#spend;
    const earned = this.#earned.get(key.page);
    return {
      viewer:
        viewer !== undefined &&
        viewer.set === key.set &&
        viewer.day === key.day &&
        viewer.until > at
          ? viewer
          : undefined,
      spend:
        spend !== undefined &&
        spend.set === key.set &&
        spend.day === key.day &&
        at >= spend.readAt &&
        at - spend.readAt < AD_SPEND_STALE_MS
          ? spend.rows
          : undefined,
      earned:
        earned !== undefined && earned.set === key.set && earned.until > at
          ? earned.rows
          : undefined,
      ticket: this.#sequence,
    };
  }

  /**
   * Keeps what findViewerAdState read (it began at `readAt`, after `ticket` was taken), each part
   * unless an invalidation that concerns it came in between.
   */
  store(key: AdStateKey, ticket: number, readAt: number, state: ViewerAdState): void {
    if (this.#clearedAt > ticket) return;
    const until = readAt + AD_VIEWER_STATE_TTL_MS;
    const droppedAt = this.#viewerDroppedAt.get(key.viewerId) ?? this.#forgottenDropsUpTo;
    if (droppedAt <= ticket && this.#forgottenDropsUpTo <= ticket) {
      this.#viewers.set(key.viewerId, {
        set: key.set,
        day: key.day,
        until,
        profile: state.profile,
        hiddenAdIds: state.hiddenAdIds,
        cappedAdIds: state.cappedAdIds,
        memberOf: state.memberOf,
      });
    }
    if (this.#spendDroppedAt <= ticket) {
      this.#spend = { set: key.set, day: key.day, readAt, rows: state.spend };
    }
    this.#earned.set(key.page, { set: key.set, until, rows: state.earnedSaves });
  }

  /** The viewer's impressions or clicks changed: drop their state here and on every process. */
  viewerChanged(viewerId: string): void {
    this.#bus.publish(AD_VIEWER_STATE_TOPIC, viewerId);
  }

  /** This process charged an ad group: its next read of spend asks the database. */
  spendChanged(): void {
    this.#sequence += 1;
    this.#spendDroppedAt = this.#sequence;
    this.#spend = undefined;
  }

  #forgetViewer(viewerId: string): void {
    this.#sequence += 1;
    this.#viewers.delete(viewerId);
    this.#viewerDroppedAt.delete(viewerId);
    if (this.#viewerDroppedAt.size >= AD_VIEWER_STATE_MAX_ENTRIES) {
      // Bounded: what is forgotten counts for every viewer (their reads in flight are not kept).
      this.#viewerDroppedAt.clear();
      this.#forgottenDropsUpTo = this.#sequence;
    }
    this.#viewerDroppedAt.set(viewerId, this.#sequence);
  }

  #clear(): void {
    this.#sequence += 1;
    this.#clearedAt = this.#sequence;
    this.#viewers.clear();
    this.#earned.clear();
    this.#viewerDroppedAt.clear();
    this.#spend = undefined;
  }
}

/** One cache per app (its bus): the tests build several apps in one process. */
const caches = new WeakMap<InvalidationBus, AdServingCache>();

export function adServingCache(deps: { bus: InvalidationBus; now: Clock }): AdServingCache {
  let cache = caches.get(deps.bus);
  if (cache === undefined) {
    cache = new AdServingCache(deps.bus, deps.now);
    caches.set(deps.bus, cache);
  }
  return cache;
}

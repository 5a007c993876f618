// Ad delivery (issue 11; docs/decisions/104): promoted pins placed in the home feed and search
// results, impressions and clicks counted once per viewer and ad within a window, the billable
// one charged against the ad group's budget atomically, and per-day rollups for reporting.
import { createHash } from 'node:crypto';
import type { Pin } from '@corkboard/shared/api-types';
import { AppError } from '@corkboard/shared/app-error';
import { QUICK_PROMOTE_DEFAULT_COUNTRY } from '@corkboard/shared/business/quick-promote';
import { ageBucketOf, ageOn, INTEREST_TOPICS } from '@corkboard/shared/business/targeting';
import { normalizeEmail } from '@corkboard/shared/business/audiences';
import type { AppDeps } from '../../core/app-deps.ts';
import { readThrough, readThroughShared } from '../../lib/page-cache.ts';
import type { PinListRow } from '../../core/pin-list.repository.ts';
import {
  avatarUrl,
  serializeFor,
  serializePin,
  type SerializeFor,
} from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import type { PinOutboundClick } from '../offsite/offsite.service.ts';
import {
  addToRollup,
  anyLiveAd,
  chargeAdGroup,
  countViewerEvent,
  findDeliverableAd,
  findEarnedAds,
  insertEarnedPin,
  findServableAds,
  listPromotedPinRows,
  findExcludedAdIds,
  findViewerProfile,
  INTEREST_BOARDS_MAX,
  purgeViewerDays,
  setAdHidden,
  type EarnedAdRow,
  type RollupCounter,
  type ServableAdRow,
  type ViewerDayCounter,
  type ViewerProfileRow,
  type ViewerTargeting,
} from './delivery.repository.ts';
import { adServingCache } from './ad-serving-cache.ts';
import {
  findViewerAdState,
  listLiveAds,
  type LiveAdRow,
  type ViewerAdState,
  type ViewerAdStateQuery,
} from './live-ads.repository.ts';
import {
  bestPerPin,
  budgetAllows,
  earnedFor,
  hasAudienceExclusions,
  notOwnBusiness,
  pacingAllows,
  scheduleAllows,
  targetingAllows,
} from './live-ads.rules.ts';

/**
 * Not in the spec: the 1-based positions of a feed or search page that hold a promoted pin, when
 * the page is that long (docs/decisions/104).
 */
export const PROMOTED_SLOT_POSITIONS = [3, 12, 24] as const;
/** Not in the spec: counted impressions of one ad per viewer per UTC day before it stops serving. */
export const AD_FREQUENCY_CAP_PER_DAY = 3;
/** Not in the spec: a second impression (or click) of the same ad by the same viewer within this
 * window is the same one. */
export const AD_EVENT_DEDUPE_WINDOW_MS = 30 * 60_000;
/** Viewer-day rows are kept this many days (longer than any window or cap). */
export const AD_VIEWER_DAYS_KEEP_DAYS = 2;
export const AD_VIEWER_DAYS_PURGE_INTERVAL_MS = 60 * 60_000;
/**
 * Not in the spec (docs/decisions/108): even pacing lets an ad group spend up to this share of its
 * budget ahead of the even line — an hour's worth of a daily budget — so a quiet hour can be made
 * up and the day's budget is reached by its end, not by breakfast.
 */
export const PACING_LEAD_FRACTION = 1 / 24;
const DAY_MS = 24 * 60 * 60_000;

/** How far through its UTC day `at` is, 0–1. */
export function utcDayFraction(at: Date): number {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return (at.getTime() - midnight) / DAY_MS;
}

/** Not in the spec: impression/click beacons per client IP per minute. */
export const AD_EVENT_RATE_LIMIT_MAX = 120;

export type AdEventKind = 'IMPRESSION' | 'CLOSEUP' | 'OUTBOUND_CLICK';

/**
 * What the web reports of an earned pin (POST /v3/ads/events/earned/): seen or opened. Its
 * outbound clicks are known from /offsite/ (recordOutboundPinClick).
 */
export const EARNED_BEACON_KINDS = ['IMPRESSION', 'CLOSEUP'] as const;
export type EarnedBeaconKind = (typeof EARNED_BEACON_KINDS)[number];

const ROLLUP_COUNTER: Readonly<Record<AdEventKind, RollupCounter>> = {
  IMPRESSION: 'paid_impressions',
  CLOSEUP: 'paid_closeups',
  OUTBOUND_CLICK: 'paid_outbound_clicks',
};

/** Not in the spec (ADR 184): a second save of one ad by one viewer within this window is the same. */
export const AD_SAVE_DEDUPE_WINDOW_MS = AD_EVENT_DEDUPE_WINDOW_MS;

/** The UTC day of an instant, 'YYYY-MM-DD' (budgets, caps and rollups are per UTC day). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function viewerKey(viewer: Viewer): string {
  return `u:${viewer.id}`;
}

/**
 * Not in the spec: the country of a viewer who never gave one (ADR 106) — business.md §9's
 * default country, so ads targeted there reach them as the country defaults assume.
 */
export const UNKNOWN_VIEWER_COUNTRY = QUICK_PROMOTE_DEFAULT_COUNTRY;

/** Lower-cased letter/digit runs of a text. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * The interest topics whose keywords appear among the words of a viewer's boards (ADR 103), a
 * keyword's plain plural included ('dinners' is 'dinner').
 */
export function interestsOf(boardText: string): string[] {
  const words = new Set(wordsOf(boardText));
  const holds = (word: string) =>
    words.has(word) || words.has(`${word}s`) || words.has(`${word}es`);
  return INTEREST_TOPICS.filter((topic) => topic.keywords.some(holds)).map(
    (topic) => topic.topic_id,
  );
}

/** Where a promoted pin goes: the home feed, or a search (whose words keywords match). */
export type AdPlacement = { surface: 'home' } | { surface: 'search'; query: string };

/** The viewer as targeting sees them (ADR 106): one query. */
export async function viewerTargeting(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  placement: AdPlacement,
): Promise<ViewerTargeting> {
  return targetingOf(await findViewerProfile(deps.db, viewer.id), deps.now(), placement);
}

/** What targeting derives from a profile row regardless of time and placement. */
interface ProfileDerived {
  interests: string[];
  emailSha256: string | null;
}

/**
 * Derived once per profile row: a row kept in the viewer's ad state (ADR 209) serves many
 * requests, and its interests (a scan of the board text) and e-mail hash do not change with it.
 */
const derivedOfProfile = new WeakMap<ViewerProfileRow, ProfileDerived>();

function derivedOf(profile: ViewerProfileRow | undefined): ProfileDerived {
  const known = profile === undefined ? undefined : derivedOfProfile.get(profile);
  if (known !== undefined) return known;
  const derived = {
    interests: interestsOf(profile?.board_text ?? ''),
    emailSha256: profile?.email && profile.email_verified ? emailSha256Of(profile.email) : null,
  };
  if (profile !== undefined) derivedOfProfile.set(profile, derived);
  return derived;
}

/** The viewer as targeting sees them, from their profile row (ADR 106). */
function targetingOf(
  profile: ViewerProfileRow | undefined,
  now: Date,
  placement: AdPlacement,
): ViewerTargeting {
  const age = profile?.birthday ? ageOn(profile.birthday, now) : Number.NaN;
  const { interests, emailSha256 } = derivedOf(profile);
  return {
    country: profile?.country ?? UNKNOWN_VIEWER_COUNTRY,
    ageBucket: Number.isFinite(age) ? ageBucketOf(age) : null,
    gender: profile?.gender ?? 'unknown',
    interests,
    searchPhrase: placement.surface === 'search' ? ` ${wordsOf(placement.query).join(' ')} ` : null,
    emailSha256,
  };
}

/** The customer-list hash of an e-mail (ADR 183): SHA-256 hex of its normal form. */
export function emailSha256Of(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('hex');
}

/** The slots a page of `length` organic pins reaches, with the promoted pins placed before them. */
function usableSlots(length: number): number[] {
  return PROMOTED_SLOT_POSITIONS.filter((slot, index) => slot <= length + index);
}

/**
 * Whether any ad is approved and active (`anyLiveAd`), kept in the page cache until the next
 * write (ADR 197): an ad becomes live only through a write (a review, a resumed campaign, an
 * edit), and every write empties the cache on every process. Only a gate: when it says yes, the
 * servable-ads query decides per viewer, exactly as before.
 */
export async function liveAdsExist(deps: Pick<AppDeps, 'db' | 'pages' | 'log'>): Promise<boolean> {
  return readThrough(
    deps.pages,
    'ads:any-live',
    () => anyLiveAd(deps.db),
    (error) => deps.log.warn({ err: error }, 'ads: live-ad flag not cached'),
  );
}

/**
 * Places promoted pins at PROMOTED_SLOT_POSITIONS of a page. Visitors get none (the frequency cap
 * and the dedupe need a known viewer; docs/decisions/104). A promoted pin that is also on the
 * page organically moves to its slot (shown once, as promoted). One query picks the ads, one more
 * reads their pins.
 */
export async function withPromotedPins<T extends Pin>(
  deps: Pick<AppDeps, 'db' | 'now' | 'storage' | 'pages' | 'log' | 'bus'>,
  viewer: Viewer | null,
  pins: T[],
  asItem: (pin: Pin) => T,
  placement: AdPlacement = { surface: 'home' },
): Promise<T[]> {
  if (viewer === null) return pins;
  const live = await liveAdSet(deps);
  if (live.ads.length === 0) return pins;
  if (!live.truncated) return withLiveAdSet(deps, live, viewer, pins, asItem, placement);
  // More running ads than the set holds: the database decides, as before ADR 203.
  const placed = await withPaidSlots(deps, viewer, pins, asItem, placement);
  return withEarnedTracking(deps, viewer, placed);
}

/**
 * Not in the spec (ADR 203): the most running ads the cached live-ad set holds. With more, the
 * feed and search fall back to the servable-ads query (exact, slower), so the cap bounds memory
 * and per-request work without ever changing which ad is served.
 */
export const LIVE_AD_SET_MAX = 500;

const SIGNED_IN: SerializeFor = { signedIn: true };

/** The running ads and their promoted pins as a signed-in viewer sees them (ADR 203). */
export interface LiveAdSet {
  /** True when more than LIVE_AD_SET_MAX ads run: `ads` is then not the whole set. */
  truncated: boolean;
  ads: LiveAdRow[];
  /** The serialized promoted pin (before its promoter fields) of each servable ad's pin. */
  pins: Record<string, Pin>;
}

/**
 * The live-ad set, kept in the page cache (in process, or Redis with REDIS_URL) until the next
 * write: every change of an ad, ad group (budget, bid, targeting, schedule), campaign, ad
 * account, review, business profile, membership or the promoted pin's board is a write request,
 * and every write empties the cache on every process before its writer hears back (ADR 144,
 * 197). What changes without a write — the spend, the viewer's impressions, the time — is read
 * per request (findViewerAdState) or computed from the clock.
 */
export async function liveAdSet(
  deps: Pick<AppDeps, 'db' | 'storage' | 'pages' | 'log'>,
): Promise<LiveAdSet> {
  return readThroughShared(
    deps.pages,
    'ads:live-set',
    () => loadLiveAdSet(deps, LIVE_AD_SET_MAX),
    (error) => deps.log.warn({ err: error }, 'ads: live-ad set not cached'),
  );
}

/** Reads the live-ad set from the database: two queries, once per write generation. */
export async function loadLiveAdSet(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  max: number,
): Promise<LiveAdSet> {
  const rows = await listLiveAds(deps.db, max + 1);
  const ads = rows.slice(0, max);
  const servablePins = [...new Set(ads.filter((ad) => ad.servable).map((ad) => ad.pin_id))];
  const pinRows = await listPromotedPinRows(deps.db, servablePins);
  const pins: Record<string, Pin> = {};
  for (const row of pinRows) {
    // Only signed-in viewers are served ads: serialized as for any of them.
    pins[row.id] = serializePin(deps.storage, row, SIGNED_IN);
  }
  return { truncated: rows.length > max, ads, pins };
}

/** The ids of a live-ad set that findViewerAdState is bounded by, worked out once per set. */
interface LiveSetIds {
  adIds: string[];
  adGroupIds: string[];
  profileIds: string[];
}

const idsOfSet = new WeakMap<LiveAdSet, LiveSetIds>();

function liveSetIds(live: LiveAdSet): LiveSetIds {
  let ids = idsOfSet.get(live);
  if (ids === undefined) {
    const servable = live.ads.filter((ad) => ad.servable);
    ids = {
      adIds: servable.map((ad) => ad.ad_id),
      adGroupIds: [...new Set(servable.map((ad) => ad.ad_group_id))],
      profileIds: [...new Set(live.ads.map((ad) => ad.profile_id))],
    };
    idsOfSet.set(live, ids);
  }
  return ids;
}

/**
 * The viewer's ad state for this set and page: from the ad serving cache when it holds every part
 * (ADR 209: no query), else one findViewerAdState, whose answer the cache then keeps. Without a
 * bus (a caller outside an app) always the query.
 */
async function viewerAdState(
  deps: Pick<AppDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'bus'>>,
  live: LiveAdSet,
  query: ViewerAdStateQuery,
): Promise<ViewerAdState> {
  if (deps.bus === undefined) return findViewerAdState(deps.db, query);
  const cache = adServingCache({ bus: deps.bus, now: deps.now });
  const key = {
    set: live,
    viewerId: query.viewerId,
    day: query.day,
    page: query.pagePinIds.join(','),
  };
  const found = cache.lookup(key);
  if (found.viewer !== undefined && found.spend !== undefined && found.earned !== undefined) {
    return { ...found.viewer, spend: found.spend, earnedSaves: found.earned };
  }
  const readAt = deps.now().getTime();
  const state = await findViewerAdState(deps.db, query);
  cache.store(key, found.ticket, readAt, state);
  return state;
}

/**
 * The set's ads this viewer may be served now, best first (at most `limit`), and the earned
 * marks of the page's organic pins: the viewer's state from the ad serving cache or one query
 * (ADR 203, 209), plus one query only when a candidate's ad group excludes audiences. The same
 * rules as findServableAds and findEarnedAds.
 */
export async function servableFromLiveSet(
  deps: Pick<AppDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'bus'>>,
  live: LiveAdSet,
  viewer: Viewer,
  placement: AdPlacement,
  organicPinIds: readonly string[],
  limit: number,
): Promise<{ served: LiveAdRow[]; earned: Map<string, LiveAdRow> }> {
  const now = deps.now();
  const day = utcDay(now);
  const state = await viewerAdState(deps, live, {
    viewerId: viewer.id,
    viewerKey: viewerKey(viewer),
    day,
    frequencyCap: AD_FREQUENCY_CAP_PER_DAY,
    ...liveSetIds(live),
    pagePinIds: organicPinIds,
    interestBoardsMax: INTEREST_BOARDS_MAX,
  });
  const memberOf = new Set(state.memberOf);
  const running = live.ads.filter(
    (ad) => scheduleAllows(ad, now) && notOwnBusiness(ad, viewer.id, memberOf),
  );
  const earned = earnedFor(organicPinIds, running, state.earnedSaves);
  if (limit === 0) return { served: [], earned };
  const targeting = targetingOf(state.profile, now, placement);
  const hidden = new Set(state.hiddenAdIds);
  const capped = new Set(state.cappedAdIds);
  const spendOf = new Map(state.spend.map((row) => [row.ad_group_id, row]));
  const clock = { now, dayFraction: utcDayFraction(now), leadFraction: PACING_LEAD_FRACTION };
  const candidates = running.filter((ad) => {
    const spend = spendOf.get(ad.ad_group_id);
    return (
      ad.servable &&
      spend !== undefined &&
      !hidden.has(ad.ad_id) &&
      !capped.has(ad.ad_id) &&
      targetingAllows(ad.targeting_spec, ad.auto_targeting_enabled, targeting) &&
      budgetAllows(ad, spend) &&
      pacingAllows(ad, spend, clock)
    );
  });
  const excluding = candidates.filter(hasAudienceExclusions).map((ad) => ad.ad_id);
  const excluded = new Set(
    await findExcludedAdIds(deps.db, viewer.id, targeting.emailSha256, excluding),
  );
  const served = bestPerPin(
    candidates.filter((ad) => !excluded.has(ad.ad_id)),
    limit,
  );
  return { served, earned };
}

/** withPaidSlots and withEarnedTracking over the live-ad set (ADR 203). */
async function withLiveAdSet<T extends Pin>(
  deps: Pick<AppDeps, 'db' | 'now' | 'storage' | 'bus'>,
  live: LiveAdSet,
  viewer: Viewer,
  pins: T[],
  asItem: (pin: Pin) => T,
  placement: AdPlacement,
): Promise<T[]> {
  const organic = pins.filter((pin) => pin.is_promoted !== true).map((pin) => pin.id);
  const { served, earned } = await servableFromLiveSet(
    deps,
    live,
    viewer,
    placement,
    organic,
    usableSlots(pins.length).length,
  );
  const ads = served.filter((ad) => live.pins[ad.pin_id] !== undefined);
  const promotedIds = new Set(ads.map((ad) => ad.pin_id));
  const placed = pins.filter((pin) => !promotedIds.has(pin.id));
  const slots = usableSlots(placed.length);
  let slotIndex = 0;
  for (const ad of ads) {
    const pin = live.pins[ad.pin_id];
    const slot = slots[slotIndex];
    // A servable ad's business profile exists (listLiveAds), so both names are there.
    if (pin === undefined || slot === undefined) continue;
    if (ad.profile_username === null || ad.business_name === null) continue;
    const promoter = {
      ...ad,
      profile_username: ad.profile_username,
      business_name: ad.business_name,
    };
    placed.splice(slot - 1, 0, asItem(promotedPinOf(deps, pin, promoter)));
    slotIndex += 1;
  }
  return placed.map((pin) => {
    const ad = pin.is_promoted === true ? undefined : earned.get(pin.id);
    return ad === undefined ? pin : { ...pin, earned_tracking_params: ad.ad_id };
  });
}

/**
 * Marks earned pins on a page that has no paid slots (a board's pins): a signed-in viewer's
 * impression, closeup or outbound click of a running ad's pin there is earned (ADR 184, 191), as
 * in the home feed and search. Visitors get no marks (the dedupe needs a viewer).
 */
export async function withEarnedPins<T extends Pin>(
  deps: Pick<AppDeps, 'db' | 'now' | 'pages' | 'log'>,
  viewer: Viewer | null,
  pins: T[],
): Promise<T[]> {
  if (viewer === null || pins.length === 0 || !(await liveAdsExist(deps))) return pins;
  return withEarnedTracking(deps, viewer, pins);
}

/**
 * Marks the organic pins of a page that are earned engagement for a running ad (its pin, or a
 * save of it; ADR 184) with `earned_tracking_params`, so their viewable impression is counted as
 * earned. Promoted items (paid slots) are left alone.
 */
async function withEarnedTracking<T extends Pin>(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  pins: T[],
): Promise<T[]> {
  const organic = pins.filter((pin) => pin.is_promoted !== true).map((pin) => pin.id);
  const earned = await findEarnedAds(deps.db, organic, viewer.id, deps.now());
  if (earned.length === 0) return pins;
  const adOf = new Map(earned.map((row) => [row.pin_id, row.ad_id]));
  return pins.map((pin) => {
    const adId = pin.is_promoted === true ? undefined : adOf.get(pin.id);
    return adId === undefined ? pin : { ...pin, earned_tracking_params: adId };
  });
}

async function withPaidSlots<T extends Pin>(
  deps: Pick<AppDeps, 'db' | 'now' | 'storage'>,
  viewer: Viewer,
  pins: T[],
  asItem: (pin: Pin) => T,
  placement: AdPlacement,
): Promise<T[]> {
  const wanted = usableSlots(pins.length).length;
  if (wanted === 0) return pins;
  const now = deps.now();
  const ads = await findServableAds(deps.db, {
    viewerId: viewer.id,
    now,
    targeting: await viewerTargeting(deps, viewer, placement),
    viewerKey: viewerKey(viewer),
    day: utcDay(now),
    frequencyCap: AD_FREQUENCY_CAP_PER_DAY,
    dayFraction: utcDayFraction(now),
    leadFraction: PACING_LEAD_FRACTION,
    limit: wanted,
  });
  if (ads.length === 0) return pins;
  const rows = await listPromotedPinRows(
    deps.db,
    ads.map((ad) => ad.pin_id),
  );
  const byPin = new Map<string, PinListRow>(rows.map((row) => [row.id, row]));
  const promotedIds = new Set(ads.map((ad) => ad.pin_id));
  const placed = pins.filter((pin) => !promotedIds.has(pin.id));
  const slots = usableSlots(placed.length);
  let slotIndex = 0;
  for (const ad of ads) {
    const row = byPin.get(ad.pin_id);
    const slot = slots[slotIndex];
    if (!row || slot === undefined) continue;
    placed.splice(slot - 1, 0, asItem(promotedPin(deps, viewer, row, ad)));
    slotIndex += 1;
  }
  return placed;
}

function promotedPin(
  deps: Pick<AppDeps, 'storage'>,
  viewer: Viewer,
  row: PinListRow,
  ad: ServableAdRow,
): Pin {
  return promotedPinOf(deps, serializePin(deps.storage, row, serializeFor(viewer)), ad);
}

/** A serialized pin as the promoted item of `ad` (its promoter, tracking params). */
function promotedPinOf(
  deps: Pick<AppDeps, 'storage'>,
  pin: Pin,
  ad: Pick<
    ServableAdRow,
    'ad_id' | 'profile_id' | 'profile_username' | 'business_name' | 'profile_avatar_variants'
  >,
): Pin {
  return {
    ...pin,
    is_promoted: true,
    promoter: {
      id: ad.profile_id,
      username: ad.profile_username,
      full_name: ad.business_name,
      image_medium_url: avatarUrl(deps.storage, ad.profile_avatar_variants),
    },
    promoted_is_removable: false,
    tracking_params: ad.ad_id,
  };
}

export interface AdEventOutcome {
  /** False when the same viewer's event on this ad fell within the dedupe window. */
  counted: boolean;
  /** What the event was charged, in micro-currency (0 when not billable or out of budget). */
  charged_micro: number;
}

function isBillable(kind: AdEventKind, billable: 'CLICKTHROUGH' | 'IMPRESSION'): boolean {
  return billable === 'IMPRESSION' ? kind === 'IMPRESSION' : kind !== 'IMPRESSION';
}

/**
 * Records an impression, a closeup (the pin opened) or an outbound click of a promoted pin.
 * The ad must still be deliverable to the viewer (AD_NOT_DELIVERABLE otherwise), the event is
 * counted once per viewer and ad within AD_EVENT_DEDUPE_WINDOW_MS (closeups and outbound clicks
 * share the click window), and a billable event is charged if the budget covers it — all in one
 * transaction.
 */
export async function recordAdEvent(
  deps: Pick<AppDeps, 'db' | 'now' | 'bus'>,
  viewer: Viewer,
  adId: string,
  kind: AdEventKind,
): Promise<AdEventOutcome> {
  const now = deps.now();
  const day = utcDay(now);
  const ad = await findDeliverableAd(deps.db, adId, {
    viewerId: viewer.id,
    now,
    targeting: await viewerTargeting(deps, viewer, { surface: 'home' }),
  });
  if (!ad) throw new AppError('AD_NOT_DELIVERABLE');
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const counted = await countViewerEvent(trx, {
      viewerKey: viewerKey(viewer),
      day,
      adId: ad.ad_id,
      counter: kind === 'IMPRESSION' ? 'impressions' : 'clicks',
      now,
      windowStart: new Date(now.getTime() - AD_EVENT_DEDUPE_WINDOW_MS),
    });
    if (!counted) return { counted: false, charged_micro: 0 };
    const group = await trx
      .selectFrom('ad_groups')
      .select('billable_event')
      .where('id', '=', ad.ad_group_id)
      .executeTakeFirstOrThrow();
    const cost = isBillable(kind, group.billable_event)
      ? await chargeAdGroup(trx, ad.ad_group_id, day)
      : 0;
    await addToRollup(trx, { ad, day, counter: ROLLUP_COUNTER[kind], costMicro: cost });
    return { counted: true, charged_micro: cost };
  });
  // Committed: the viewer's next page (on any process) reads their counts again (the frequency
  // cap), and this process's next page reads the spend again (ADR 209).
  if (outcome.counted) {
    const cache = adServingCache(deps);
    cache.viewerChanged(viewer.id);
    if (outcome.charged_micro > 0) cache.spendChanged();
  }
  return outcome;
}

/**
 * An outbound click that went through /offsite/ on a pin the viewer may see. Paid (ADR 104,
 * unchanged) when marked isThirdPartyAd with the tracking params of an ad still deliverable to
 * the viewer for that pin: counted like any click, charged when billable. Otherwise earned
 * (ADR 191) when the pin is a running ad's pin or an earned save of it: counted once per viewer
 * and ad within the window, never charged. Anything else is no ad's click (the person still
 * leaves through /offsite/). Visitors count for neither: the dedupe needs a viewer.
 */
export async function recordOutboundPinClick(
  deps: Pick<AppDeps, 'db' | 'now' | 'log' | 'bus'>,
  click: PinOutboundClick,
): Promise<void> {
  const { viewer } = click;
  if (viewer === null) return;
  const tracking = click.trackingParams;
  if (click.isThirdPartyAd && tracking !== undefined && /^\d{1,18}$/.test(tracking)) {
    const ad = await findDeliverableAd(deps.db, tracking, {
      viewerId: viewer.id,
      now: deps.now(),
      targeting: await viewerTargeting(deps, viewer, { surface: 'home' }),
    });
    if (ad && ad.pin_id === click.pinId) {
      const outcome = await recordAdEvent(deps, viewer, ad.ad_id, 'OUTBOUND_CLICK');
      deps.log.debug({ ad_id: ad.ad_id, ...outcome }, 'ads: paid offsite click');
      return;
    }
  }
  const earned = (await findEarnedAds(deps.db, [click.pinId], viewer.id, deps.now()))[0];
  if (!earned) return;
  const outcome = await countEarnedEvent(deps, viewer, earned, 'OUTBOUND_CLICK');
  deps.log.debug({ ad_id: earned.ad_id, ...outcome }, 'ads: earned offsite click');
}

/** Drops viewer-day rows past AD_VIEWER_DAYS_KEEP_DAYS. */
export async function purgeOldViewerDays(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  const keepFrom = new Date(deps.now().getTime() - AD_VIEWER_DAYS_KEEP_DAYS * 86_400_000);
  return purgeViewerDays(deps.db, utcDay(keepFrom));
}

/**
 * 'Hide ad' on a promoted pin: never served to this person again (servableRules), and their
 * beacons for it refused; undone by hidden = false. Idempotent.
 */
export async function hideAd(
  deps: Pick<AppDeps, 'db' | 'now' | 'bus'>,
  viewer: Viewer,
  adId: string,
  hidden: boolean,
): Promise<{ ad_id: string; hidden: boolean }> {
  if (!(await setAdHidden(deps.db, viewer.id, adId, hidden))) throw new AppError('AD_NOT_FOUND');
  // A request that writes also makes a new live-ad set, which turns every kept state away; this
  // says so directly, so a hide never depends on how it was reached (ADR 209).
  adServingCache(deps).viewerChanged(viewer.id);
  return { ad_id: adId, hidden };
}

/**
 * Earned engagement's viewer-day counter and rollup column per event (ADR 184, 191): each kind
 * has its own dedupe window, unlike paid closeups and outbound clicks, which share one (ADR 104).
 */
const EARNED_COUNTER: Readonly<Record<AdEventKind, ViewerDayCounter & RollupCounter>> = {
  IMPRESSION: 'earned_impressions',
  CLOSEUP: 'earned_closeups',
  OUTBOUND_CLICK: 'earned_outbound_clicks',
};

/**
 * Counts one earned event of a running ad (found by findEarnedAds) once per viewer and ad within
 * AD_EVENT_DEDUPE_WINDOW_MS, into the ad's rollup of the UTC day; never charged (0 spend, the
 * budget untouched).
 */
async function countEarnedEvent(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  earned: EarnedAdRow,
  kind: AdEventKind,
): Promise<{ counted: boolean }> {
  const now = deps.now();
  const day = utcDay(now);
  return deps.db.transaction().execute(async (trx) => {
    const counted = await countViewerEvent(trx, {
      viewerKey: viewerKey(viewer),
      day,
      adId: earned.ad_id,
      counter: EARNED_COUNTER[kind],
      now,
      windowStart: new Date(now.getTime() - AD_EVENT_DEDUPE_WINDOW_MS),
    });
    if (counted) {
      await addToRollup(trx, { ad: earned, day, counter: EARNED_COUNTER[kind], costMicro: 0 });
    }
    return { counted };
  });
}

/**
 * An earned impression or closeup (ADR 184, 191): `pinId` was seen (IMPRESSION) or opened
 * (CLOSEUP) organically — not in a paid slot — and is the running ad's own pin or a save of it.
 * Counted once per viewer, ad and kind within the dedupe window; never charged.
 * AD_NOT_DELIVERABLE when the ad is not running, AD_EVENT_PIN_MISMATCH when the pin is not part
 * of it.
 */
export async function recordEarnedEvent(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  adId: string,
  pinId: string,
  kind: EarnedBeaconKind,
): Promise<{ counted: boolean }> {
  const now = deps.now();
  const earned = (await findEarnedAds(deps.db, [pinId], viewer.id, now))[0];
  if (!earned) {
    const running = await findEarnedAdForId(deps, viewer, adId, now);
    throw new AppError(running ? 'AD_EVENT_PIN_MISMATCH' : 'AD_NOT_DELIVERABLE');
  }
  if (earned.ad_id !== adId) throw new AppError('AD_EVENT_PIN_MISMATCH');
  return countEarnedEvent(deps, viewer, earned, kind);
}

async function findEarnedAdForId(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  adId: string,
  now: Date,
): Promise<boolean> {
  const ad = await deps.db
    .selectFrom('ads')
    .select('pin_id')
    .where('id', '=', adId)
    .executeTakeFirst();
  if (!ad) return false;
  return (await findEarnedAds(deps.db, [ad.pin_id], viewer.id, now)).some(
    (row) => row.ad_id === adId,
  );
}

/** A repin as the pins module reports it (onPinRepinned). */
export interface RepinEvent {
  viewer: Viewer;
  /** The new pin. */
  pinId: string;
  /** The pin saved. */
  repinOfId: string;
  /** The save's clientTrackingParams: a promoted pin's tracking params when saved from its slot. */
  trackingParams: string | undefined;
}

/**
 * A save of a running ad's pin or of an earned save of it (ADR 184): a paid save when it came
 * from the ad's paid slot (the save carries the ad's tracking params and the ad may still be
 * served to the viewer), else an earned save. Counted once per viewer and ad within the window;
 * never charged. The new pin joins the ad's earned pins either way, so engagement on it is earned.
 */
export async function recordAdSave(
  deps: Pick<AppDeps, 'db' | 'now'>,
  event: RepinEvent,
): Promise<{ counted: boolean; kind: 'paid' | 'earned' } | null> {
  const now = deps.now();
  const earned = (await findEarnedAds(deps.db, [event.repinOfId], event.viewer.id, now))[0];
  let kind: 'paid' | 'earned' = 'earned';
  let ad:
    Pick<ServableAdRow, 'ad_id' | 'ad_group_id' | 'campaign_id' | 'ad_account_id'> | undefined =
    earned;
  if (event.trackingParams !== undefined && /^\d{1,18}$/.test(event.trackingParams)) {
    const paid = await findDeliverableAd(deps.db, event.trackingParams, {
      viewerId: event.viewer.id,
      now,
      targeting: await viewerTargeting(deps, event.viewer, { surface: 'home' }),
    });
    if (paid && paid.pin_id === event.repinOfId) {
      ad = paid;
      kind = 'paid';
    }
  }
  if (!ad) return null;
  const found = ad;
  return deps.db.transaction().execute(async (trx) => {
    await insertEarnedPin(trx, event.pinId, found.ad_id);
    const counted = await countViewerEvent(trx, {
      viewerKey: viewerKey(event.viewer),
      day: utcDay(now),
      adId: found.ad_id,
      counter: 'saves',
      now,
      windowStart: new Date(now.getTime() - AD_SAVE_DEDUPE_WINDOW_MS),
    });
    if (counted) {
      await addToRollup(trx, {
        ad: found,
        day: utcDay(now),
        counter: kind === 'paid' ? 'paid_saves' : 'earned_saves',
        costMicro: 0,
      });
    }
    return { counted, kind };
  });
}

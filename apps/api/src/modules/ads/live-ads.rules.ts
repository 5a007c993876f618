// The serving rules of ADR 104/106/108/183/184 evaluated in memory over the live-ad set
// (docs/decisions/203), for one viewer whose state came from one query. Each function mirrors a
// fragment of delivery.repository.ts's SQL (named beside it), including how SQL treats a missing
// targeting key (NULL: the ad does not match); live-ads.int.test.ts checks that the two agree.
import type { StoredTargetingSpec } from '@corkboard/db/schema';
import { AGE_BUCKETS } from '@corkboard/shared/business/targeting';
import type { ViewerTargeting } from './delivery.repository.ts';
import type { GroupSpendRow, LiveAdRow } from './live-ads.repository.ts';

/** An ad group listing every age bucket does not narrow by age (as in SQL). */
const ALL_AGE_BUCKETS = AGE_BUCKETS.length;

function listOf(spec: StoredTargetingSpec, key: keyof StoredTargetingSpec): unknown[] | undefined {
  const value: unknown = (spec as unknown as Record<string, unknown>)[key];
  return Array.isArray(value) ? value : undefined;
}

/** `(spec->key) = []  OR  (spec->key) @> [value]`; a missing key matches nothing. */
function emptyOrHas(
  spec: StoredTargetingSpec,
  key: keyof StoredTargetingSpec,
  value: string,
): boolean {
  const list = listOf(spec, key);
  return list !== undefined && (list.length === 0 || list.includes(value));
}

/** targetingRules (delivery.repository.ts): the ad group's targeting spec against the viewer. */
export function targetingAllows(
  spec: StoredTargetingSpec,
  autoTargeting: boolean,
  viewer: ViewerTargeting,
): boolean {
  if (!emptyOrHas(spec, 'LOCATION', viewer.country)) return false;
  if (viewer.ageBucket === null) {
    const ages = listOf(spec, 'AGE_BUCKET');
    if (ages === undefined || (ages.length !== 0 && ages.length < ALL_AGE_BUCKETS)) return false;
  } else if (!emptyOrHas(spec, 'AGE_BUCKET', viewer.ageBucket)) {
    return false;
  }
  if (!emptyOrHas(spec, 'GENDER', viewer.gender)) return false;
  if (!autoTargeting) {
    const interests = listOf(spec, 'INTEREST');
    if (interests === undefined) return false;
    if (
      interests.length !== 0 &&
      !interests.some((id) => typeof id === 'string' && viewer.interests.includes(id))
    ) {
      return false;
    }
  }
  if (viewer.searchPhrase !== null) {
    const phrase = viewer.searchPhrase;
    const keywords = listOf(spec, 'KEYWORD');
    if (keywords === undefined) return false;
    if (
      keywords.length !== 0 &&
      !keywords.some(
        (word) => typeof word === 'string' && phrase.includes(` ${word.toLowerCase()} `),
      )
    ) {
      return false;
    }
  }
  return true;
}

/** Whether the ad group names excluded audiences (only the database can tell who is in them). */
export function hasAudienceExclusions(ad: LiveAdRow): boolean {
  const list = listOf(ad.targeting_spec, 'AUDIENCE_EXCLUDE');
  return list !== undefined && list.length > 0;
}

/** `g.start_time <= now AND (g.end_time IS NULL OR g.end_time > now)`. */
export function scheduleAllows(ad: LiveAdRow, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(ad.start_time) <= at && (ad.end_time === null || Date.parse(ad.end_time) > at);
}

/** Not the viewer's own business: its profile, or a business they are a member of. */
export function notOwnBusiness(
  ad: LiveAdRow,
  viewerId: string,
  memberOf: ReadonlySet<string>,
): boolean {
  return ad.profile_id !== viewerId && !memberOf.has(ad.profile_id);
}

/** Budget left for one more billable event (findServableAds' budget line). */
export function budgetAllows(ad: LiveAdRow, spend: GroupSpendRow): boolean {
  const spent = BigInt(ad.budget_type === 'DAILY' ? spend.today_micro : spend.spent_micro);
  return spent + BigInt(ad.cost_micro) <= BigInt(ad.budget_micro);
}

export interface PacingClock {
  now: Date;
  /** How far through its UTC day `now` is, 0–1. */
  dayFraction: number;
  leadFraction: number;
}

/** pacingRule (delivery.repository.ts, ADR 108), in the same float8 arithmetic. */
export function pacingAllows(ad: LiveAdRow, spend: GroupSpendRow, clock: PacingClock): boolean {
  if (ad.pacing_delivery_type === 'ACCELERATED') return true;
  const cost = BigInt(ad.cost_micro);
  const budget = Number(BigInt(ad.budget_micro));
  if (ad.budget_type === 'DAILY') {
    const today = BigInt(spend.today_micro);
    return (
      today === 0n ||
      Number(today + cost) <= budget * Math.min(1, clock.dayFraction + clock.leadFraction)
    );
  }
  if (ad.end_time === null) return true;
  const start = Date.parse(ad.start_time);
  const end = Date.parse(ad.end_time);
  if (end <= start) return true;
  const spent = BigInt(spend.spent_micro);
  const gone = (clock.now.getTime() - start) / (end - start);
  return spent === 0n || Number(spent + cost) <= budget * Math.min(1, gone + clock.leadFraction);
}

function compareIds(left: string, right: string): number {
  const a = BigInt(left);
  const b = BigInt(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * findServableAds' ordering: one ad per pin (the best bid, then the lowest id), then best bid
 * first, lowest id first, at most `limit`.
 */
export function bestPerPin(servable: readonly LiveAdRow[], limit: number): LiveAdRow[] {
  const best = new Map<string, LiveAdRow>();
  for (const ad of servable) {
    const held = best.get(ad.pin_id);
    if (held === undefined) {
      best.set(ad.pin_id, ad);
      continue;
    }
    const bid = compareIds(ad.bid_micro, held.bid_micro);
    if (bid > 0 || (bid === 0 && compareIds(ad.ad_id, held.ad_id) < 0)) best.set(ad.pin_id, ad);
  }
  return [...best.values()]
    .sort((a, b) => compareIds(b.bid_micro, a.bid_micro) || compareIds(a.ad_id, b.ad_id))
    .slice(0, limit);
}

/**
 * findEarnedAds over the set: for each pin, the running ad it is earned engagement for — the
 * ad's own pin or a recorded save of it — the lowest ad id when several are.
 */
export function earnedFor(
  pinIds: readonly string[],
  running: readonly LiveAdRow[],
  earnedSaves: readonly { pin_id: string; ad_id: string }[],
): Map<string, LiveAdRow> {
  const wanted = new Set(pinIds);
  const byId = new Map(running.map((ad) => [ad.ad_id, ad]));
  const earned = new Map<string, LiveAdRow>();
  const offer = (pinId: string, ad: LiveAdRow | undefined) => {
    if (ad === undefined || !wanted.has(pinId)) return;
    const held = earned.get(pinId);
    if (held === undefined || compareIds(ad.ad_id, held.ad_id) < 0) earned.set(pinId, ad);
  };
  for (const ad of running) offer(ad.pin_id, ad);
  for (const save of earnedSaves) offer(save.pin_id, byId.get(save.ad_id));
  return earned;
}

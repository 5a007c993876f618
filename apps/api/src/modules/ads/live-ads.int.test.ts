// The live-ad set (docs/decisions/203): serving from the cached set plus one viewer query picks
// exactly what the servable-ads and earned-ads queries pick — over targeting (with a missing
// key), audiences, schedule, budget, pacing, frequency, hidden ads, own business, secret boards
// and bids — and the set is what the feed serves until a write, which drops it at once, while
// spend (within AD_SPEND_STALE_MS, ADR 209) and impressions (no write) still apply.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import { AD_SPEND_STALE_MS } from './ad-serving-cache.ts';
import { findEarnedAds, findServableAds } from './delivery.repository.ts';
import {
  AD_FREQUENCY_CAP_PER_DAY,
  emailSha256Of,
  loadLiveAdSet,
  PACING_LEAD_FRACTION,
  PROMOTED_SLOT_POSITIONS,
  servableFromLiveSet,
  utcDay,
  utcDayFraction,
  viewerTargeting,
  type AdPlacement,
} from './delivery.service.ts';
import { promoteAd, type PromotedAd } from '../../test/promoted-ad.ts';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let operator: UserFixture;
let advertiserId: string;
let profileId: string;
let publicPinId: string;
let otherPinId: string;
let secretPinId: string;
const LINK = 'https://maras.test/tart';
const NOW = new Date('2026-11-24T06:00:00Z');

function promotedAd(pinId: string): Promise<PromotedAd> {
  return promoteAd({
    client: test.client,
    advertiserId,
    pinId,
    link: LINK,
    owner,
    approvedBy: operator,
    values: { budget: 3 },
  });
}

/**
 * A copy of `base`'s ad group (with `group` changed) holding a copy of its ad (on `pinId`):
 * written straight to the tables, for the rule-by-rule comparison only.
 */
async function variant(
  base: PromotedAd,
  group: Record<string, unknown>,
  pinId: string,
): Promise<{ adId: string; adGroupId: string }> {
  const g = await sql<{ id: string }>`
    INSERT INTO ad_groups SELECT (jsonb_populate_record(NULL::ad_groups, to_jsonb(g)
      || jsonb_build_object('id', nextval(pg_get_serial_sequence('ad_groups', 'id')))
      || ${JSON.stringify(group)}::jsonb)).*
    FROM ad_groups g WHERE g.id = ${base.adGroupId}
    RETURNING id::text AS id`.execute(handle.db);
  const adGroupId = g.rows[0]?.id ?? '';
  const a = await sql<{ id: string }>`
    INSERT INTO ads SELECT (jsonb_populate_record(NULL::ads, to_jsonb(a)
      || jsonb_build_object('id', nextval(pg_get_serial_sequence('ads', 'id')),
           'ad_group_id', ${adGroupId}::bigint, 'pin_id', ${pinId}::bigint))).*
    FROM ads a WHERE a.id = ${base.adId}
    RETURNING id::text AS id`.execute(handle.db);
  return { adId: a.rows[0]?.id ?? '', adGroupId };
}

const ALL_AGES = ['18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'];
const EVERYONE = {
  LOCATION: [],
  AGE_BUCKET: [],
  GENDER: [],
  INTEREST: [],
  KEYWORD: [],
  AUDIENCE_EXCLUDE: [],
};

function deps() {
  return { db: handle.db, now: () => test.clock.now(), storage: test.storage };
}

async function exact(viewer: UserFixture, placement: AdPlacement): Promise<string[]> {
  const now = test.clock.now();
  const rows = await findServableAds(handle.db, {
    viewerId: viewer.id,
    now,
    targeting: await viewerTargeting(deps(), viewer, placement),
    viewerKey: `u:${viewer.id}`,
    day: utcDay(now),
    frequencyCap: AD_FREQUENCY_CAP_PER_DAY,
    dayFraction: utcDayFraction(now),
    leadFraction: PACING_LEAD_FRACTION,
    limit: 50,
  });
  return rows.map((row) => row.ad_id);
}

async function fromSet(
  viewer: UserFixture,
  placement: AdPlacement,
  pagePins: string[] = [],
): Promise<{ served: string[]; earned: Record<string, string> }> {
  const live = await loadLiveAdSet(deps(), 1000);
  expect(live.truncated).toBe(false);
  const answer = await servableFromLiveSet(deps(), live, viewer, placement, pagePins, 50);
  return {
    served: answer.served.map((ad) => ad.ad_id),
    earned: Object.fromEntries([...answer.earned].map(([pin, ad]) => [pin, ad.ad_id])),
  };
}

async function homeFeed(who: UserFixture): Promise<Pin[]> {
  const answer = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=25', who);
  expect(answer.status).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db, { clock: new TestClock(NOW) });
  owner = await f.user({ username: 'live_owner' });
  operator = await f.user({ username: 'live_operator', isAdmin: true });
  const created = await test.client.send<BusinessCreated>(
    'POST',
    '/v3/business/create/',
    { business_name: 'Live Co', country: 'US', language: 'en', advertising_intent: 'products' },
    owner,
  );
  advertiserId = created.data.advertiser_id;
  profileId = created.data.profile.id;
  const board = await f.board(owner, { name: 'Tarts' });
  publicPinId = (await f.pin({ board, title: 'Lemon tart', link: LINK })).id;
  otherPinId = (await f.pin({ board, title: 'Apple tart', link: LINK })).id;
  const secret = await f.board(owner, { name: 'Hidden tarts', privacy: 'secret' });
  secretPinId = (await f.pin({ board: secret, title: 'Secret tart', link: LINK })).id;
  const baker = await f.user({ username: 'live_baker' });
  const bakes = await f.board(baker, { name: 'Bakes' });
  for (let index = 0; index < 30; index += 1) {
    await f.pin({ board: bakes, title: `Sourdough ${index}` });
  }
  await test.app.pageCache.invalidate();
}, 60_000);

beforeEach(async () => {
  // Each test starts with no running campaign.
  await sql`UPDATE ad_campaigns SET status = 'PAUSED'`.execute(handle.db);
  await test.app.pageCache.invalidate();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('the live-ad set serves what the servable-ads query serves', () => {
  it('agrees rule by rule, for several viewers, at home and in search', async () => {
    const base = await promotedAd(publicPinId);
    const day = utcDay(NOW);
    const ids: Record<string, string> = {};
    // Each variant on a pin of its own (one ad per pin is served), unless it competes for one.
    const tarts = await f.board(owner, { name: 'More tarts' });
    const add = async (name: string, group: Record<string, unknown>, pin?: string) => {
      const pinId = pin ?? (await f.pin({ board: tarts, title: `Tart ${name}`, link: LINK })).id;
      const made = await variant(base, group, pinId);
      ids[name] = made.adId;
      return made;
    };
    await sql`UPDATE ad_groups SET targeting_spec = ${JSON.stringify(EVERYONE)}::jsonb,
      bid_in_micro_currency = 2000000 WHERE id = ${base.adGroupId}`.execute(handle.db);
    await add('france', { targeting_spec: { ...EVERYONE, LOCATION: ['FR'] } });
    await add('us', { targeting_spec: { ...EVERYONE, LOCATION: ['US'] } });
    await add('young', { targeting_spec: { ...EVERYONE, AGE_BUCKET: ['18-24'] } });
    await add('all-ages', { targeting_spec: { ...EVERYONE, AGE_BUCKET: ALL_AGES } });
    await add('women', { targeting_spec: { ...EVERYONE, GENDER: ['female'] } });
    await add('baking', {
      targeting_spec: { ...EVERYONE, INTEREST: ['900'] },
      auto_targeting_enabled: false,
    });
    await add('baking-auto', {
      targeting_spec: { ...EVERYONE, INTEREST: ['900'] },
      auto_targeting_enabled: true,
    });
    await add('keyword', { targeting_spec: { ...EVERYONE, KEYWORD: ['Lemon'] } });
    await add('no-gender-key', {
      targeting_spec: { ...EVERYONE, GENDER: undefined },
      bid_in_micro_currency: 9000000,
    });
    await add('future', { start_time: '2026-11-25T00:00:00Z' });
    await add('ended', { start_time: '2026-11-23T00:00:00Z', end_time: '2026-11-24T05:00:00Z' });
    const daily = await add('daily-spent', {
      budget_type: 'DAILY',
      budget_in_micro_currency: 1000000,
      pacing_delivery_type: 'ACCELERATED',
    });
    const paced = await add('paced', {
      budget_type: 'DAILY',
      budget_in_micro_currency: 100000000,
      pacing_delivery_type: 'STANDARD',
    });
    const lifetime = await add('lifetime-paced', {
      budget_type: 'LIFETIME',
      budget_in_micro_currency: 100000000,
      pacing_delivery_type: 'STANDARD',
      start_time: '2026-11-24T00:00:00Z',
      end_time: '2026-11-25T00:00:00Z',
      spent_micro: 40000000,
    });
    await add('lifetime-late', {
      budget_type: 'LIFETIME',
      budget_in_micro_currency: 100000000,
      pacing_delivery_type: 'STANDARD',
      start_time: '2026-11-01T00:00:00Z',
      end_time: '2026-11-25T00:00:00Z',
      spent_micro: 90000000,
    });
    const roomy = { budget_in_micro_currency: 100000000 };
    await add('same-pin-low-bid', { ...roomy, bid_in_micro_currency: 1000000 }, publicPinId);
    await add('same-pin-high-bid', { ...roomy, bid_in_micro_currency: 5000000 }, publicPinId);
    await add('secret-board', { bid_in_micro_currency: 8000000 }, secretPinId);
    const hidden = await add('hidden', {});
    const capped = await add('capped', {});

    // Spend written as charging would: the daily group has no event left, the paced ones are
    // ahead of their even line (06:00 is a quarter of the day; a lifetime quarter too).
    await sql`INSERT INTO ad_group_spend_days (ad_group_id, day, spent_micro) VALUES
      (${daily.adGroupId}, ${day}, 999500), (${paced.adGroupId}, ${day}, 40000000),
      (${lifetime.adGroupId}, ${day}, 1)`.execute(handle.db);

    const anna = await f.user({ username: 'anna_fr' });
    const bob = await f.user({ username: 'bob_member' });
    const cleo = await f.user({ username: 'cleo_unknown' });
    await sql`UPDATE users SET country = 'US', birthday = '1990-03-01', gender = 'female',
      email = 'anna@example.com', email_verified = true WHERE id = ${anna.id}`.execute(handle.db);
    await sql`UPDATE users SET country = 'FR', birthday = '2005-01-01', gender = 'male'
      WHERE id = ${bob.id}`.execute(handle.db);
    await sql`UPDATE users SET country = NULL, birthday = NULL, gender = NULL
      WHERE id = ${cleo.id}`.execute(handle.db);
    await f.board(anna, { name: 'Dinner recipes' });
    await sql`INSERT INTO ad_hides (ad_id, user_id) VALUES (${hidden.adId}, ${anna.id})`.execute(
      handle.db,
    );
    await sql`INSERT INTO ad_viewer_days (viewer_key, day, ad_id, impressions)
      VALUES (${`u:${anna.id}`}, ${day}, ${capped.adId}, ${AD_FREQUENCY_CAP_PER_DAY})`.execute(
      handle.db,
    );
    await sql`INSERT INTO business_members (profile_id, user_id, permissions)
      VALUES (${profileId}, ${bob.id}, ARRAY['ADMIN'])`.execute(handle.db);
    // A customer list with Anna's e-mail, excluded by one ad group.
    const audience = await sql<{ id: string }>`
      INSERT INTO ad_audiences (ad_account_id, name, audience_type)
      VALUES (${advertiserId}, 'Customers', 'CUSTOMER_LIST') RETURNING id::text AS id`.execute(
      handle.db,
    );
    const audienceId = audience.rows[0]?.id ?? '';
    await sql`INSERT INTO ad_audience_members (audience_id, email_sha256)
      VALUES (${audienceId}, ${emailSha256Of('anna@example.com')})`.execute(handle.db);
    await add('excludes-customers', {
      targeting_spec: { ...EVERYONE, AUDIENCE_EXCLUDE: [audienceId] },
    });

    const viewers = [anna, bob, cleo, owner];
    const placements: AdPlacement[] = [
      { surface: 'home' },
      { surface: 'search', query: 'lemon tart' },
      { surface: 'search', query: 'bread' },
    ];
    for (const who of viewers) {
      for (const placement of placements) {
        const expected = await exact(who, placement);
        const actual = await fromSet(who, placement);
        expect(actual.served, `${who.username} ${JSON.stringify(placement)}`).toEqual(expected);
      }
    }

    // The comparison means something: the rules cut the set differently per viewer.
    const annaHome = (await fromSet(anna, { surface: 'home' })).served;
    expect(annaHome).toContain(ids.women);
    expect(annaHome).toContain(ids.baking);
    expect(annaHome).toContain(ids['lifetime-late']);
    for (const name of [
      'france',
      'young',
      'hidden',
      'capped',
      'future',
      'ended',
      'daily-spent',
      'paced',
      'lifetime-paced',
      'excludes-customers',
      'secret-board',
      'no-gender-key',
      'same-pin-low-bid',
    ]) {
      expect(annaHome, name).not.toContain(ids[name]);
    }
    expect(annaHome[0]).toBe(ids['same-pin-high-bid']);
    const cleoHome = (await fromSet(cleo, { surface: 'home' })).served;
    expect(cleoHome).toContain(ids['all-ages']);
    expect(cleoHome).not.toContain(ids.young);
    expect(cleoHome).toContain(ids['excludes-customers']);
    expect(cleoHome).toContain(ids.capped);
    expect((await fromSet(bob, { surface: 'home' })).served).toEqual([]);
    expect((await fromSet(owner, { surface: 'home' })).served).toEqual([]);
    const searchBread = (await fromSet(cleo, { surface: 'search', query: 'bread' })).served;
    expect(searchBread).not.toContain(ids.keyword);
    expect((await fromSet(cleo, { surface: 'search', query: 'lemon tart' })).served).toContain(
      ids.keyword,
    );

    // Earned marks: the ad's own pin and a recorded save of it, the lowest running ad id.
    const saver = await f.user({ username: 'live_saver' });
    const saves = await f.board(saver, { name: 'Saved tarts' });
    const saved = await f.pin({ board: saves, title: 'Saved lemon tart' });
    await sql`INSERT INTO ad_earned_pins (pin_id, ad_id) VALUES (${saved.id}, ${ids.future})`.execute(
      handle.db,
    );
    const page = [publicPinId, otherPinId, secretPinId, saved.id];
    for (const who of viewers) {
      const expected = await findEarnedAds(handle.db, page, who.id, test.clock.now());
      const actual = await fromSet(who, { surface: 'home' }, page);
      expect(actual.earned, who.username).toEqual(
        Object.fromEntries(expected.map((row) => [row.pin_id, row.ad_id])),
      );
    }
    // The saved pin's ad has not started: no mark for it; the others are marked.
    const annaEarned = (await fromSet(anna, { surface: 'home' }, page)).earned;
    expect(annaEarned[saved.id]).toBeUndefined();
    expect(annaEarned[publicPinId]).toBe(base.adId);
    expect((await fromSet(bob, { surface: 'home' }, page)).earned).toEqual({});
  }, 60_000);

  it('holds at most its cap of ads, and says when there were more', async () => {
    await promotedAd(publicPinId);
    await promotedAd(otherPinId);
    const live = await loadLiveAdSet(deps(), 1);
    expect(live.truncated).toBe(true);
    expect(live.ads).toHaveLength(1);
    expect((await loadLiveAdSet(deps(), 2)).truncated).toBe(false);
  });
});

describe('the feed serves the cached set', () => {
  it('until a write drops it; spend and impressions apply without one', async () => {
    const ad = await promotedAd(publicPinId);
    const someone = await f.user({ username: 'live_reader' });
    const slot = PROMOTED_SLOT_POSITIONS[0] - 1;
    expect((await homeFeed(someone))[slot]).toMatchObject({ tracking_params: ad.adId });

    // Paused behind the app's back: the cached set still serves it (the cache is what answers).
    await sql`UPDATE ad_campaigns SET status = 'PAUSED' WHERE id = ${ad.campaignId}`.execute(
      handle.db,
    );
    expect((await homeFeed(someone))[slot]).toMatchObject({ tracking_params: ad.adId });
    // Any write through the API (here: resuming, then pausing through the console) drops it.
    const resumed = await test.client.send(
      'PUT',
      `/v3/ads/advertisers/${advertiserId}/campaigns/${ad.campaignId}/status/`,
      { status: 'ACTIVE' },
      owner,
    );
    expect(resumed.status).toBe(200);
    expect((await homeFeed(someone))[slot]).toMatchObject({ tracking_params: ad.adId });
    const paused = await test.client.send(
      'PUT',
      `/v3/ads/advertisers/${advertiserId}/campaigns/${ad.campaignId}/status/`,
      { status: 'PAUSED' },
      owner,
    );
    expect(paused.status).toBe(200);
    expect((await homeFeed(someone)).some((pin) => pin.is_promoted === true)).toBe(false);

    // Spend needs no write: the day's budget used up by charges (here behind the app's back, as
    // another process's charges are) stops serving once the kept spend is AD_SPEND_STALE_MS old
    // (ADR 209; a charge in this process shows at once: ad-serving-cache.int.test.ts).
    const again = await promotedAd(otherPinId);
    expect((await homeFeed(someone))[slot]).toMatchObject({ tracking_params: again.adId });
    await sql`INSERT INTO ad_group_spend_days (ad_group_id, day, spent_micro)
      SELECT id, ${utcDay(NOW)}, budget_in_micro_currency FROM ad_groups
      WHERE id = ${again.adGroupId}`.execute(handle.db);
    test.clock.advance(AD_SPEND_STALE_MS);
    expect((await homeFeed(someone)).some((pin) => pin.is_promoted === true)).toBe(false);
  });
});

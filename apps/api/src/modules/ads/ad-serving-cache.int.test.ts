// The viewer's ad state kept between requests (docs/decisions/209): a signed-in page with a live
// ad is served from it — proved by changes made behind the app's back, which show only once the
// named tolerance has passed — while the viewer's own impressions (the frequency cap), a hide and
// a charge in this process show on the very next page, also across two processes on one Redis.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { startRedisServer } from '../../test/redis-server.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import { AD_SPEND_STALE_MS, AD_VIEWER_STATE_TTL_MS } from './ad-serving-cache.ts';
import { AD_EVENT_DEDUPE_WINDOW_MS, AD_FREQUENCY_CAP_PER_DAY } from './delivery.service.ts';
import { promoteAd, type PromotedAd } from '../../test/promoted-ad.ts';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let operator: UserFixture;
let advertiserId: string;
let pinId: string;
let viewerCount = 0;
const LINK = 'https://serving-cache.test/tart';
// Early in a UTC day: the clock moves by hours below and never crosses midnight.
const clock = new TestClock(new Date('2026-11-24T02:00:00Z'));

async function viewer(): Promise<UserFixture> {
  viewerCount += 1;
  return f.user({ username: `serving_cache_viewer_${viewerCount}` });
}

function promotedAd(): Promise<PromotedAd> {
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

async function promotedOn(app: TestApp, who: UserFixture): Promise<string[]> {
  const answer = await app.client.get<Pin[]>('/v3/feeds/home/?page_size=25', who);
  expect(answer.status).toBe(200);
  return answer.data
    .filter((pin) => pin.is_promoted === true)
    .map((pin) => pin.tracking_params ?? '');
}

const promoted = (who: UserFixture) => promotedOn(test, who);

async function impression(app: TestApp, who: UserFixture, adId: string): Promise<void> {
  const answer = await app.client.send<{ counted: boolean }>(
    'POST',
    '/v3/ads/events/',
    { tracking_params: adId, event: 'IMPRESSION' },
    who,
  );
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ counted: true });
}

/**
 * All impressions but the last one that reaches the cap, each in its own dedupe window, then a
 * page read after the last window opened — the page the kept state now comes from.
 */
async function upToTheLastImpression(app: TestApp, who: UserFixture, adId: string) {
  for (let shown = 1; shown < AD_FREQUENCY_CAP_PER_DAY; shown += 1) {
    await impression(app, who, adId);
    clock.advance(AD_EVENT_DEDUPE_WINDOW_MS + 1000);
  }
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db, { clock });
  owner = await f.user({ username: 'serving_cache_owner' });
  operator = await f.user({ username: 'serving_cache_operator', isAdmin: true });
  const created = await test.client.send<BusinessCreated>(
    'POST',
    '/v3/business/create/',
    { business_name: 'Cache Co', country: 'US', language: 'en', advertising_intent: 'products' },
    owner,
  );
  advertiserId = created.data.advertiser_id;
  const board = await f.board(owner, { name: 'Tarts' });
  pinId = (await f.pin({ board, title: 'Lemon tart', link: LINK })).id;
  const baker = await f.user({ username: 'serving_cache_baker' });
  const bakes = await f.board(baker, { name: 'Bakes' });
  for (let index = 0; index < 30; index += 1) {
    await f.pin({ board: bakes, title: `Sourdough ${index}` });
  }
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

describe("the viewer's ad state is kept between pages", () => {
  it('a hide written behind the app’s back shows within AD_VIEWER_STATE_TTL_MS', async () => {
    const ad = await promotedAd();
    const someone = await viewer();
    expect(await promoted(someone)).toEqual([ad.adId]);
    await sql`INSERT INTO ad_hides (user_id, ad_id) VALUES (${someone.id}, ${ad.adId})`.execute(
      handle.db,
    );
    // Kept: no query asked (the proof that the page came from the kept state)…
    expect(await promoted(someone)).toEqual([ad.adId]);
    // …and never longer than the TTL (sooner when the spend is read again, which reads it all).
    clock.advance(AD_VIEWER_STATE_TTL_MS);
    expect(await promoted(someone)).toEqual([]);
  });

  it('spend charged behind the app’s back shows after AD_SPEND_STALE_MS; a charge here at once', async () => {
    const ad = await promotedAd();
    // Accelerated, so only the budget holds it back; the day's spend one event short of it.
    await sql`UPDATE ad_groups SET pacing_delivery_type = 'ACCELERATED'
      WHERE id = ${ad.adGroupId}`.execute(handle.db);
    await test.app.pageCache.invalidate();
    const someone = await viewer();
    const other = await viewer();
    expect(await promoted(someone)).toEqual([ad.adId]);
    const day = clock.now().toISOString().slice(0, 10);
    await sql`INSERT INTO ad_group_spend_days (ad_group_id, day, spent_micro)
      SELECT id, ${day}, budget_in_micro_currency FROM ad_groups
      WHERE id = ${ad.adGroupId}`.execute(handle.db);
    expect(await promoted(someone)).toEqual([ad.adId]);
    clock.advance(AD_SPEND_STALE_MS);
    expect(await promoted(someone)).toEqual([]);

    // One billable event left: the charge through this process stops the ad on the next page.
    await sql`UPDATE ad_group_spend_days SET spent_micro = spent_micro - (
        SELECT CASE billable_event WHEN 'CLICKTHROUGH' THEN bid_in_micro_currency
          ELSE greatest(1, round(bid_in_micro_currency / 1000.0))::bigint END
        FROM ad_groups WHERE id = ${ad.adGroupId})
      WHERE ad_group_id = ${ad.adGroupId} AND day = ${day}`.execute(handle.db);
    clock.advance(AD_SPEND_STALE_MS);
    const billable = await handle.db
      .selectFrom('ad_groups')
      .select('billable_event')
      .where('id', '=', ad.adGroupId)
      .executeTakeFirstOrThrow();
    expect(await promoted(someone)).toEqual([ad.adId]);
    expect(await promoted(other)).toEqual([ad.adId]);
    const event = billable.billable_event === 'IMPRESSION' ? 'IMPRESSION' : 'CLOSEUP';
    const charged = await test.client.send<{ counted: boolean }>(
      'POST',
      '/v3/ads/events/',
      { tracking_params: ad.adId, event },
      someone,
    );
    expect(charged.data).toEqual({ counted: true });
    expect(await promoted(other)).toEqual([]);
  });
});

describe('what the viewer does shows on their next page', () => {
  it('the impression that reaches the frequency cap', async () => {
    const ad = await promotedAd();
    const someone = await viewer();
    await upToTheLastImpression(test, someone, ad.adId);
    expect(await promoted(someone)).toEqual([ad.adId]);
    await impression(test, someone, ad.adId);
    expect(await promoted(someone)).toEqual([]);
    // Someone else's kept state is theirs: they still get it.
    expect(await promoted(await viewer())).toEqual([ad.adId]);
  });

  it('a hide, and its undo', async () => {
    const ad = await promotedAd();
    const someone = await viewer();
    expect(await promoted(someone)).toEqual([ad.adId]);
    const hide = await test.client.send('PUT', `/v3/ads/${ad.adId}/hide/`, undefined, someone);
    expect(hide.status).toBe(200);
    expect(await promoted(someone)).toEqual([]);
    const undo = await test.client.send('DELETE', `/v3/ads/${ad.adId}/hide/`, undefined, someone);
    expect(undo.status).toBe(200);
    expect(await promoted(someone)).toEqual([ad.adId]);
  });
});

describe('several processes sharing Redis', () => {
  it('an impression recorded through A reaches the cap on the page B serves next', async () => {
    const redis = await startRedisServer();
    const options = { clock, config: { redisUrl: redis.url } };
    const [a, b] = await Promise.all([
      buildTestApp(handle.db, options),
      buildTestApp(handle.db, options),
    ]);
    try {
      const ad = await promotedAd();
      const someone = await viewer();
      await upToTheLastImpression(a, someone, ad.adId);
      expect(await promotedOn(b, someone)).toEqual([ad.adId]);
      // Kept on B: a hide behind the app's back is not seen there yet.
      const other = await viewer();
      expect(await promotedOn(b, other)).toEqual([ad.adId]);
      await sql`INSERT INTO ad_hides (user_id, ad_id) VALUES (${other.id}, ${ad.adId})`.execute(
        handle.db,
      );
      expect(await promotedOn(b, other)).toEqual([ad.adId]);

      await impression(a, someone, ad.adId);
      // The message travels through Redis: wait for what the viewer would see, not a fixed time.
      await vi.waitFor(async () => expect(await promotedOn(b, someone)).toEqual([]), {
        timeout: 5_000,
        interval: 20,
      });
      // Only that viewer's state was dropped.
      expect(await promotedOn(b, other)).toEqual([ad.adId]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await redis.stop();
    }
  });
});

// Ad delivery (docs/decisions/104): which promoted pins the home feed and search serve (approved
// only, active, budget left, under the frequency cap, never to the business itself, never from a
// secret board nor in the viewer's own scopes), impressions and clicks counted once per window,
// /offsite/ ad clicks through the offsite service, charging that never passes the budget under
// concurrent events, and the console's numbers.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type {
  CampaignDay,
  CampaignDetail,
  CampaignItem,
} from '@corkboard/shared/business/campaigns';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { SearchAnswer } from '@corkboard/shared/search/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { answer, csrfHeaders, type Who } from '../../test/api-client.ts';
import { TEST_VIEWER_HEADER } from '../../test/test-viewer.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import {
  AD_EVENT_DEDUPE_WINDOW_MS,
  AD_FREQUENCY_CAP_PER_DAY,
  PROMOTED_SLOT_POSITIONS,
} from './delivery.service.ts';
import { promoteAd, type PromotedAd } from '../../test/promoted-ad.ts';

const CODES = ERROR_CODES;
const DAY_MS = 86_400_000;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let operator: UserFixture;
let advertiserId: string;
let profileId: string;
let promotedBoardId: string;
let promotedPinId: string;
let viewerCount = 0;

const LINK = 'https://maras.test/tart';

async function viewer(): Promise<UserFixture> {
  viewerCount += 1;
  return f.user({ username: `viewer_${viewerCount}` });
}

/** A quick-promoted ad of the promoted pin, approved by an operator unless `approve` is false. */
async function promotedAd(
  options: { budget?: number; webConversion?: boolean; approve?: boolean; pinId?: string } = {},
): Promise<PromotedAd> {
  let tagId: string | undefined;
  if (options.webConversion) {
    const tag = await handle.db
      .insertInto('ad_conversion_tags')
      .values({ ad_account_id: advertiserId, name: 'Checkout' })
      .returning('id')
      .executeTakeFirstOrThrow();
    tagId = tag.id;
  }
  return promoteAd({
    client: test.client,
    advertiserId,
    pinId: options.pinId ?? promotedPinId,
    link: LINK,
    owner,
    ...(options.approve === false ? {} : { approvedBy: operator }),
    values: {
      budget: options.budget ?? 3,
      ...(tagId
        ? {
            ad_type: 'web_conversion' as const,
            selected_ocpm_tag: { conversionTagId: tagId, conversionEvent: 'CHECKOUT' as const },
          }
        : {}),
    },
  });
}

async function homeFeed(who: Who): Promise<Pin[]> {
  const answer = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=25', who);
  expect(answer.status).toBe(200);
  return answer.data;
}

function promotedIn(pins: Pin[]): Pin[] {
  return pins.filter((pin) => pin.is_promoted === true);
}

function beacon(who: Who, adId: string, event: 'IMPRESSION' | 'CLOSEUP') {
  return test.client.send<{ counted: boolean }>(
    'POST',
    '/v3/ads/events/',
    { tracking_params: adId, event },
    who,
  );
}

async function campaign(campaignId: string): Promise<CampaignDetail> {
  const answer = await test.client.get<CampaignDetail>(
    `/v3/ads/advertisers/${advertiserId}/campaigns/${campaignId}/`,
    owner,
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

async function spendOf(adGroupId: string): Promise<{ today: number; lifetime: number }> {
  const group = await handle.db
    .selectFrom('ad_groups')
    .leftJoin('ad_group_spend_days as sd', (join) =>
      join
        .onRef('sd.ad_group_id', '=', 'ad_groups.id')
        .on('sd.day', '=', test.clock.now().toISOString().slice(0, 10)),
    )
    .select(['ad_groups.spent_micro', 'sd.spent_micro as today'])
    .where('ad_groups.id', '=', adGroupId)
    .executeTakeFirstOrThrow();
  return { today: Number(group.today ?? 0), lifetime: Number(group.spent_micro) };
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  // Early in a UTC day, so the frequency-cap test's hours never cross midnight.
  test = await buildTestApp(handle.db, { clock: new TestClock(new Date('2026-11-24T06:00:00Z')) });
  owner = await f.user({ username: 'promo_owner' });
  operator = await f.user({ username: 'ad_operator', isAdmin: true });
  const created = await test.client.send<BusinessCreated>(
    'POST',
    '/v3/business/create/',
    { business_name: 'Promo Co', country: 'US', language: 'en', advertising_intent: 'products' },
    owner,
  );
  advertiserId = created.data.advertiser_id;
  profileId = created.data.profile.id;
  const board = await f.board(owner, { name: 'Tarts' });
  promotedBoardId = board.id;
  promotedPinId = (await f.pin({ board, title: 'Lemon tart', link: LINK })).id;
  // Newer organic pins, so the promoted pin is not on the feed's first page by itself.
  const baker = await f.user({ username: 'organic_baker' });
  const bakes = await f.board(baker, { name: 'Bakes' });
  for (let index = 0; index < 30; index += 1) {
    await f.pin({ board: bakes, title: `Sourdough tart ${index}` });
  }
});

afterEach(async () => {
  // Each test starts with no running campaign and a public promoted board.
  await sql`UPDATE ad_campaigns SET status = 'PAUSED'`.execute(handle.db);
  await sql`UPDATE boards SET privacy = 'public' WHERE id = ${promotedBoardId}`.execute(handle.db);
  // Written behind the app's back: tell the page cache, as a write request would (ADR 144, 203).
  await test.app.pageCache.invalidate();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('serving', () => {
  it('places an approved ad at the first slot, marked promoted; pending ones never', async () => {
    const pending = await promotedAd({ approve: false });
    const someone = await viewer();
    expect(promotedIn(await homeFeed(someone))).toEqual([]);

    const approved = await promotedAd();
    const feed = await homeFeed(someone);
    const promoted = promotedIn(feed);
    expect(promoted).toHaveLength(1);
    const first = PROMOTED_SLOT_POSITIONS[0];
    expect(feed[first - 1]).toMatchObject({
      id: promotedPinId,
      is_promoted: true,
      promoted_is_removable: false,
      tracking_params: approved.adId,
      promoter: { id: profileId, full_name: 'Promo Co' },
    });
    expect(feed).toHaveLength(26);
    expect(promoted[0]?.tracking_params).not.toBe(pending.adId);

    const search = await test.client.get<SearchAnswer>('/v3/search/pins/?q=tart', someone);
    expect(search.status).toBe(200);
    expect(
      search.data.results.filter((pin) => 'is_promoted' in pin && pin.is_promoted === true),
    ).toHaveLength(1);
  });

  it('moves a promoted pin that is on the page organically to its slot, shown once', async () => {
    const board = await f.board(owner, { name: 'Fresh' });
    const fresh = await f.pin({ board, title: 'Fresh tart', link: LINK });
    // Written behind the app's back: tell the page cache, as a write request would (ADR 144, 197).
    await test.app.pageCache.invalidate();
    const someone = await viewer();
    expect((await homeFeed(someone))[0]).toMatchObject({ id: fresh.id });
    const ad = await promotedAd({ pinId: fresh.id });
    const feed = await homeFeed(someone);
    expect(feed.filter((pin) => pin.id === fresh.id)).toHaveLength(1);
    expect(feed[PROMOTED_SLOT_POSITIONS[0] - 1]).toMatchObject({
      id: fresh.id,
      is_promoted: true,
      tracking_params: ad.adId,
    });
    expect(feed).toHaveLength(25);
    await sql`UPDATE boards SET privacy = 'secret' WHERE id = ${board.id}`.execute(handle.db);
  });

  it('never to visitors, the business itself, nor from a secret board or in my_pins', async () => {
    await promotedAd();
    expect(promotedIn(await homeFeed(null))).toEqual([]);
    expect(promotedIn(await homeFeed(owner))).toEqual([]);

    const someone = await viewer();
    expect(promotedIn(await homeFeed(someone))).toHaveLength(1);
    const mine = await test.client.get<SearchAnswer>('/v3/search/my_pins/?q=tart', someone);
    expect(mine.status).toBe(200);
    expect(mine.data.results.some((pin) => 'is_promoted' in pin)).toBe(false);

    // Through the API, as the owner would: the write drops the cached live-ad set (ADR 203).
    const made = await test.client.resourceWrite(
      'BoardResource',
      'update',
      { board_id: promotedBoardId, privacy: 'secret' },
      owner,
    );
    expect(made.status).toBe(200);
    expect(promotedIn(await homeFeed(someone))).toEqual([]);
  });

  it('stops at the frequency cap; an impression within the window is the same one', async () => {
    const ad = await promotedAd({ webConversion: true });
    const someone = await viewer();
    for (let shown = 0; shown < AD_FREQUENCY_CAP_PER_DAY; shown += 1) {
      expect(promotedIn(await homeFeed(someone))).toHaveLength(1);
      expect((await beacon(someone, ad.adId, 'IMPRESSION')).data).toEqual({ counted: true });
      expect((await beacon(someone, ad.adId, 'IMPRESSION')).data).toEqual({ counted: false });
      test.clock.advance(AD_EVENT_DEDUPE_WINDOW_MS + 1000);
    }
    expect(promotedIn(await homeFeed(someone))).toEqual([]);
    // Someone else still gets it.
    expect(promotedIn(await homeFeed(await viewer()))).toHaveLength(1);
    const detail = await campaign(ad.campaignId);
    expect(detail.impressions).toBe(AD_FREQUENCY_CAP_PER_DAY);
    // CPM: each impression costs the bid / 1000.
    const group = await handle.db
      .selectFrom('ad_groups')
      .select('bid_in_micro_currency')
      .where('id', '=', ad.adGroupId)
      .executeTakeFirstOrThrow();
    expect(detail.spend_in_micro_currency).toBe(
      AD_FREQUENCY_CAP_PER_DAY * Math.round(Number(group.bid_in_micro_currency) / 1000),
    );
  });

  it('refuses beacons for ads that are not running or are the viewer’s own business’s', async () => {
    const pending = await promotedAd({ approve: false });
    const someone = await viewer();
    const notRunning = await beacon(someone, pending.adId, 'IMPRESSION');
    expect(notRunning.code).toBe(CODES.AD_NOT_DELIVERABLE.code);
    const running = await promotedAd();
    const own = await beacon(owner, running.adId, 'CLOSEUP');
    expect(own.code).toBe(CODES.AD_NOT_DELIVERABLE.code);
    const visitor = await beacon(null, running.adId, 'CLOSEUP');
    expect(visitor.status).toBe(401);
    const detail = await campaign(running.campaignId);
    expect(detail.clicks).toBe(0);
  });
});

describe("'Hide ad'", () => {
  it('is never served to that person again, others still see it, and undo brings it back', async () => {
    const ad = await promotedAd();
    const [hider, other] = [await viewer(), await viewer()];
    expect(promotedIn(await homeFeed(hider))).toHaveLength(1);
    const hide = await test.client.send('PUT', `/v3/ads/${ad.adId}/hide/`, undefined, hider);
    expect(hide.status).toBe(200);
    expect(hide.data).toEqual({ ad_id: ad.adId, hidden: true });
    // Twice is the same.
    expect(
      (await test.client.send('PUT', `/v3/ads/${ad.adId}/hide/`, undefined, hider)).status,
    ).toBe(200);
    expect(promotedIn(await homeFeed(hider))).toEqual([]);
    expect((await beacon(hider, ad.adId, 'IMPRESSION')).code).toBe(CODES.AD_NOT_DELIVERABLE.code);
    expect(promotedIn(await homeFeed(other))).toHaveLength(1);

    const undo = await test.client.send('DELETE', `/v3/ads/${ad.adId}/hide/`, undefined, hider);
    expect(undo.data).toEqual({ ad_id: ad.adId, hidden: false });
    expect(promotedIn(await homeFeed(hider))).toHaveLength(1);
  });

  it('is for signed-in people, and an unknown ad is not found', async () => {
    const ad = await promotedAd();
    const visitor = await test.client.send('PUT', `/v3/ads/${ad.adId}/hide/`, undefined, null);
    expect(visitor.status).toBe(401);
    const missing = await test.client.send(
      'PUT',
      '/v3/ads/987654321/hide/',
      undefined,
      await viewer(),
    );
    expect(missing.code).toBe(CODES.AD_NOT_FOUND.code);
  });
});

describe('targeting (ADR 106)', () => {
  /** An approved ad whose ad group targets `spec` (the rest of the spec empty: everyone). */
  async function targeted(
    spec: Partial<Record<'LOCATION' | 'AGE_BUCKET' | 'GENDER' | 'INTEREST' | 'KEYWORD', string[]>>,
    autoTargeting = false,
  ): Promise<PromotedAd> {
    const ad = await promotedAd();
    const full = {
      LOCATION: [],
      AGE_BUCKET: [],
      GENDER: [],
      INTEREST: [],
      KEYWORD: [],
      AUDIENCE_EXCLUDE: [],
      ...spec,
    };
    await handle.db
      .updateTable('ad_groups')
      .set({ targeting_spec: JSON.stringify(full), auto_targeting_enabled: autoTargeting })
      .where('id', '=', ad.adGroupId)
      .execute();
    return ad;
  }

  async function person(fields: {
    country?: string | null;
    birthday?: string | null;
    gender?: 'female' | 'male' | 'unknown' | null;
    board?: string;
  }): Promise<UserFixture> {
    const who = await viewer();
    await handle.db
      .updateTable('users')
      .set({
        country: fields.country ?? null,
        birthday: fields.birthday ?? null,
        gender: fields.gender ?? null,
      })
      .where('id', '=', who.id)
      .execute();
    if (fields.board !== undefined) await f.board(who, { name: fields.board });
    return who;
  }

  const sees = async (who: UserFixture) => promotedIn(await homeFeed(who)).length === 1;

  it('by location: a viewer elsewhere neither sees it nor can be charged for it', async () => {
    const ad = await targeted({ LOCATION: ['GB', 'IE'] });
    expect(await sees(await person({ country: 'GB' }))).toBe(true);
    const elsewhere = await person({ country: 'US' });
    expect(await sees(elsewhere)).toBe(false);
    expect((await beacon(elsewhere, ad.adId, 'IMPRESSION')).code).toBe(
      CODES.AD_NOT_DELIVERABLE.code,
    );
    // No country given: business.md §9's default country (US), so not in GB.
    expect(await sees(await person({ country: null }))).toBe(false);
  });

  it('by age bucket and gender; every bucket listed also reaches people of unknown age', async () => {
    await targeted({ AGE_BUCKET: ['25-34'], GENDER: ['female'] });
    // 2026-11-24: born 1996-01-01 is 30; 1976-01-01 is 50.
    expect(await sees(await person({ birthday: '1996-01-01', gender: 'female' }))).toBe(true);
    expect(await sees(await person({ birthday: '1996-01-01', gender: 'male' }))).toBe(false);
    expect(await sees(await person({ birthday: '1976-01-01', gender: 'female' }))).toBe(false);
    expect(await sees(await person({ gender: 'female' }))).toBe(false);
    await sql`UPDATE ad_campaigns SET status = 'PAUSED'`.execute(handle.db);

    await targeted({
      AGE_BUCKET: ['18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'],
      GENDER: ['female', 'male', 'unknown'],
    });
    expect(await sees(await person({}))).toBe(true);
  });

  it('by interests read from the viewer’s boards, unless auto-targeting widens it', async () => {
    await targeted({ INTEREST: ['900'] });
    expect(await sees(await person({ board: 'Weeknight dinners' }))).toBe(true);
    expect(await sees(await person({ board: 'Roses and tulips' }))).toBe(false);
    await sql`UPDATE ad_campaigns SET status = 'PAUSED'`.execute(handle.db);

    await targeted({ INTEREST: ['900'] }, true);
    expect(await sees(await person({ board: 'Roses and tulips' }))).toBe(true);
  });

  it('by keywords in search only: the home feed is not narrowed by them', async () => {
    await targeted({ KEYWORD: ['Sourdough tart'] });
    const someone = await person({});
    const promotedFor = async (q: string) => {
      const answer = await test.client.get<SearchAnswer>(
        `/v3/search/pins/?q=${encodeURIComponent(q)}`,
        someone,
      );
      expect(answer.status).toBe(200);
      return answer.data.results.filter((pin) => 'is_promoted' in pin && pin.is_promoted === true)
        .length;
    };
    expect(await promotedFor('sourdough tart ideas')).toBe(1);
    expect(await promotedFor('tart')).toBe(0);
    expect(await sees(someone)).toBe(true);
  });
});

/** Moves the test clock to `time` (HH:MM, UTC) of the next UTC day: a day with no spend yet. */
function nextDayAt(time: string): void {
  const day = new Date(test.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
  test.clock.current = new Date(`${day}T${time}:00Z`);
}

describe('charging', () => {
  // Late in the day the even pace allows the whole daily budget, so these tests see the cap
  // itself; pacing has its own tests below.
  beforeAll(() => nextDayAt('23:30'));

  it('charges CPC per counted click until the daily budget, then stops serving until tomorrow', async () => {
    // 1.00 a day at the default 0.50 per click: two clicks.
    const ad = await promotedAd({ budget: 1 });
    const [first, second, third] = [await viewer(), await viewer(), await viewer()];
    expect((await beacon(first, ad.adId, 'CLOSEUP')).data).toEqual({ counted: true });
    expect((await beacon(first, ad.adId, 'CLOSEUP')).data).toEqual({ counted: false });
    expect((await spendOf(ad.adGroupId)).today).toBe(500_000);
    expect(promotedIn(await homeFeed(third))).toHaveLength(1);
    expect((await beacon(second, ad.adId, 'CLOSEUP')).data).toEqual({ counted: true });
    expect(await spendOf(ad.adGroupId)).toEqual({ today: 1_000_000, lifetime: 1_000_000 });
    expect(promotedIn(await homeFeed(third))).toEqual([]);
    // A click after the budget ran out still counts, and costs nothing.
    expect((await beacon(third, ad.adId, 'CLOSEUP')).data).toEqual({ counted: true });
    expect((await spendOf(ad.adGroupId)).today).toBe(1_000_000);

    test.clock.advance(DAY_MS);
    expect(promotedIn(await homeFeed(third))).toHaveLength(1);
    const detail = await campaign(ad.campaignId);
    expect(detail).toMatchObject({ clicks: 3, spend_in_micro_currency: 1_000_000 });
  });

  it('a lifetime budget, once spent, stops the ad for good', async () => {
    const ad = await promotedAd({ budget: 1 });
    await sql`UPDATE ad_groups SET budget_type = 'LIFETIME', end_time = ${new Date(
      test.clock.now().getTime() + 30 * DAY_MS,
    )} WHERE id = ${ad.adGroupId}`.execute(handle.db);
    await beacon(await viewer(), ad.adId, 'CLOSEUP');
    await beacon(await viewer(), ad.adId, 'CLOSEUP');
    test.clock.advance(DAY_MS);
    const later = await viewer();
    expect(promotedIn(await homeFeed(later))).toEqual([]);
    expect((await beacon(later, ad.adId, 'CLOSEUP')).data).toEqual({ counted: true });
    expect((await spendOf(ad.adGroupId)).lifetime).toBe(1_000_000);
  });

  // 200 people and 200 events in one PGlite: longer than the default limit on a busy 2-core box.
  it(
    'never spends past the budget under 200 concurrent billable events',
    { timeout: 180_000 },
    async () => {
      // 2.50 a day: exactly five clicks of 0.50.
      const ad = await promotedAd({ budget: 2.5 });
      const people = await Promise.all(Array.from({ length: 200 }, () => viewer()));
      // From two addresses: the beacon limit is AD_EVENT_RATE_LIMIT_MAX per address per minute.
      const answers = await Promise.all(
        people.map(async (who, i) =>
          answer<{ counted: boolean }>(
            await test.app.inject({
              method: 'POST',
              url: '/v3/ads/events/',
              remoteAddress: i % 2 === 0 ? '198.51.100.20' : '198.51.100.21',
              payload: JSON.stringify({ tracking_params: ad.adId, event: 'CLOSEUP' }),
              headers: {
                accept: 'application/json',
                'content-type': 'application/json',
                ...csrfHeaders(),
                [TEST_VIEWER_HEADER]: who.id,
              },
            }),
          ),
        ),
      );
      expect(answers.map((one) => one.data.counted)).toEqual(people.map(() => true));
      expect(await spendOf(ad.adGroupId)).toEqual({ today: 2_500_000, lifetime: 2_500_000 });
      const rollup = await handle.db
        .selectFrom('ad_daily_rollups')
        .select(['spend_micro', 'paid_closeups'])
        .where('ad_id', '=', ad.adId)
        .executeTakeFirstOrThrow();
      expect(rollup).toEqual({ spend_micro: '2500000', paid_closeups: 200 });
    },
  );
});

describe('even pacing (decision 108)', () => {
  it('holds a daily budget to the even line plus an hour, and serves again as the day goes on', async () => {
    nextDayAt('06:00');
    // 12.00 a day at 0.50 a click: the line at 06:00 plus an hour's lead is 3.50, seven clicks.
    const ad = await promotedAd({ budget: 12 });
    const audience = await viewer();
    expect(promotedIn(await homeFeed(audience))).toHaveLength(1);
    for (let i = 0; i < 7; i += 1) await beacon(await viewer(), ad.adId, 'CLOSEUP');
    expect((await spendOf(ad.adGroupId)).today).toBe(3_500_000);
    // An eighth click would pass the line: not served now, though the budget has 8.50 left.
    expect(promotedIn(await homeFeed(audience))).toEqual([]);
    // A click of an ad already shown is still charged (pacing throttles serving, not billing).
    expect((await beacon(await viewer(), ad.adId, 'CLOSEUP')).data).toEqual({ counted: true });
    expect((await spendOf(ad.adGroupId)).today).toBe(4_000_000);
    // At 08:00 the line plus the lead is 4.50: served again.
    test.clock.advance(2 * 60 * 60_000);
    expect(promotedIn(await homeFeed(audience))).toHaveLength(1);
  });

  it('does not pace an ACCELERATED ad group: only the cap stops it', async () => {
    nextDayAt('06:00');
    const ad = await promotedAd({ budget: 12 });
    await sql`UPDATE ad_groups SET pacing_delivery_type = 'ACCELERATED' WHERE id = ${ad.adGroupId}`.execute(
      handle.db,
    );
    const audience = await viewer();
    for (let i = 0; i < 20; i += 1) await beacon(await viewer(), ad.adId, 'CLOSEUP');
    expect((await spendOf(ad.adGroupId)).today).toBe(10_000_000);
    expect(promotedIn(await homeFeed(audience))).toHaveLength(1);
  });

  it('never holds back the first event of the day, however early', async () => {
    nextDayAt('00:05');
    // At 00:05 the line plus the lead is about 0.05 of a 1.00 budget: less than one click.
    const ad = await promotedAd({ budget: 1 });
    const audience = await viewer();
    expect(promotedIn(await homeFeed(audience))).toHaveLength(1);
    await beacon(await viewer(), ad.adId, 'CLOSEUP');
    expect(promotedIn(await homeFeed(audience))).toEqual([]);
  });

  it('spreads a lifetime budget over its schedule', async () => {
    nextDayAt('12:00');
    // 10.00 over ten days: after one day the line plus the lead is about 1.42, two clicks.
    const ad = await promotedAd({ budget: 10 });
    const start = test.clock.now();
    await sql`UPDATE ad_groups SET budget_type = 'LIFETIME', start_time = ${start},
      end_time = ${new Date(start.getTime() + 10 * DAY_MS)} WHERE id = ${ad.adGroupId}`.execute(
      handle.db,
    );
    test.clock.advance(DAY_MS);
    const audience = await viewer();
    await beacon(await viewer(), ad.adId, 'CLOSEUP');
    expect(promotedIn(await homeFeed(audience))).toHaveLength(1);
    await beacon(await viewer(), ad.adId, 'CLOSEUP');
    expect((await spendOf(ad.adGroupId)).lifetime).toBe(1_000_000);
    expect(promotedIn(await homeFeed(audience))).toEqual([]);
    // Half way through the schedule the line is past 5.00.
    test.clock.advance(4 * DAY_MS);
    expect(promotedIn(await homeFeed(audience))).toHaveLength(1);
  });
});

describe('clicks through /offsite/', () => {
  it('counts a third-party-ad click once through the offsite service', async () => {
    const ad = await promotedAd();
    const someone = await viewer();
    const query = new URLSearchParams({
      url: LINK,
      pin: promotedPinId,
      isThirdPartyAd: 'true',
      client_tracking_params: ad.adId,
      token: '17',
    });
    const first = await test.client.get(`/v3/offsite/?${query.toString()}`, someone);
    expect(first.status).toBe(200);
    const again = await test.client.get(`/v3/offsite/?${query.toString()}`, someone);
    expect(again.status).toBe(200);
    // Another person's click on the same pin outside the paid slot is earned (ADR 191): a
    // click of the campaign's, but never charged.
    query.set('isThirdPartyAd', 'false');
    await test.client.get(`/v3/offsite/?${query.toString()}`, await viewer());
    const detail = await campaign(ad.campaignId);
    expect(detail).toMatchObject({ clicks: 2, spend_in_micro_currency: 500_000 });
    const rollup = await handle.db
      .selectFrom('ad_daily_rollups')
      .select(['paid_outbound_clicks', 'earned_outbound_clicks'])
      .where('ad_id', '=', ad.adId)
      .executeTakeFirstOrThrow();
    expect(rollup).toEqual({ paid_outbound_clicks: 1, earned_outbound_clicks: 1 });
  });
});

describe('reporting', () => {
  it('lists spend, impressions, clicks and CTR per campaign and per day', async () => {
    const ad = await promotedAd();
    const [a, b] = [await viewer(), await viewer()];
    await beacon(a, ad.adId, 'IMPRESSION');
    await beacon(b, ad.adId, 'IMPRESSION');
    await beacon(b, ad.adId, 'CLOSEUP');
    const list = await test.client.get<CampaignItem[]>(
      `/v3/ads/advertisers/${advertiserId}/campaigns/?page_size=50`,
      owner,
    );
    expect(list.data.find((item) => item.id === ad.campaignId)).toMatchObject({
      impressions: 2,
      clicks: 1,
      ctr: 0.5,
      spend_in_micro_currency: 500_000,
    });

    test.clock.advance(DAY_MS);
    await beacon(a, ad.adId, 'CLOSEUP');
    const today = test.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(test.clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);
    const url = `/v3/ads/advertisers/${advertiserId}/campaigns/${ad.campaignId}/days/`;
    const days = await test.client.get<CampaignDay[]>(`${url}?page_size=1`, owner);
    expect(days.status).toBe(200);
    expect(days.data).toEqual([
      { day: today, spend_in_micro_currency: 500_000, impressions: 0, clicks: 1, ctr: null },
    ]);
    expect(days.bookmark).toBeDefined();
    const next = await test.client.get<CampaignDay[]>(
      `${url}?page_size=1&bookmark=${days.bookmark ?? ''}`,
      owner,
    );
    expect(next.data).toEqual([
      { day: yesterday, spend_in_micro_currency: 500_000, impressions: 2, clicks: 1, ctr: 0.5 },
    ]);
    expect(next.bookmark).toBeUndefined();

    const onlyToday = await test.client.get<CampaignDay[]>(
      `${url}?start_date=${today}&end_date=${today}`,
      owner,
    );
    expect(onlyToday.data.map((day) => day.day)).toEqual([today]);
    const backwards = await test.client.get(
      `${url}?start_date=${today}&end_date=${yesterday}`,
      owner,
    );
    expect(backwards.code).toBe(CODES.REPORT_RANGE_INVALID.code);
    const tooLong = await test.client.get(`${url}?start_date=2020-01-01&end_date=${today}`, owner);
    expect(tooLong.code).toBe(CODES.REPORT_RANGE_INVALID.code);
    const stranger = await test.client.get(url, await viewer());
    expect(stranger.status).toBeGreaterThanOrEqual(403);
  });
});

// Earned closeups and earned outbound clicks (docs/decisions/191), beside ADR 184's earned
// impressions and saves: a running ad's pin (or a save of it) opened from an organic card, or
// clicked through /offsite/ outside its paid slot, is counted once per viewer, ad and window as
// earned, never charged; paid closeups and outbound clicks are counted and charged as before
// (ADR 104). Reporting shows paid and earned apart, CTR/CPC/CPM on paid figures, in the tables,
// the overview and the CSV export.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type { QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
} from '@corkboard/shared/business/quick-promote';
import type { ReportOverview, ReportRow } from '@corkboard/shared/business/reporting';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { SavedPin } from '@corkboard/shared/saving/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import type { Who } from '../../test/api-client.ts';
import { as } from '../../test/test-viewer.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import { AD_EVENT_DEDUPE_WINDOW_MS } from './delivery.service.ts';

const CODES = ERROR_CODES;
const LINK = 'https://maras.test/tart';
/** Past /offsite/'s own click dedupe (a minute per person and link), inside the ad window. */
const PAST_OFFSITE_DEDUPE_MS = 2 * 60_000;
/** The bid of a quick-promoted (CONSIDERATION, CPC) ad group: what one paid click costs. */
const CPC_MICRO = 500_000;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let advertiserId: string;
let promotedPinId: string;
let boardId: string;
let otherPinId: string;
let ad: QuickPromoteResult;
let n = 0;
let token = 100;

async function person(): Promise<UserFixture> {
  n += 1;
  const user = await f.user({ username: `earned_viewer_${n}` });
  await sql`UPDATE users SET email_verified = true WHERE id = ${user.id}`.execute(handle.db);
  return user;
}

function today(): string {
  return test.clock.now().toISOString().slice(0, 10);
}

async function rollup() {
  return handle.db
    .selectFrom('ad_daily_rollups')
    .select([
      'paid_closeups',
      'earned_closeups',
      'paid_outbound_clicks',
      'earned_outbound_clicks',
      'earned_impressions',
      'spend_micro',
    ])
    .where('ad_id', '=', ad.ad_id)
    .where('day', '=', today())
    .executeTakeFirst();
}

async function groupSpend(): Promise<string> {
  const group = await handle.db
    .selectFrom('ad_groups')
    .select('spent_micro')
    .where('id', '=', ad.ad_group_id)
    .executeTakeFirstOrThrow();
  return group.spent_micro;
}

function earnedBeacon(who: Who, pinId: string, event?: string, adId = ad.ad_id) {
  return test.client.send<{ counted: boolean }>(
    'POST',
    '/v3/ads/events/earned/',
    { tracking_params: adId, pin_id: pinId, ...(event === undefined ? {} : { event }) },
    who,
  );
}

function paidBeacon(who: Who, event: 'IMPRESSION' | 'CLOSEUP') {
  return test.client.send<{ counted: boolean }>(
    'POST',
    '/v3/ads/events/',
    { tracking_params: ad.ad_id, event },
    who,
  );
}

/** An outbound click through /offsite/ (a fresh token each time, as the web draws one). */
async function offsite(
  who: UserFixture | null,
  pinId: string,
  paid?: { trackingParams: string },
): Promise<void> {
  token += 1;
  const query = new URLSearchParams({
    url: LINK,
    pin: pinId,
    token: String(token),
    ...(paid ? { isThirdPartyAd: 'true', client_tracking_params: paid.trackingParams } : {}),
  });
  const response = await test.app.inject({
    method: 'GET',
    url: `/v3/offsite/?${query.toString()}`,
    headers: as(who),
    remoteAddress: `10.1.${token >> 8}.${token & 255}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db, { clock: new TestClock(new Date('2026-11-24T06:00:00Z')) });
  owner = await f.user({ username: 'earned_owner' });
  const operator = await f.user({ username: 'earned_operator', isAdmin: true });
  const created = await test.client.send<BusinessCreated>(
    'POST',
    '/v3/business/create/',
    { business_name: 'Earned Co', country: 'US', language: 'en', advertising_intent: 'products' },
    owner,
  );
  advertiserId = created.data.advertiser_id;
  const board = await f.board(owner, { name: 'Tarts' });
  boardId = board.id;
  promotedPinId = (await f.pin({ board, title: 'Lemon tart', link: LINK })).id;
  otherPinId = (await f.pin({ board, title: 'Plum tart', link: LINK })).id;
  const promoted = await test.client.send<QuickPromoteResult>(
    'POST',
    `/ads/v4/advertisers/${advertiserId}/pins/${promotedPinId}/quick_promote/`,
    quickPromotePayload(
      {
        ...defaultQuickPromoteValues({
          advertiserId,
          country: 'US',
          pinTitle: 'Lemon tart',
          pinLink: LINK,
        }),
        is_ongoing: true,
      },
      promotedPinId,
      'US',
    ),
    owner,
  );
  expect(promoted.status, JSON.stringify(promoted.data)).toBe(200);
  ad = promoted.data;
  const decided = await test.client.send(
    'POST',
    `/v3/admin/ads/${ad.ad_id}/review/`,
    { status: 'APPROVED' },
    operator,
  );
  expect(decided.status).toBe(200);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('earned pins on board pages', () => {
  it("marks the running ad's pin for a signed-in viewer, not for a visitor or the business", async () => {
    const viewer = await person();
    const marks = async (who: Who) => {
      const page = await test.client.get<{ id: string; earned_tracking_params?: string }[]>(
        `/v3/boards/${boardId}/pins/`,
        who,
      );
      expect(page.status).toBe(200);
      return new Map(page.data.map((pin) => [pin.id, pin.earned_tracking_params]));
    };
    const seen = await marks(viewer);
    expect(seen.get(promotedPinId)).toBe(ad.ad_id);
    expect(seen.get(otherPinId)).toBeUndefined();
    expect((await marks(null)).get(promotedPinId)).toBeUndefined();
    expect((await marks(owner)).get(promotedPinId)).toBeUndefined();
  });
});

describe('earned closeups', () => {
  it('an organic open is earned: once per viewer and ad within the window, never charged', async () => {
    const viewer = await person();
    const before = await groupSpend();
    expect((await earnedBeacon(viewer, promotedPinId, 'CLOSEUP')).data).toEqual({
      counted: true,
    });
    expect((await earnedBeacon(viewer, promotedPinId, 'CLOSEUP')).data).toEqual({
      counted: false,
    });
    // Its own window: the earned impression of the same viewer still counts.
    expect((await earnedBeacon(viewer, promotedPinId, 'IMPRESSION')).data).toEqual({
      counted: true,
    });
    expect(await rollup()).toMatchObject({
      earned_closeups: 1,
      earned_impressions: 1,
      paid_closeups: 0,
      spend_micro: '0',
    });
    test.clock.advance(AD_EVENT_DEDUPE_WINDOW_MS + 1000);
    expect((await earnedBeacon(viewer, promotedPinId, 'CLOSEUP')).data).toEqual({
      counted: true,
    });
    expect(await rollup()).toMatchObject({ earned_closeups: 2, spend_micro: '0' });
    expect(await groupSpend()).toBe(before);
  });

  it('a paid open is still paid and charged (CPC), and not earned', async () => {
    const viewer = await person();
    const before = BigInt(await groupSpend());
    const start = await rollup();
    expect((await paidBeacon(viewer, 'CLOSEUP')).data).toEqual({ counted: true });
    const after = await rollup();
    expect(after?.paid_closeups).toBe((start?.paid_closeups ?? 0) + 1);
    expect(after?.earned_closeups).toBe(start?.earned_closeups);
    expect(BigInt(await groupSpend())).toBe(before + BigInt(CPC_MICRO));
  });

  it('a save of the promoted pin opened organically is the ad’s earned closeup', async () => {
    const saver = await person();
    const board = await f.board(saver, { name: 'Tart ideas' });
    const saved = await test.client.resourceCreate<SavedPin>(
      'RepinResource',
      { pin_id: promotedPinId, board_id: board.id, description: '', title: '' },
      saver,
    );
    expect(saved.status).toBe(200);
    const onlooker = await person();
    const start = (await rollup())?.earned_closeups ?? 0;
    expect((await earnedBeacon(onlooker, saved.data.id, 'CLOSEUP')).data).toEqual({
      counted: true,
    });
    expect((await rollup())?.earned_closeups).toBe(start + 1);
  });

  it('refuses a pin not of the ad, an ad not running, a bad event and visitors', async () => {
    const viewer = await person();
    const mismatch = await earnedBeacon(viewer, otherPinId, 'CLOSEUP');
    expect(mismatch.status).toBe(404);
    expect(mismatch.code).toBe(CODES.AD_EVENT_PIN_MISMATCH.code);
    // The business itself never earns on its own ad.
    const own = await earnedBeacon(owner, promotedPinId, 'CLOSEUP');
    expect(own.code).toBe(CODES.AD_NOT_DELIVERABLE.code);
    const bad = await earnedBeacon(viewer, promotedPinId, 'OUTBOUND_CLICK');
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(CODES.VALIDATION_FAILED.code);
    expect((await earnedBeacon(null, promotedPinId, 'CLOSEUP')).status).toBe(401);
    // ADR 184's beacon without `event` is still an impression.
    const start = await rollup();
    expect((await earnedBeacon(viewer, promotedPinId)).data).toEqual({ counted: true });
    expect(await rollup()).toMatchObject({
      earned_impressions: (start?.earned_impressions ?? 0) + 1,
      earned_closeups: start?.earned_closeups,
    });
  });
});

describe('earned outbound clicks', () => {
  it('a click through /offsite/ outside the paid slot is earned, once per window, never charged', async () => {
    const viewer = await person();
    const before = await groupSpend();
    const start = await rollup();
    const earnedBefore = start?.earned_outbound_clicks ?? 0;
    const paidBefore = start?.paid_outbound_clicks ?? 0;
    await offsite(viewer, promotedPinId);
    expect(await rollup()).toMatchObject({
      earned_outbound_clicks: earnedBefore + 1,
      paid_outbound_clicks: paidBefore,
    });
    test.clock.advance(PAST_OFFSITE_DEDUPE_MS);
    await offsite(viewer, promotedPinId);
    expect((await rollup())?.earned_outbound_clicks).toBe(earnedBefore + 1);
    test.clock.advance(AD_EVENT_DEDUPE_WINDOW_MS);
    await offsite(viewer, promotedPinId);
    expect((await rollup())?.earned_outbound_clicks).toBe(earnedBefore + 2);
    expect(await groupSpend()).toBe(before);
    expect((await rollup())?.spend_micro).toBe(start?.spend_micro);
  });

  it('a click marked with the ad’s tracking params from its paid slot stays paid and charged', async () => {
    const viewer = await person();
    const before = BigInt(await groupSpend());
    const start = await rollup();
    await offsite(viewer, promotedPinId, { trackingParams: ad.ad_id });
    expect(await rollup()).toMatchObject({
      paid_outbound_clicks: (start?.paid_outbound_clicks ?? 0) + 1,
      earned_outbound_clicks: start?.earned_outbound_clicks,
    });
    expect(BigInt(await groupSpend())).toBe(before + BigInt(CPC_MICRO));
  });

  it('marked as an ad but with tracking params of no ad for this pin, the click is earned', async () => {
    const viewer = await person();
    const start = await rollup();
    await offsite(viewer, promotedPinId, { trackingParams: '999999' });
    expect(await rollup()).toMatchObject({
      paid_outbound_clicks: start?.paid_outbound_clicks,
      earned_outbound_clicks: (start?.earned_outbound_clicks ?? 0) + 1,
    });
  });

  it('visitors, the business itself and pins of no ad earn nothing', async () => {
    const start = await rollup();
    await offsite(null, promotedPinId);
    await offsite(owner, promotedPinId);
    await offsite(await person(), otherPinId);
    expect(await rollup()).toEqual(start);
  });

  it('a paused campaign is not running: its pin’s clicks are no longer earned', async () => {
    await sql`UPDATE ad_campaigns SET status = 'PAUSED' WHERE id = ${ad.campaign_id}`.execute(
      handle.db,
    );
    try {
      const viewer = await person();
      const start = await rollup();
      await offsite(viewer, promotedPinId);
      expect(await rollup()).toEqual(start);
      const refused = await earnedBeacon(viewer, promotedPinId, 'CLOSEUP');
      expect(refused.code).toBe(CODES.AD_NOT_DELIVERABLE.code);
    } finally {
      await sql`UPDATE ad_campaigns SET status = 'ACTIVE' WHERE id = ${ad.campaign_id}`.execute(
        handle.db,
      );
    }
  });
});

describe('reporting paid and earned apart', () => {
  it('tables, overview and CSV carry the rollup sums; CTR, CPC and CPM on paid figures', async () => {
    const viewer = await person();
    await paidBeacon(viewer, 'IMPRESSION');
    const sums = await handle.db
      .selectFrom('ad_daily_rollups')
      .select([
        sql<string>`sum(spend_micro)`.as('spend'),
        sql<number>`sum(paid_impressions)::int`.as('paid_impressions'),
        sql<number>`sum(earned_impressions)::int`.as('earned_impressions'),
        sql<number>`sum(paid_closeups)::int`.as('paid_closeups'),
        sql<number>`sum(earned_closeups)::int`.as('earned_closeups'),
        sql<number>`sum(paid_outbound_clicks)::int`.as('paid_outbound_clicks'),
        sql<number>`sum(earned_outbound_clicks)::int`.as('earned_outbound_clicks'),
        sql<number>`sum(paid_saves)::int`.as('paid_saves'),
        sql<number>`sum(earned_saves)::int`.as('earned_saves'),
      ])
      .where('ad_id', '=', ad.ad_id)
      .executeTakeFirstOrThrow();
    // What the events above left: both kinds of every click, one paid impression.
    expect(sums.earned_closeups).toBeGreaterThan(0);
    expect(sums.earned_outbound_clicks).toBeGreaterThan(0);
    expect(sums.paid_closeups).toBeGreaterThan(0);
    expect(sums.paid_outbound_clicks).toBeGreaterThan(0);
    expect(sums.paid_impressions).toBe(1);
    const paidClicks = sums.paid_closeups + sums.paid_outbound_clicks;
    const earnedClicks = sums.earned_closeups + sums.earned_outbound_clicks;
    const spend = Number(sums.spend);
    const expected = {
      spend_in_micro_currency: spend,
      impressions: sums.paid_impressions + sums.earned_impressions,
      paid_impressions: sums.paid_impressions,
      earned_impressions: sums.earned_impressions,
      clicks: paidClicks + earnedClicks,
      paid_clicks: paidClicks,
      earned_clicks: earnedClicks,
      closeups: sums.paid_closeups + sums.earned_closeups,
      paid_closeups: sums.paid_closeups,
      earned_closeups: sums.earned_closeups,
      outbound_clicks: sums.paid_outbound_clicks + sums.earned_outbound_clicks,
      paid_outbound_clicks: sums.paid_outbound_clicks,
      earned_outbound_clicks: sums.earned_outbound_clicks,
      saves: sums.paid_saves + sums.earned_saves,
      paid_saves: sums.paid_saves,
      earned_saves: sums.earned_saves,
      // Paid clicks over paid impressions, whatever was earned.
      ctr: Math.round((paidClicks / sums.paid_impressions) * 10_000) / 10_000,
      cpc_in_micro_currency: Math.round(spend / paidClicks),
      cpm_in_micro_currency: Math.round((spend * 1000) / sums.paid_impressions),
    };
    const range = 'start_date=2026-11-20&end_date=2026-11-30';
    const base = `/v3/ads/advertisers/${advertiserId}`;
    for (const level of ['campaigns', 'adgroups', 'ads'] as const) {
      const table = await test.client.get<ReportRow[]>(
        `${base}/reporting/${level}/?${range}`,
        owner,
      );
      expect(table.status, level).toBe(200);
      expect(table.data[0], level).toMatchObject(expected);
    }
    const overview = await test.client.get<ReportOverview>(
      `${base}/reporting/overview/?${range}`,
      owner,
    );
    expect(overview.data.totals).toEqual(expected);
    const insights = await test.client.get<ReportOverview>(
      `${base}/campaign-insights/${ad.campaign_id}/?${range}`,
      owner,
    );
    expect(insights.data.totals).toEqual(expected);

    const csv = await test.app.inject({
      method: 'GET',
      url: `${base}/reporting/ads/export/?${range}&columns=paid_closeups,earned_closeups,paid_outbound_clicks,earned_outbound_clicks,paid_saves,earned_saves,closeups,ctr`,
      headers: as(owner),
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Ad ID,Ad name,Status,Ad group ID,Ad group name,Campaign ID,Campaign name,Objective,' +
        'Paid closeups,Earned closeups,Paid outbound clicks,Earned outbound clicks,Paid saves,' +
        'Earned saves,Closeups,CTR (%)',
    );
    expect(lines[1]?.split(',').slice(-8)).toEqual([
      String(sums.paid_closeups),
      String(sums.earned_closeups),
      String(sums.paid_outbound_clicks),
      String(sums.earned_outbound_clicks),
      String(sums.paid_saves),
      String(sums.earned_saves),
      String(sums.paid_closeups + sums.earned_closeups),
      ((expected.ctr ?? 0) * 100).toFixed(2),
    ]);

    // The campaign list's CTR is on paid figures too.
    const campaigns = await test.client.get<{ id: string; ctr: number | null }[]>(
      `${base}/campaigns/`,
      owner,
    );
    expect(campaigns.data.find((item) => item.id === ad.campaign_id)?.ctr).toBe(expected.ctr);
  });

  it('the default columns show paid and earned apart; an old saved set keeps working', async () => {
    const base = `/v3/ads/advertisers/${advertiserId}/reporting`;
    const initial = await test.client.get<{ columns: string[] }>(`${base}/preferences/`, owner);
    expect(initial.data.columns).toEqual([
      'spend',
      'paid_impressions',
      'earned_impressions',
      'paid_closeups',
      'earned_closeups',
      'paid_outbound_clicks',
      'earned_outbound_clicks',
      'paid_saves',
      'earned_saves',
      'ctr',
      'cpc',
      'cpm',
    ]);
    // A set saved before ADR 191 (its ten columns), as stored.
    const old = [
      'spend',
      'impressions',
      'paid_impressions',
      'earned_impressions',
      'clicks',
      'outbound_clicks',
      'saves',
      'ctr',
      'cpc',
      'cpm',
    ];
    await handle.db
      .insertInto('ad_reporting_preferences')
      .values({ ad_account_id: advertiserId, user_id: owner.id, columns: old })
      .execute();
    const kept = await test.client.get<{ columns: string[] }>(`${base}/preferences/`, owner);
    expect(kept.data.columns).toEqual(old);
    const csv = await test.app.inject({
      method: 'GET',
      url: `${base}/campaigns/export/?start_date=2026-11-20&end_date=2026-11-30`,
      headers: as(owner),
    });
    expect(csv.body.split('\r\n')[0]).toBe(
      'Campaign ID,Campaign name,Status,Objective,Spend (USD),Impressions,Paid impressions,' +
        'Earned impressions,Clicks,Outbound clicks,Saves,CTR (%),CPC (USD),CPM (USD)',
    );
    const saved = await test.client.send<{ columns: string[] }>(
      'PUT',
      `${base}/preferences/`,
      { columns: ['spend', 'earned_saves', 'paid_clicks'] },
      owner,
    );
    expect(saved.data.columns).toEqual(['spend', 'earned_saves', 'paid_clicks']);
    const unknown = await test.client.send(
      'PUT',
      `${base}/preferences/`,
      { columns: ['earned_spend'] },
      owner,
    );
    expect(unknown.code).toBe(CODES.REPORT_COLUMNS_INVALID.code);
  });
});

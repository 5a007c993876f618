// The console's overview, reporting tables, CSV export, column preferences and history
// (business.md §2.1; issue 11; docs/decisions/151–153): figures from the daily rollups, every
// permission × endpoint, the error codes, the export's headers, cap and CSV-injection safety,
// per-person preferences, and the change history written in the change's transaction.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type {
  CampaignDetail,
  HistoryEntry,
  QuickPromoteResult,
} from '@corkboard/shared/business/campaigns';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';
import {
  DEFAULT_REPORT_COLUMNS,
  type ReportOverview,
  type ReportRow,
} from '@corkboard/shared/business/reporting';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { answer, type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { REPORT_EXPORT_MAX_ROWS, REPORT_EXPORT_RATE_LIMIT_MAX } from './reporting.service.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let stranger: UserFixture;
let advertiserId: string;
let created: QuickPromoteResult;
let members: Map<BusinessPermission, UserFixture>;

const DAY1 = '2026-11-01';
const DAY2 = '2026-11-02';
const RANGE = `start_date=${DAY1}&end_date=2026-11-07`;

function url(path: string): string {
  return `/v3/ads/advertisers/${advertiserId}${path}`;
}

let address = 0;

/**
 * A GET read as bytes (the CSV export), each from its own client address so the export's rate
 * limit (REPORT_EXPORT_RATE_LIMIT_MAX per address per minute) is not what these tests measure.
 */
async function rawGet(
  path: string,
  who: Who,
  remoteAddress = `10.0.${address >> 8}.${(address += 1) & 255}`,
) {
  return test.app.inject({ method: 'GET', url: path, headers: as(who), remoteAddress });
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
  const advertiser = await f.advertiser(test.client, {
    prefix: 'report',
    businessName: 'Report Co',
  });
  ({ owner, stranger, advertiserId, members } = advertiser);
  created = await advertiser.promote('Lemon tart');
  // Two days of delivery: day 1 paid 1000 impressions, 20 closeups, 10 outbound clicks, 3 saves,
  // 7.50 spent; day 2 paid 500 impressions, 5 closeups, 2.50 spent, plus 40 earned impressions.
  const ids = {
    ad_id: created.ad_id,
    ad_group_id: created.ad_group_id,
    campaign_id: created.campaign_id,
    ad_account_id: advertiserId,
  };
  await handle.db
    .insertInto('ad_daily_rollups')
    .values([
      {
        ...ids,
        day: DAY1,
        spend_micro: 7_500_000,
        paid_impressions: 1000,
        paid_closeups: 20,
        paid_outbound_clicks: 10,
        paid_saves: 3,
      },
      {
        ...ids,
        day: DAY2,
        spend_micro: 2_500_000,
        paid_impressions: 500,
        paid_closeups: 5,
        earned_impressions: 40,
      },
    ])
    .execute();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('overview', () => {
  it('sums the range from the rollups and answers every day, zeros where nothing ran', async () => {
    const answer = await test.client.get<ReportOverview>(
      url(`/reporting/overview/?${RANGE}`),
      owner,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.start_date).toBe(DAY1);
    expect(answer.data.end_date).toBe('2026-11-07');
    expect(answer.data.currency).toBe('USD');
    expect(answer.data.days.map((day) => day.day)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(answer.data.totals).toEqual({
      spend_in_micro_currency: 10_000_000,
      impressions: 1540,
      paid_impressions: 1500,
      earned_impressions: 40,
      clicks: 35,
      paid_clicks: 35,
      earned_clicks: 0,
      closeups: 25,
      paid_closeups: 25,
      earned_closeups: 0,
      outbound_clicks: 10,
      paid_outbound_clicks: 10,
      earned_outbound_clicks: 0,
      saves: 3,
      paid_saves: 3,
      earned_saves: 0,
      // Paid clicks over paid impressions (ADR 191): the 40 earned impressions do not dilute it.
      ctr: Math.round((35 / 1500) * 10_000) / 10_000,
      // 10.00 over 35 paid clicks; 10.00 × 1000 over 1500 paid impressions.
      cpc_in_micro_currency: Math.round(10_000_000 / 35),
      cpm_in_micro_currency: Math.round(10_000_000_000 / 1500),
    });
    expect(answer.data.days[1]).toMatchObject({ day: DAY2, spend_in_micro_currency: 2_500_000 });
    expect(answer.data.days[2]).toMatchObject({
      impressions: 0,
      ctr: null,
      cpc_in_micro_currency: null,
      cpm_in_micro_currency: null,
    });
  });

  it('refuses a backwards or too long range and malformed dates (REPORT_RANGE_INVALID)', async () => {
    for (const query of [
      'start_date=2026-11-07&end_date=2026-11-01',
      'start_date=2025-01-01&end_date=2026-11-07',
      'start_date=yesterday',
      'end_date=2026-13-45',
    ]) {
      const answer = await test.client.get(url(`/reporting/overview/?${query}`), owner);
      expect(answer.status, query).toBe(400);
      expect(answer.code, query).toBe(CODES.REPORT_RANGE_INVALID.code);
    }
  });

  it('campaign insights answer one campaign; an unknown campaign is AD_CAMPAIGN_NOT_FOUND', async () => {
    const answer = await test.client.get<ReportOverview>(
      url(`/campaign-insights/${created.campaign_id}/?${RANGE}`),
      members.get('ANALYST') ?? null,
    );
    expect(answer.data.totals.spend_in_micro_currency).toBe(10_000_000);
    const missing = await test.client.get(url(`/campaign-insights/999999/?${RANGE}`), owner);
    expect(missing.code).toBe(CODES.AD_CAMPAIGN_NOT_FOUND.code);
  });
});

describe('reporting tables', () => {
  it('answers campaigns, ad groups and ads with their figures over the range', async () => {
    for (const level of ['campaigns', 'adgroups', 'ads'] as const) {
      const answer = await test.client.get<ReportRow[]>(
        url(`/reporting/${level}/?${RANGE}`),
        owner,
      );
      expect(answer.status, level).toBe(200);
      expect(answer.data).toHaveLength(1);
      const row = answer.data[0];
      expect(row).toMatchObject({
        level,
        spend_in_micro_currency: 10_000_000,
        paid_impressions: 1500,
        earned_impressions: 40,
        outbound_clicks: 10,
        saves: 3,
        campaign: { id: created.campaign_id },
        day: null,
      });
      expect(row?.id).toBe(
        level === 'campaigns'
          ? created.campaign_id
          : level === 'adgroups'
            ? created.ad_group_id
            : created.ad_id,
      );
      expect(row?.ad_group === null).toBe(level === 'campaigns');
    }
  });

  it('keeps campaigns without delivery in the range with zeros', async () => {
    const answer = await test.client.get<ReportRow[]>(
      url('/reporting/campaigns/?start_date=2026-10-01&end_date=2026-10-02'),
      owner,
    );
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({ spend_in_micro_currency: 0, impressions: 0, ctr: null });
  });

  it('DAY granularity gives a row per day with delivery, newest first, paged', async () => {
    const first = await test.client.get<ReportRow[]>(
      url(`/reporting/ads/?${RANGE}&granularity=DAY&page_size=1`),
      owner,
    );
    expect(first.data.map((row) => row.day)).toEqual([DAY2]);
    expect(first.bookmark).toBeDefined();
    const second = await test.client.get<ReportRow[]>(
      url(`/reporting/ads/?${RANGE}&granularity=DAY&page_size=1&bookmark=${first.bookmark ?? ''}`),
      owner,
    );
    expect(second.data.map((row) => row.day)).toEqual([DAY1]);
    expect(second.data[0]).toMatchObject({ paid_impressions: 1000, clicks: 30, saves: 3 });
    expect(second.bookmark).toBeUndefined();
  });

  it('filters by campaign and objective; an unknown level, campaign or cursor is refused', async () => {
    const filtered = await test.client.get<ReportRow[]>(
      url(`/reporting/ads/?${RANGE}&campaign_id=${created.campaign_id}`),
      owner,
    );
    expect(filtered.data).toHaveLength(1);
    const awareness = await test.client.get<ReportRow[]>(
      url(`/reporting/campaigns/?${RANGE}&objective_type=AWARENESS`),
      owner,
    );
    expect(awareness.data).toEqual([]);
    const level = await test.client.get(url(`/reporting/productgroups/?${RANGE}`), owner);
    expect(level.status).toBe(404);
    expect(level.code).toBe(CODES.ROUTE_NOT_FOUND.code);
    const campaign = await test.client.get(url(`/reporting/ads/?campaign_id=999999`), owner);
    expect(campaign.code).toBe(CODES.AD_CAMPAIGN_NOT_FOUND.code);
    const cursor = await test.client.get(url(`/reporting/ads/?bookmark=nonsense!`), owner);
    expect(cursor.code).toBe(CODES.INVALID_BOOKMARK.code);
    const granularity = await test.client.get(url(`/reporting/ads/?granularity=HOUR`), owner);
    expect(granularity.status).toBe(400);
    expect(granularity.code).toBe(CODES.VALIDATION_FAILED.code);
  });
});

describe('column preferences', () => {
  it('default to paid and earned apart, are saved per person and account, and refuse bad sets', async () => {
    const analyst = members.get('ANALYST') ?? null;
    const initial = await test.client.get<{ columns: string[] }>(
      url('/reporting/preferences/'),
      analyst,
    );
    expect(initial.data.columns).toContain('earned_impressions');
    expect(initial.data.columns).toEqual([...DEFAULT_REPORT_COLUMNS]);
    const saved = await test.client.send<{ columns: string[] }>(
      'PUT',
      url('/reporting/preferences/'),
      { columns: ['spend', 'ctr'] },
      analyst,
    );
    expect(saved.status).toBe(200);
    expect(
      (await test.client.get<{ columns: string[] }>(url('/reporting/preferences/'), analyst)).data
        .columns,
    ).toEqual(['spend', 'ctr']);
    // The owner's columns are their own.
    expect(
      (await test.client.get<{ columns: string[] }>(url('/reporting/preferences/'), owner)).data
        .columns,
    ).toEqual([...DEFAULT_REPORT_COLUMNS]);
    for (const columns of [[], ['spend', 'spend'], ['profit']]) {
      const bad = await test.client.send(
        'PUT',
        url('/reporting/preferences/'),
        { columns },
        analyst,
      );
      expect(bad.status, JSON.stringify(columns)).toBe(400);
      expect(bad.code, JSON.stringify(columns)).toBe(CODES.REPORT_COLUMNS_INVALID.code);
    }
  });
});

describe('CSV export', () => {
  it('streams the report with a CSV type, an attachment name and formula-safe cells', async () => {
    await handle.db
      .updateTable('ad_campaigns')
      .set({ name: '=HYPERLINK("http://evil.test","Tarts, pies")' })
      .where('id', '=', created.campaign_id)
      .execute();
    const response = await rawGet(
      url(`/reporting/campaigns/export/?${RANGE}&columns=spend,impressions,ctr,cpc`),
      owner,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="corkboard_campaigns_${advertiserId}_${DAY1}_2026-11-07.csv"; filename*=UTF-8''corkboard_campaigns_${advertiserId}_${DAY1}_2026-11-07.csv`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Campaign ID,Campaign name,Status,Objective,Spend (USD),Impressions,CTR (%),CPC (USD)',
    );
    expect(lines[1]).toBe(
      `${created.campaign_id},"'=HYPERLINK(""http://evil.test"",""Tarts, pies"")",ACTIVE,CONSIDERATION,10.00,1540,2.33,0.29`,
    );
    expect(lines[2]).toBe('');
    expect(lines).toHaveLength(3);
  });

  it("uses the reader's saved columns, and a day column for DAY reports", async () => {
    const analyst = members.get('ANALYST') ?? null;
    await test.client.send('PUT', url('/reporting/preferences/'), { columns: ['saves'] }, analyst);
    const response = await rawGet(url(`/reporting/ads/export/?${RANGE}&granularity=DAY`), analyst);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `corkboard_ads_daily_${advertiserId}_${DAY1}_2026-11-07.csv`,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Day,Ad ID,Ad name,Status,Ad group ID,Ad group name,Campaign ID,Campaign name,Objective,Saves',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([DAY2, DAY1]);
    expect(lines[2]?.endsWith(',3')).toBe(true);
  });

  it('refuses unknown columns and an export past the cap before streaming', async () => {
    const columns = await rawGet(url('/reporting/ads/export/?columns=spend,profit'), owner);
    expect(columns.statusCode).toBe(400);
    expect(columns.json()).toMatchObject({
      resource_response: { code: CODES.REPORT_COLUMNS_INVALID.code },
    });

    // A second business with 30 ads × 340 days of rollups: 10,200 DAY rows.
    const other = await f.user({ username: 'report_big' });
    const big = await test.client.send<BusinessCreated>(
      'POST',
      '/v3/business/create/',
      { business_name: 'Big Co', country: 'US', language: 'en', advertising_intent: 'products' },
      other,
    );
    const bigAdvertiser = big.data.advertiser_id;
    const campaign = await handle.db
      .insertInto('ad_campaigns')
      .values({
        ad_account_id: bigAdvertiser,
        name: 'Big',
        objective_type: 'CONSIDERATION',
        ads_client_type: 'console',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await handle.db
      .insertInto('ad_groups')
      .values({
        campaign_id: campaign.id,
        ad_account_id: bigAdvertiser,
        name: 'Big group',
        budget_type: 'DAILY',
        budget_in_micro_currency: 1_000_000,
        bid_in_micro_currency: 500_000,
        billable_event: 'CLICKTHROUGH',
        targeting_spec: JSON.stringify({}),
        start_time: new Date('2026-01-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const board = await f.board(other, { name: 'Big board' });
    const pin = await f.pin({ board, title: 'Big pin' });
    await sql`
      INSERT INTO ads (ad_group_id, campaign_id, ad_account_id, pin_id, name, destination_url)
      SELECT ${group.id}, ${campaign.id}, ${bigAdvertiser}, ${pin.id}, 'Ad ' || n, 'https://big.test/'
      FROM generate_series(1, 30) n`.execute(handle.db);
    await sql`
      INSERT INTO ad_daily_rollups (ad_id, day, ad_group_id, campaign_id, ad_account_id, paid_impressions)
      SELECT a.id, d::date, a.ad_group_id, a.campaign_id, a.ad_account_id, 1
      FROM ads a, generate_series('2026-01-01'::date, '2026-12-05'::date, interval '1 day') d
      WHERE a.ad_account_id = ${bigAdvertiser}`.execute(handle.db);
    const tooLarge = answer(
      await rawGet(
        `/v3/ads/advertisers/${bigAdvertiser}/reporting/ads/export/?start_date=2026-01-01&end_date=2026-12-05&granularity=DAY`,
        other,
      ),
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.code).toBe(CODES.REPORT_EXPORT_TOO_LARGE.code);
    expect(tooLarge.errorData).toMatchObject({ rows: 30 * 339, max_rows: REPORT_EXPORT_MAX_ROWS });
    // The same report by totals (30 rows) streams.
    const totals = await rawGet(
      `/v3/ads/advertisers/${bigAdvertiser}/reporting/ads/export/?start_date=2026-01-01&end_date=2026-12-05`,
      other,
    );
    expect(totals.statusCode).toBe(200);
    expect(totals.body.trim().split('\r\n')).toHaveLength(31);
  });
});

describe('change history', () => {
  it('records quick promote and status changes in their transaction, newest first, paged', async () => {
    const statusUrl = url(`/campaigns/${created.campaign_id}/status/`);
    const paused = await test.client.send<CampaignDetail>(
      'PUT',
      statusUrl,
      { status: 'PAUSED' },
      owner,
    );
    expect(paused.status).toBe(200);
    const operator = await f.user({ username: 'report_operator' });
    await handle.db
      .insertInto('ad_change_history')
      .values({
        ad_account_id: advertiserId,
        actor_id: operator.id,
        entity_type: 'AD',
        entity_id: created.ad_id,
        action: 'review_approved',
        changes: JSON.stringify({ reasons: [] }),
      })
      .execute();
    const analyst = members.get('ANALYST') ?? null;
    const all = await test.client.get<HistoryEntry[]>(url('/history/'), analyst);
    expect(all.status).toBe(200);
    expect(all.data.map((entry) => [entry.entity_type, entry.action])).toEqual([
      ['AD', 'review_approved'],
      ['CAMPAIGN', 'pause'],
      ['AD', 'create'],
      ['AD_GROUP', 'create'],
      ['CAMPAIGN', 'quick_promote'],
    ]);
    // Corkboard's reviewers are not named; people of the business are.
    expect(all.data[0]?.actor).toBeNull();
    expect(all.data[1]).toMatchObject({
      actor: { id: owner.id, username: 'report_owner' },
      entity_id: created.campaign_id,
      entity_name: '=HYPERLINK("http://evil.test","Tarts, pies")',
      changes: { status: { from: 'ACTIVE', to: 'PAUSED' } },
    });
    const page = await test.client.get<HistoryEntry[]>(url('/history/?page_size=2'), analyst);
    expect(page.data).toHaveLength(2);
    const next = await test.client.get<HistoryEntry[]>(
      url(`/history/?page_size=2&bookmark=${page.bookmark ?? ''}`),
      analyst,
    );
    expect(next.data.map((entry) => entry.action)).toEqual(['create', 'create']);
    const campaigns = await test.client.get<HistoryEntry[]>(
      url('/history/?entity_type=CAMPAIGN'),
      analyst,
    );
    expect(campaigns.data.map((entry) => entry.action)).toEqual(['pause', 'quick_promote']);
    const bad = await test.client.get(url('/history/?entity_type=PIN'), analyst);
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(CODES.VALIDATION_FAILED.code);
    const huge = await test.client.get<HistoryEntry[]>(url('/history/?page_size=100000'), analyst);
    expect(huge.status).toBe(200);
  });

  it('a refused change leaves no history row (the same transaction)', async () => {
    const before = await handle.db
      .selectFrom('ad_change_history')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await test.client.send(
      'PUT',
      url(`/campaigns/${created.campaign_id}/status/`),
      { status: 'ACTIVE' },
      members.get('ANALYST') ?? null,
    );
    expect(refused.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
    const after = await handle.db
      .selectFrom('ad_change_history')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('permission × endpoint', () => {
  const reads = () => [
    url(`/reporting/overview/?${RANGE}`),
    url(`/campaign-insights/${created.campaign_id}/?${RANGE}`),
    url(`/reporting/campaigns/?${RANGE}`),
    url(`/reporting/adgroups/?${RANGE}`),
    url(`/reporting/ads/?${RANGE}`),
    url('/reporting/preferences/'),
    url('/history/'),
  ];

  it('every permission reads every report, saves its own columns and exports', async () => {
    const everyone: [string, UserFixture][] = [['OWNER', owner], ...members.entries()];
    for (const [permission, who] of everyone) {
      for (const path of reads()) {
        const answer = await test.client.get(path, who);
        expect(answer.status, `${permission} ${path}`).toBe(200);
      }
      const saved = await test.client.send(
        'PUT',
        url('/reporting/preferences/'),
        { columns: ['spend'] },
        who,
      );
      expect(saved.status, `${permission} PUT preferences`).toBe(200);
      const csv = await rawGet(url(`/reporting/ads/export/?${RANGE}`), who);
      expect(csv.statusCode, `${permission} export`).toBe(200);
    }
  });

  it('only campaign writers change a campaign: ANALYST, FINANCE_MANAGER and AUDIENCE_MANAGER cannot', async () => {
    const statusUrl = url(`/campaigns/${created.campaign_id}/status/`);
    for (const permission of ['ANALYST', 'FINANCE_MANAGER', 'AUDIENCE_MANAGER'] as const) {
      const answer = await test.client.send(
        'PUT',
        statusUrl,
        { status: 'ACTIVE' },
        members.get(permission) ?? null,
      );
      expect(answer.status, permission).toBe(403);
      expect(answer.code, permission).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
      expect(answer.errorData).toEqual({ capability: 'manage_campaigns' });
    }
    for (const permission of ['ADMIN', 'CAMPAIGN_MANAGER'] as const) {
      const answer = await test.client.send(
        'PUT',
        statusUrl,
        { status: 'PAUSED' },
        members.get(permission) ?? null,
      );
      expect(answer.status, permission).toBe(200);
    }
  });

  it('someone without access learns nothing (ADVERTISER_NOT_FOUND); a visitor must sign in', async () => {
    const paths = [...reads(), url(`/reporting/ads/export/?${RANGE}`)];
    for (const path of paths) {
      const hidden = answer(await rawGet(path, stranger));
      expect(hidden.status, path).toBe(404);
      expect(hidden.code, path).toBe(CODES.ADVERTISER_NOT_FOUND.code);
      const visitor = answer(await rawGet(path, null));
      expect(visitor.status, path).toBe(401);
    }
    const put = await test.client.send(
      'PUT',
      url('/reporting/preferences/'),
      { columns: ['spend'] },
      stranger,
    );
    expect(put.code).toBe(CODES.ADVERTISER_NOT_FOUND.code);
  });
});

describe('export rate limit', () => {
  it(`answers RATE_LIMITED past ${REPORT_EXPORT_RATE_LIMIT_MAX} exports per address per minute`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= REPORT_EXPORT_RATE_LIMIT_MAX; n += 1) {
      statuses.push(
        (await rawGet(url(`/reporting/campaigns/export/?${RANGE}`), owner, '10.9.9.9')).statusCode,
      );
    }
    expect(statuses.slice(0, REPORT_EXPORT_RATE_LIMIT_MAX).every((status) => status === 200)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);
  });
});

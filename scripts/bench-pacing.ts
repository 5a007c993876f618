// bench:pacing — even pacing of a daily budget over one simulated day (issue 11; decision 108).
// An in-process API on an in-memory PGlite with a clock the script moves: an approved CPC ad
// (budget BUDGET a day at 0.50 a click) and a day of home-feed traffic that follows a daily
// curve (quiet at night, busiest in the evening). Every feed answer that carries the ad is an
// impression; a fixed share of those are clicks (a seeded random draw, the same in both runs).
// The day runs twice: once with the group on STANDARD delivery (paced) and, as the same-run
// baseline, once on ACCELERATED (unpaced). Prints the hourly cumulative spend of both beside the
// even line and the hour each budget ran out. Never fails on timing or shape: it is a measurement.
//
// Env: BUDGET (units a day, default 20), REQUESTS (feed requests over the day, default 1000),
// CTR (clicks per impression, default 0.1).
import { cpus, totalmem } from 'node:os';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import type { Pin } from '@corkboard/shared/api-types';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type { QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
} from '@corkboard/shared/business/quick-promote';
import { createFixtures, type UserFixture } from '@corkboard/api/test/fixtures';
import { answer, csrfHeaders } from '@corkboard/api/test/api-client';
import { buildTestApp, type TestApp } from '@corkboard/api/test/test-app';
import { TEST_VIEWER_HEADER } from '@corkboard/api/test/test-viewer';
import { TestClock } from '@corkboard/api/test/test-clock';
import { PACING_LEAD_FRACTION } from '@corkboard/api/modules/ads/delivery.service';

const BUDGET = Number(process.env.BUDGET ?? 20);
const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const CTR = Number(process.env.CTR ?? 0.1);
const CLICK_COST = 0.5;
/** Viewers the traffic is spread over (each sees an ad at most 3 times a day: the cap). */
const VIEWERS = 300;
const DAY = '2026-12-01';
const HOUR_MS = 60 * 60_000;

/** Share of the day's traffic in each UTC hour: a night trough and an evening peak. */
function trafficCurve(): number[] {
  const raw = Array.from(
    { length: 24 },
    (_, hour) => 1 + 0.85 * Math.sin(((hour - 14) / 24) * 2 * Math.PI),
  );
  const total = raw.reduce((sum, value) => sum + value, 0);
  return raw.map((value) => value / total);
}

/** mulberry32: the same click draws in both runs. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DayResult {
  /** Cumulative spend (units) at the end of each hour. */
  hourly: number[];
  impressions: number;
  clicks: number;
  /** First hour (0–23) whose end saw the budget spent, or null. */
  exhaustedAt: number | null;
}

async function simulateDay(delivery: 'STANDARD' | 'ACCELERATED'): Promise<DayResult> {
  // A fresh in-memory PGlite per run (the test helper's template copy needs Vitest).
  const handle = await createDb({ dataDir: undefined });
  await migrateToLatest(handle.db as Kysely<unknown>);
  const clock = new TestClock(new Date(`${DAY}T00:00:00Z`));
  const test: TestApp = await buildTestApp(handle.db, { clock });
  try {
    const db = handle.db;
    const f = createFixtures(db);
    const owner = await f.user({ username: 'pacing_owner' });
    const operator = await f.user({ username: 'pacing_operator', isAdmin: true });
    const created = await test.client.send<BusinessCreated>(
      'POST',
      '/v3/business/create/',
      { business_name: 'Pacing Co', country: 'US', language: 'en', advertising_intent: 'products' },
      owner,
    );
    const advertiserId = created.data.advertiser_id;
    const board = await f.board(owner, { name: 'Tarts' });
    const pinId = (await f.pin({ board, title: 'Lemon tart', link: 'https://pacing.test/' })).id;
    const baker = await f.user({ username: 'pacing_baker' });
    const bakes = await f.board(baker, { name: 'Bakes' });
    for (let index = 0; index < 30; index += 1)
      await f.pin({ board: bakes, title: `Tart ${index}` });
    const values = {
      ...defaultQuickPromoteValues({
        advertiserId,
        country: 'US',
        pinTitle: 'Lemon tart',
        pinLink: 'https://pacing.test/',
      }),
      budget: BUDGET,
      is_ongoing: true,
    };
    const promoted = await test.client.send<QuickPromoteResult>(
      'POST',
      `/ads/v4/advertisers/${advertiserId}/pins/${pinId}/quick_promote/`,
      quickPromotePayload(values, pinId, 'US'),
      owner,
    );
    if (promoted.status !== 200) throw new Error(`quick promote: ${JSON.stringify(promoted.data)}`);
    const adId = promoted.data.ad_id;
    await test.client.send(
      'POST',
      `/v3/admin/ads/${adId}/review/`,
      { status: 'APPROVED' },
      operator,
    );
    await sql`UPDATE ad_groups SET pacing_delivery_type = ${delivery}
      WHERE id = ${promoted.data.ad_group_id}`.execute(db);
    const viewers: UserFixture[] = [];
    for (let index = 0; index < VIEWERS; index += 1)
      viewers.push(await f.user({ username: `pacing_viewer_${index}` }));

    const random = seededRandom(42);
    const curve = trafficCurve();
    const result: DayResult = { hourly: [], impressions: 0, clicks: 0, exhaustedAt: null };
    let next = 0;
    for (let hour = 0; hour < 24; hour += 1) {
      const requests = Math.round(REQUESTS * (curve[hour] ?? 0));
      for (let index = 0; index < requests; index += 1) {
        clock.current = new Date(
          Date.parse(`${DAY}T00:00:00Z`) + hour * HOUR_MS + (index / requests) * HOUR_MS,
        );
        const viewer = viewers[next % VIEWERS] as UserFixture;
        // Each viewer from its own address, as real traffic is: the per-address limits apply.
        const remoteAddress = `10.0.${Math.floor((next % VIEWERS) / 250)}.${(next % VIEWERS) % 250}`;
        next += 1;
        const feed = answer<Pin[]>(
          await test.app.inject({
            method: 'GET',
            url: '/v3/feeds/home/?page_size=25',
            remoteAddress,
            headers: { accept: 'application/json', [TEST_VIEWER_HEADER]: viewer.id },
          }),
        );
        if (!feed.data.some((pin) => pin.is_promoted === true)) continue;
        const beacon = async (event: 'IMPRESSION' | 'CLOSEUP') =>
          answer<{ counted: boolean }>(
            await test.app.inject({
              method: 'POST',
              url: '/v3/ads/events/',
              remoteAddress,
              payload: JSON.stringify({ tracking_params: adId, event }),
              headers: {
                accept: 'application/json',
                'content-type': 'application/json',
                ...csrfHeaders(),
                [TEST_VIEWER_HEADER]: viewer.id,
              },
            }),
          );
        if ((await beacon('IMPRESSION')).data?.counted) result.impressions += 1;
        if (random() < CTR && (await beacon('CLOSEUP')).data?.counted) result.clicks += 1;
      }
      const spent = await db
        .selectFrom('ad_group_spend_days')
        .select('spent_micro')
        .where('ad_group_id', '=', promoted.data.ad_group_id)
        .where('day', '=', DAY)
        .executeTakeFirst();
      const units = Number(spent?.spent_micro ?? 0) / 1_000_000;
      result.hourly.push(units);
      if (result.exhaustedAt === null && units + CLICK_COST > BUDGET) result.exhaustedAt = hour;
    }
    return result;
  } finally {
    await test.close();
    await handle.close();
  }
}

const money = (units: number) => units.toFixed(2).padStart(7);
console.log(
  `bench:pacing — ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  `daily budget ${BUDGET.toFixed(2)} at ${CLICK_COST.toFixed(2)} a click, ${REQUESTS} feed requests ` +
    `over ${VIEWERS} viewers, CTR ${CTR}, lead ${(PACING_LEAD_FRACTION * 24).toFixed(1)} h`,
);
const paced = await simulateDay('STANDARD');
const unpaced = await simulateDay('ACCELERATED');
console.log('\nhour (end, UTC)  even line  STANDARD  ACCELERATED   (cumulative spend)');
let worstPaced = 0;
let worstUnpaced = 0;
for (let hour = 0; hour < 24; hour += 1) {
  const ideal = (BUDGET * (hour + 1)) / 24;
  const a = paced.hourly[hour] ?? 0;
  const b = unpaced.hourly[hour] ?? 0;
  worstPaced = Math.max(worstPaced, Math.abs(a - ideal));
  worstUnpaced = Math.max(worstUnpaced, Math.abs(b - ideal));
  console.log(
    `${String(hour + 1).padStart(2, '0')}:00            ${money(ideal)}   ${money(a)}      ${money(b)}`,
  );
}
const describe = (name: string, day: DayResult, worst: number) =>
  `${name.padEnd(11)} spent ${money(day.hourly[23] ?? 0).trim()} of ${BUDGET.toFixed(2)}; ` +
  `${day.impressions} impressions, ${day.clicks} clicks; budget out ` +
  `${day.exhaustedAt === null ? 'never' : `by ${String(day.exhaustedAt + 1).padStart(2, '0')}:00`}; ` +
  `largest gap to the even line ${worst.toFixed(2)} (${((100 * worst) / BUDGET).toFixed(0)} % of the budget)`;
console.log(`\n${describe('STANDARD', paced, worstPaced)}`);
console.log(describe('ACCELERATED', unpaced, worstUnpaced));

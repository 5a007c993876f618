// The visitors' performance intake on POST /v3/client_log/ and its admin summary (business.md
// §4.5; docs/decisions/121): valid samples are stored, bad ones refused with their codes, signed-in
// senders refused, the endpoint's rate limit holds, and the admin reads p50/p75/p95 per metric
// over a recent window.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { PerformanceSummary } from '@corkboard/shared/performance/visitor-performance';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { CLIENT_LOG_RATE_LIMIT_MAX } from './client-log.routes.ts';

let handle: DbHandle;
let test: TestApp;
let operator: UserFixture;
let person: UserFixture;

const DAY_MS = 24 * 60 * 60_000;

async function report(app: TestApp, body: unknown, who: UserFixture | null = null) {
  return app.client.send('POST', '/v3/client_log/', body, who);
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db);
  const f = createFixtures(handle.db);
  operator = await f.user({ isAdmin: true });
  person = await f.user();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

beforeEach(async () => {
  await handle.db.deleteFrom('visitor_performance_samples').execute();
});

describe('visitor performance intake', () => {
  it('stores the profiler result and each web-vital', async () => {
    const bodies = [
      {
        event: 'visitor_performance',
        page: 'home',
        metric: 'image_visible',
        state: 'complete',
        value: 812.4,
      },
      { event: 'visitor_performance', page: 'home', metric: 'image_visible', state: 'disabled' },
      { event: 'visitor_performance', page: 'home', metric: 'lcp', value: 1500 },
      { event: 'visitor_performance', page: 'home', metric: 'inp', value: 40 },
      { event: 'visitor_performance', page: 'home', metric: 'cls', value: 0.02 },
    ];
    for (const body of bodies) expect((await report(test, body)).status).toBe(200);
    const rows = await handle.db
      .selectFrom('visitor_performance_samples')
      .select(['metric', 'value', 'state'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { metric: 'image_visible', value: 812.4, state: 'complete' },
      { metric: 'image_visible', value: null, state: 'disabled' },
      { metric: 'lcp', value: 1500, state: null },
      { metric: 'inp', value: 40, state: null },
      { metric: 'cls', value: 0.02, state: null },
    ]);
  });

  it('refuses unknown metrics, values out of range and a completed profile without a time', async () => {
    for (const body of [
      { event: 'visitor_performance', page: 'home', metric: 'fid', value: 10 },
      { event: 'visitor_performance', page: 'home', metric: 'lcp', value: -1 },
      { event: 'visitor_performance', page: 'home', metric: 'lcp', value: 120_001 },
      { event: 'visitor_performance', page: 'home', metric: 'cls', value: 11 },
      { event: 'visitor_performance', page: 'home', metric: 'image_visible', state: 'complete' },
      { event: 'visitor_performance', page: 'nowhere', metric: 'lcp', value: 10 },
    ]) {
      const refused = await report(test, body);
      expect(refused.status).toBe(400);
      expect(refused.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
    }
    const stored = await handle.db.selectFrom('visitor_performance_samples').selectAll().execute();
    expect(stored).toEqual([]);
  });

  it('refuses a signed-in sender', async () => {
    const refused = await report(
      test,
      { event: 'visitor_performance', page: 'home', metric: 'lcp', value: 10 },
      person,
    );
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(ERROR_CODES.PERFORMANCE_REPORT_VISITORS_ONLY.code);
  });

  it('is rate-limited per client', async () => {
    const fresh = await buildTestApp(handle.db);
    try {
      const statuses: number[] = [];
      for (let n = 0; n <= CLIENT_LOG_RATE_LIMIT_MAX; n += 1) {
        const sent = await report(fresh, {
          event: 'visitor_performance',
          page: 'home',
          metric: 'inp',
          value: n,
        });
        statuses.push(sent.status);
      }
      expect(statuses.slice(0, CLIENT_LOG_RATE_LIMIT_MAX).every((status) => status === 200)).toBe(
        true,
      );
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('admin performance summary', () => {
  it('gives p50/p75/p95 per metric over the window, and how the profiler ended', async () => {
    const old = new Date(test.clock.now().getTime() - 8 * DAY_MS);
    await handle.db
      .insertInto('visitor_performance_samples')
      .values({ page: 'home', metric: 'lcp', value: 99_000, state: null, created_at: old })
      .execute();
    for (const value of [100, 200, 300, 400, 500]) {
      await report(test, { event: 'visitor_performance', page: 'home', metric: 'lcp', value });
    }
    await report(test, {
      event: 'visitor_performance',
      page: 'home',
      metric: 'image_visible',
      state: 'complete',
      value: 700,
    });
    await report(test, {
      event: 'visitor_performance',
      page: 'home',
      metric: 'image_visible',
      state: 'disabled',
    });
    const summary = await test.client.get<PerformanceSummary>('/v3/admin/performance/', operator);
    expect(summary.status).toBe(200);
    expect(summary.data.days).toBe(7);
    expect(summary.data.metrics.find((row) => row.metric === 'lcp')).toEqual({
      metric: 'lcp',
      count: 5,
      p50: 300,
      p75: 400,
      p95: 480,
    });
    expect(summary.data.metrics.find((row) => row.metric === 'image_visible')).toMatchObject({
      count: 1,
      p50: 700,
    });
    expect(summary.data.metrics.find((row) => row.metric === 'inp')).toEqual({
      metric: 'inp',
      count: 0,
      p50: null,
      p75: null,
      p95: null,
    });
    expect(summary.data.profiler).toEqual({ complete: 1, disabled: 1 });

    const wider = await test.client.get<PerformanceSummary>(
      '/v3/admin/performance/?days=30',
      operator,
    );
    expect(wider.data.metrics.find((row) => row.metric === 'lcp')?.count).toBe(6);
    const bad = await test.client.get('/v3/admin/performance/?days=31', operator);
    expect(bad.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });

  it('is for operators only', async () => {
    expect((await test.client.get('/v3/admin/performance/', null)).code).toBe(
      ERROR_CODES.UNAUTHORIZED.code,
    );
    expect((await test.client.get('/v3/admin/performance/', person)).code).toBe(
      ERROR_CODES.ADMIN_REQUIRED.code,
    );
  });
});

// POST /v3/client_log/: pin_create_success / pin_create_fail events stored with the viewer (if
// any), the pin-saved dialog's render with its metric (signed in only), bounded bodies, CSRF,
// and its own rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { answer, csrfHeaders } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { CLIENT_LOG_RATE_LIMIT_MAX } from './client-log.routes.ts';
import { PIN_CLIENT_EVENT_RETENTION_MS, purgeOldClientEvents } from './client-log.service.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let test: TestApp;
let me: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  me = await createFixtures(handle.db).user();
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

let ipCounter = 0;

/** Each call from its own client address unless one is given (the limit is per address). */
async function log(payload: unknown, who: UserFixture | null, ip?: string) {
  ipCounter += 1;
  return answer<null>(
    await test.app.inject({
      method: 'POST',
      url: '/v3/client_log/',
      payload: JSON.stringify(payload),
      remoteAddress: ip ?? `198.51.100.${ipCounter}`,
      headers: { 'content-type': 'application/json', ...csrfHeaders(), ...as(who) },
    }),
  );
}

describe('POST /v3/client_log/', () => {
  it('stores a success event with the viewer, method and query', async () => {
    const result = await log(
      {
        event: 'pin_create_success',
        client: 'web',
        pin_id: '12345',
        path: 'bookmarklet',
        guid: 'guid-1',
        query: { url: 'https://example.com/', media: 'https://example.com/a.jpg' },
      },
      me,
    );
    expect(result.status).toBe(200);
    expect(result.data).toBeNull();
    const row = await handle.db
      .selectFrom('pin_client_events')
      .selectAll()
      .where('guid', '=', 'guid-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: me.id,
      event: 'pin_create_success',
      pin_id: '12345',
      path: 'bookmarklet',
    });
    expect(row.query).toEqual({ url: 'https://example.com/', media: 'https://example.com/a.jpg' });
  });

  it('stores a failure from a visitor without a user', async () => {
    const result = await log({ event: 'pin_create_fail', error_code: 414, path: 'create' }, null);
    expect(result.status).toBe(200);
    const row = await handle.db
      .selectFrom('pin_client_events')
      .selectAll()
      .where('event', '=', 'pin_create_fail')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(row.error_code).toBe(414);
  });

  it('refuses unknown events, oversized queries and missing CSRF', async () => {
    const unknown = await log({ event: 'something_else' }, me);
    expect(unknown.code).toBe(CODES.VALIDATION_FAILED.code);
    const bigQuery = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    const tooMany = await log({ event: 'pin_create_fail', query: bigQuery }, me);
    expect(tooMany.code).toBe(CODES.VALIDATION_FAILED.code);
    const tooLarge = await log(
      { event: 'pin_create_fail', query: { a: 'x'.repeat(70 * 1024) } },
      me,
    );
    expect(tooLarge.status).toBe(413);
    const noCsrf = await test.app.inject({
      method: 'POST',
      url: '/v3/client_log/',
      payload: { event: 'pin_create_fail' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('stores the pin-saved dialog render with its metric for a signed-in viewer (§2.9)', async () => {
    for (const metric of ['send', 'promote'] as const) {
      const result = await log(
        { event: 'pin_saved_dialog_render', client: 'web', pin_id: '4242', metric },
        me,
      );
      expect(result.status).toBe(200);
      expect(result.data).toBeNull();
    }
    const rows = await handle.db
      .selectFrom('pin_client_events')
      .select(['user_id', 'event', 'pin_id', 'metric', 'path', 'guid', 'query'])
      .where('event', '=', 'pin_saved_dialog_render')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        user_id: me.id,
        event: 'pin_saved_dialog_render',
        pin_id: '4242',
        metric: 'send',
        path: null,
        guid: null,
        query: {},
      },
      {
        user_id: me.id,
        event: 'pin_saved_dialog_render',
        pin_id: '4242',
        metric: 'promote',
        path: null,
        guid: null,
        query: {},
      },
    ]);
    // The create events never carry a metric.
    await log({ event: 'pin_create_fail', guid: 'no-metric', metric: 'send' }, me);
    const createRow = await handle.db
      .selectFrom('pin_client_events')
      .select('metric')
      .where('guid', '=', 'no-metric')
      .executeTakeFirstOrThrow();
    expect(createRow.metric).toBeNull();
  });

  it('refuses a dialog render from a visitor, without a pin or with another metric', async () => {
    const before = await handle.db
      .selectFrom('pin_client_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const visitor = await log(
      { event: 'pin_saved_dialog_render', pin_id: '4242', metric: 'send' },
      null,
    );
    expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
    expect(visitor.status).toBe(401);
    const noPin = await log({ event: 'pin_saved_dialog_render', metric: 'send' }, me);
    expect(noPin.code).toBe(CODES.VALIDATION_FAILED.code);
    const noMetric = await log({ event: 'pin_saved_dialog_render', pin_id: '4242' }, me);
    expect(noMetric.code).toBe(CODES.VALIDATION_FAILED.code);
    const otherMetric = await log(
      { event: 'pin_saved_dialog_render', pin_id: '4242', metric: 'share' },
      me,
    );
    expect(otherMetric.code).toBe(CODES.VALIDATION_FAILED.code);
    const badPin = await log(
      { event: 'pin_saved_dialog_render', pin_id: 'pin-1', metric: 'send' },
      me,
    );
    expect(badPin.code).toBe(CODES.VALIDATION_FAILED.code);
    const after = await handle.db
      .selectFrom('pin_client_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('counts dialog renders against the same per-client limit', async () => {
    let last = 0;
    for (let i = 0; i <= CLIENT_LOG_RATE_LIMIT_MAX; i += 1) {
      last = (
        await log(
          { event: 'pin_saved_dialog_render', pin_id: '4243', metric: 'send' },
          me,
          '203.0.113.78',
        )
      ).code;
    }
    expect(last).toBe(CODES.RATE_LIMITED.code);
  });

  it('is rate-limited per client', async () => {
    let last = 0;
    for (let i = 0; i <= CLIENT_LOG_RATE_LIMIT_MAX; i += 1) {
      last = (await log({ event: 'pin_create_fail' }, null, '203.0.113.77')).code;
    }
    expect(last).toBe(CODES.RATE_LIMITED.code);
  });

  it('sweeps events past the retention period', async () => {
    await log({ event: 'pin_create_fail', guid: 'old-one' }, me);
    const future = new Date(Date.now() + PIN_CLIENT_EVENT_RETENTION_MS + 60_000);
    expect(await purgeOldClientEvents(handle.db, future)).toBeGreaterThan(0);
    const left = await handle.db.selectFrom('pin_client_events').select('id').execute();
    expect(left).toEqual([]);
  });

  it('stores browser_extension_installed with the browser and version, visitors too (§7)', async () => {
    const signedIn = await log(
      {
        event: 'browser_extension_installed',
        client: 'web',
        browser: 'chromium',
        version: '1.0.0',
      },
      me,
    );
    expect(signedIn.status).toBe(200);
    const visitor = await log({ event: 'browser_extension_installed', browser: 'firefox' }, null);
    expect(visitor.status).toBe(200);
    const rows = await handle.db
      .selectFrom('browser_extension_events')
      .select(['user_id', 'browser', 'extension_version'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_id: me.id, browser: 'chromium', extension_version: '1.0.0' },
      { user_id: null, browser: 'firefox', extension_version: null },
    ]);
  });

  it('refuses an extension event without a known browser or with a malformed version', async () => {
    const before = await handle.db.selectFrom('browser_extension_events').select('id').execute();
    for (const payload of [
      { event: 'browser_extension_installed' },
      { event: 'browser_extension_installed', browser: 'netscape' },
      { event: 'browser_extension_installed', browser: 'chromium', version: '<script>' },
    ]) {
      const result = await log(payload, me);
      expect(result.status).toBe(400);
      expect(result.code).toBe(CODES.VALIDATION_FAILED.code);
    }
    const after = await handle.db.selectFrom('browser_extension_events').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('sweeps extension events past the retention period too', async () => {
    await log({ event: 'browser_extension_installed', browser: 'chromium' }, me);
    const future = new Date(Date.now() + PIN_CLIENT_EVENT_RETENTION_MS + 60_000);
    expect(await purgeOldClientEvents(handle.db, future)).toBeGreaterThan(0);
    expect(await handle.db.selectFrom('browser_extension_events').select('id').execute()).toEqual(
      [],
    );
  });
});

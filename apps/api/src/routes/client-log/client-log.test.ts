// POST /v3/client_log/: pin_create_success / pin_create_fail events stored with the viewer (if
// any), bounded bodies, CSRF, and its own rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { as } from '../../test/test-app.ts';
import {
  answer,
  buildSavingTestApp,
  csrfHeaders,
  type SavingTestApp,
} from '../saving/saving-test-kit.ts';
import { CLIENT_LOG_RATE_LIMIT_MAX } from './client-log.routes.ts';
import { PIN_CLIENT_EVENT_RETENTION_MS, purgeOldClientEvents } from './client-log.service.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let test: SavingTestApp;
let me: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  me = await createFixtures(handle.db).user();
  test = await buildSavingTestApp(handle.db);
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
});

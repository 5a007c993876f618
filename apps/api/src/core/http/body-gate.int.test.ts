// Issue 13: bodies were read before the session was checked (a visitor's 2 MiB PinResource body
// got 401 only after parsing), and anonymous requests could send the largest body any route
// allows. A visitor's body for a signed-in-only route is now refused unread, and an anonymous
// body anywhere is capped at ANONYMOUS_BODY_LIMIT_BYTES.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { answer, csrfHeaders } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { ANONYMOUS_BODY_LIMIT_BYTES } from './body-gate.ts';

let handle: DbHandle;
let test: TestApp;
let person: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  person = await createFixtures(handle.db).user();
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

const post = (url: string, payload: string | PassThrough, who: { id: string } | null) =>
  test.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...csrfHeaders(), ...as(who) },
  });

/** 2 MiB that is not JSON: parsing it would answer 400, so a 401 proves it was never parsed. */
const unparseable = '{'.repeat(2 * 1024 * 1024);

describe('signed-in-only routes', () => {
  it("refuses a visitor's 2 MiB PinResource body with 401 before parsing it", async () => {
    const result = answer(await post('/resource/PinResource/create/', unparseable, null));
    expect(result.status).toBe(401);
    expect(result.code).toBe(ERROR_CODES.UNAUTHORIZED.code);
  });

  it("refuses a visitor's body before it has even arrived", async () => {
    // The body never ends: only an answer that does not wait for it can come back.
    const stream = new PassThrough();
    stream.write('{"options":');
    const result = answer(await post('/resource/PinResource/create/', stream, null));
    expect(result.status).toBe(401);
    stream.destroy();
  });

  it('still parses the same body for a signed-in person (and finds it malformed)', async () => {
    const result = answer(await post('/resource/PinResource/create/', unparseable, person));
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.INVALID_JSON.code);
  });
});

describe('anonymous body limit', () => {
  const over = JSON.stringify({ username_or_email: 'x'.repeat(ANONYMOUS_BODY_LIMIT_BYTES) });

  it('answers an anonymous body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const result = answer(await post('/v3/login/', over, null));
    expect(result.status).toBe(413);
    expect(result.code).toBe(ERROR_CODES.PAYLOAD_TOO_LARGE.code);
    expect(result.errorData).toEqual({ max_bytes: ANONYMOUS_BODY_LIMIT_BYTES });
  });

  it('counts a chunked anonymous body (no Content-Length) as it arrives', async () => {
    const stream = new PassThrough();
    stream.end(over);
    const response = await test.app.inject({
      method: 'POST',
      url: '/v3/login/',
      payload: stream,
      headers: {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        ...csrfHeaders(),
      },
    });
    const result = answer(response);
    expect(result.status).toBe(413);
    expect(result.errorData).toEqual({ max_bytes: ANONYMOUS_BODY_LIMIT_BYTES });
  });

  it('lets a signed-in person send a larger body to the same kind of route', async () => {
    const body = JSON.stringify({ options: { padding: 'x'.repeat(ANONYMOUS_BODY_LIMIT_BYTES) } });
    const result = answer(await post('/resource/NoSuchResource/create/', body, person));
    expect(result.code).toBe(ERROR_CODES.UNKNOWN_RESOURCE.code);
  });

  it('takes an anonymous body under the limit', async () => {
    const result = answer(
      await post('/v3/login/', JSON.stringify({ username_or_email: 'nobody@example.com' }), null),
    );
    expect(result.status).not.toBe(413);
  });
});

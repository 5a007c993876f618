// Issue 13 "What testing found": a NUL byte (U+0000) in any text field, or a lone UTF-16
// surrogate, used to reach PostgreSQL (which stores neither) and come back as 500. The one input
// parser refuses them first: 400 TEXT_INVALID_CHARACTERS in the envelope, naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type BoardFixture, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { answer, csrfHeaders } from '../../test/api-client.ts';
import { as } from '../../test/test-viewer.ts';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const CODE = ERROR_CODES.TEXT_INVALID_CHARACTERS.code;

let handle: DbHandle;
let test: TestApp;
let owner: UserFixture;
let board: BoardFixture;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  owner = await f.user({ username: 'nul_owner' });
  board = await f.board(owner, { slug: 'plain' });
  // Captcha off: the login and signup checks would otherwise answer first (403).
  test = await buildTestApp(handle.db, {
    config: { captcha: { provider: 'off', altchaHmacKey: undefined, recaptcha: undefined } },
  });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function post(url: string, body: unknown, who: { id: string } | null) {
  return answer(
    await test.app.inject({
      method: 'POST',
      url,
      // JSON.stringify writes U+0000 as \u0000 and a lone surrogate as \ud800: what a client sends.
      payload: JSON.stringify(body),
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...csrfHeaders(),
        ...as(who),
      },
    }),
  );
}

async function get(url: string, who: { id: string } | null = null) {
  return answer(
    await test.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...as(who) },
    }),
  );
}

function expectRefused(result: Awaited<ReturnType<typeof get>>, path: string): void {
  expect(result.status).toBe(400);
  expect(result.code).toBe(CODE);
  expect(result.errorData).toMatchObject({ fields: [expect.objectContaining({ path })] });
}

describe('a NUL byte is refused with 400 in the envelope', () => {
  it('in the search query of a visitor', async () => {
    expectRefused(await get(`/v3/search/pins/?q=a${encodeURIComponent(NUL)}b`), 'q');
  });

  it('in a board slug in the path', async () => {
    expectRefused(await get(`/v3/boards/nul_owner/pl${encodeURIComponent(NUL)}ain/`), 'slug');
  });

  it('in the login identifier', async () => {
    expectRefused(
      await post(
        '/v3/login/',
        { username_or_email: `a${NUL}@x.test`, password: 'secret-123' },
        null,
      ),
      'username_or_email',
    );
  });

  it('in the sign-up names', async () => {
    const body = {
      email: 'nul-signup@example.test',
      password: 'a-long-password-1',
      birthday: 631152000,
      first_name: `Ann${NUL}`,
      last_name: `Lee${NUL}`,
    };
    const result = await post('/v3/register/', body, null);
    expectRefused(result, 'first_name');
  });

  it.each([
    ['title', { title: `Hi${NUL}` }],
    ['description', { description: `Hi${NUL}` }],
    ['link', { link: `https://example.com/${NUL}` }],
    ['image_url', { image_url: `https://example.com/a${NUL}.jpg` }],
  ])('in a pin %s', async (field, extra) => {
    const options = { board_id: board.id, image_url: 'https://example.com/a.jpg', ...extra };
    const result = await post('/resource/PinResource/create/', { options }, owner);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODE);
    expect(result.errorData).toMatchObject({
      fields: [expect.objectContaining({ path: `options.${field}` })],
    });
  });

  it('in the image URL of a registration', async () => {
    expectRefused(
      await test.client.send(
        'PUT',
        '/v3/pins/image/',
        { image_url: `https://a.test/${NUL}` },
        owner,
      ),
      'image_url',
    );
  });

  it('in client_log, also as a visitor', async () => {
    const result = await post(
      '/v3/client_log/',
      { event: 'pin_create_fail', query: { url: `x${NUL}` } },
      null,
    );
    expectRefused(result, 'query.url');
  });

  it('in a resource get option', async () => {
    const options = encodeURIComponent(JSON.stringify({ query: `a${NUL}` }));
    const result = await get(`/resource/ShareSuggestionsResource/get/?options=${options}`, owner);
    expectRefused(result, 'options.query');
  });

  it("in a body sent to the auth engine's own endpoints", async () => {
    const result = await post('/api/auth/revoke-session', { token: `t${NUL}` }, null);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODE);
  });

  it('in a key of an object, not only in values', async () => {
    const result = await post(
      '/v3/client_log/',
      { event: 'pin_create_fail', query: { [`k${NUL}`]: 'v' } },
      null,
    );
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODE);
  });
});

describe('a lone surrogate is refused with 400 in the envelope', () => {
  it('in client_log', async () => {
    const result = await post(
      '/v3/client_log/',
      { event: 'pin_create_fail', query: { url: `x${LONE_SURROGATE}` } },
      null,
    );
    expectRefused(result, 'query.url');
  });

  it('in a pin title', async () => {
    const options = { board_id: board.id, image_url: 'https://a.test/a.jpg', title: `\udc00x` };
    const result = await post('/resource/PinResource/create/', { options }, owner);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODE);
  });

  it('lets a proper surrogate pair (an emoji) through to the schema', async () => {
    const result = await post(
      '/v3/client_log/',
      { event: 'pin_create_fail', query: { note: 'pinned 📌' } },
      null,
    );
    expect(result.status).toBe(200);
  });
});

// Public pages cacheable (issue 13 "Speed"; docs/decisions/144 and 145): visitors' answers of the
// home feed, a pin, a board and a profile carry a strong ETag and a public Cache-Control, come
// from the server-side page cache, and every write drops that cache — on every process sharing
// Redis — before the writer hears back. A secret board's data never reaches a visitor, cached or
// not. Signed-in sessions are remembered briefly and forgotten on sign-out.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { csrfHeaders } from '../../test/api-client.ts';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { startRedisServer, type RedisServer } from '../../test/redis-server.ts';
import {
  body,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { PRIVATE_CACHE_CONTROL } from './private-caching.ts';
import { strongEtag } from '../../lib/page-cache.ts';
import { VISITOR_CACHE_CONTROL, VISITOR_COOKIE_CACHE_CONTROL } from './public-caching.ts';

let handle: DbHandle;
let redis: RedisServer;
let f: Fixtures;
let owner: UserFixture;
const apps: TestApp[] = [];

/** Apps reading each other's session cookies share the auth secret. */
const AUTH_SECRET = 'public-caching-test-secret-0123456789abcdefghij';

async function app(shared = false, viewer: 'header' | 'session' = 'header'): Promise<TestApp> {
  const built = await buildTestApp(handle.db, {
    viewer,
    config: {
      redisUrl: shared ? redis.url : undefined,
      ...(viewer === 'session' ? { authSecret: AUTH_SECRET } : {}),
    },
  });
  apps.push(built);
  return built;
}

/** A returning visitor's cookies: the CSRF token and the experiments' visitor id (no cookie set). */
const VISITOR_COOKIES = `${csrfHeaders().cookie}; ${VISITOR_ID_COOKIE}=${'v'.repeat(22)}`;

/** A returning visitor's GET. */
function visit(test: TestApp, url: string, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json', cookie: VISITOR_COOKIES, ...headers },
  });
}

function idsOf(response: { json<T>(): T }): string[] {
  return response
    .json<{ resource_response: { data: { id: string }[] } }>()
    .resource_response.data.map((item) => item.id);
}

async function feedIds(test: TestApp): Promise<string[]> {
  const response = await visit(test, '/v3/feeds/home/');
  expect(response.statusCode).toBe(200);
  return idsOf(response);
}

/** A pin written straight into the database: no request, so no cache is told. */
function pinBehindTheCachesBack(board: BoardFixture): Promise<PinFixture> {
  return f.pin({ board, title: 'Written behind the cache' });
}

function editPin(test: TestApp, pin: PinFixture, title: string) {
  return test.client.resourceWrite('PinResource', 'update', { id: pin.id, title }, owner);
}

beforeAll(async () => {
  handle = await createTestDb();
  redis = await startRedisServer();
  f = createFixtures(handle.db);
  owner = await f.user();
});

afterAll(async () => {
  for (const test of apps) await test.close();
  await redis.stop();
  await handle.close();
});

describe('visitor answers of public pages', () => {
  let test: TestApp;
  let board: BoardFixture;
  let pin: PinFixture;
  let urls: string[];

  beforeAll(async () => {
    test = await app();
    board = await f.board(owner, { name: 'Cached board' });
    pin = await f.pin({ board });
    urls = [
      '/v3/feeds/home/',
      `/v3/pins/${pin.id}/`,
      `/v3/boards/${owner.username}/${board.slug}/`,
      `/v3/boards/${board.id}/pins/`,
      `/v3/users/${owner.username}/`,
      `/v3/users/${owner.username}/boards/`,
      `/v3/users/${owner.username}/pins/`,
    ];
  });

  it('carry a strong ETag, a public Cache-Control and Vary: Cookie; If-None-Match → 304', async () => {
    for (const url of urls) {
      const first = await visit(test, url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control'], url).toBe(VISITOR_CACHE_CONTROL);
      expect(String(first.headers.vary), url).toMatch(/cookie/i);

      const again = await visit(test, url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);

      const other = await visit(test, url, { 'if-none-match': '"something-else"' });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toBe(first.body);
    }
  });

  it('are not shared when they set a cookie (a first visit gets its CSRF token)', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/v3/feeds/home/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeDefined();
    expect(response.headers['cache-control']).toBe(VISITOR_COOKIE_CACHE_CONTROL);
  });

  it('signed-in answers of the same pages stay private, no-store, without an ETag', async () => {
    for (const url of urls) {
      const response = await test.app.inject({ method: 'GET', url, headers: as(owner) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.etag, url).toBeUndefined();
      expect(String(response.headers.vary), url).toMatch(/cookie/i);
    }
  });

  it('come from the cache until a write, and the first read after a write sees it', async () => {
    const before = await feedIds(test);
    const hidden = await pinBehindTheCachesBack(board);
    // Nothing told the cache: the stored page is what a visitor gets.
    expect(await feedIds(test)).toEqual(before);

    expect((await editPin(test, pin, 'Renamed')).status).toBe(200);
    const after = await feedIds(test);
    expect(after[0]).toBe(hidden.id);
    const pinPage = await visit(test, `/v3/pins/${pin.id}/`);
    expect(pinPage.json<{ resource_response: { data: Pin } }>().resource_response.data.title).toBe(
      'Renamed',
    );
  });

  it('a deleted pin is gone from every cached page at once', async () => {
    const doomed = await f.pin({ board });
    expect((await editPin(test, doomed, 'Soon gone')).status).toBe(200);
    expect(await feedIds(test)).toContain(doomed.id);
    expect((await visit(test, `/v3/pins/${doomed.id}/`)).statusCode).toBe(200);

    const removed = await test.client.resourceWrite(
      'PinResource',
      'delete',
      { id: doomed.id },
      owner,
    );
    expect(removed.status).toBe(200);
    expect(await feedIds(test)).not.toContain(doomed.id);
    const gone = await visit(test, `/v3/pins/${doomed.id}/`);
    expect(gone.statusCode).toBe(404);
  });

  it('a refused write drops nothing', async () => {
    const before = await feedIds(test);
    await pinBehindTheCachesBack(board);
    const refused = await test.client.resourceWrite(
      'PinResource',
      'update',
      { id: pin.id, title: 'Not yours' },
      await f.user(),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await feedIds(test)).toEqual(before);
  });
});

describe('secret boards', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await app();
  });

  it('a board made secret leaves every cached visitor page at once', async () => {
    const board = await f.board(owner, { name: 'Soon secret' });
    const pin = await f.pin({ board, title: 'Soon a secret pin' });
    const pages = {
      board: `/v3/boards/${owner.username}/${board.slug}/`,
      pins: `/v3/boards/${board.id}/pins/`,
      pin: `/v3/pins/${pin.id}/`,
    };
    // Told through a write so the cached pages include this board's pin.
    expect((await editPin(test, pin, 'Still public')).status).toBe(200);
    for (const url of Object.values(pages)) expect((await visit(test, url)).statusCode).toBe(200);
    expect(await feedIds(test)).toContain(pin.id);
    const profilePins = await visit(test, `/v3/users/${owner.username}/pins/`);
    expect(idsOf(profilePins)).toContain(pin.id);
    const profileBoards = await visit(test, `/v3/users/${owner.username}/boards/`);
    expect(idsOf(profileBoards)).toContain(board.id);

    const made = await test.client.resourceWrite(
      'BoardResource',
      'update',
      { board_id: board.id, privacy: 'secret' },
      owner,
    );
    expect(made.status).toBe(200);

    const boardPage = await visit(test, pages.board);
    expect(boardPage.statusCode).toBe(404);
    expect(boardPage.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      ERROR_CODES.BOARD_NOT_FOUND.code,
    );
    expect((await visit(test, pages.pins)).statusCode).toBe(404);
    expect((await visit(test, pages.pin)).statusCode).toBe(404);
    expect(await feedIds(test)).not.toContain(pin.id);
    expect(idsOf(await visit(test, `/v3/users/${owner.username}/pins/`))).not.toContain(pin.id);
    expect(idsOf(await visit(test, `/v3/users/${owner.username}/boards/`))).not.toContain(board.id);
  });

  it("the owner's answer on the same URL never becomes a visitor's", async () => {
    const board = await f.board(owner, { name: 'Always secret', privacy: 'secret' });
    const pin = await f.pin({ board, title: 'Secret pin title' });
    for (const url of [
      `/v3/boards/${owner.username}/${board.slug}/`,
      `/v3/boards/${board.id}/pins/`,
      `/v3/pins/${pin.id}/`,
      `/v3/users/${owner.username}/pins/`,
      '/v3/feeds/home/',
    ]) {
      const own = await test.app.inject({ method: 'GET', url, headers: as(owner) });
      expect(own.statusCode, url).toBe(200);
      const visitor = await visit(test, url);
      expect(visitor.body, url).not.toContain('Secret pin title');
      expect(visitor.body, url).not.toContain('Always secret');
      // And once more, now that a visitor's answer may be stored.
      expect((await visit(test, url)).body, url).not.toContain('Secret pin title');
    }
  });
});

describe('several processes sharing Redis', () => {
  it('a write through A drops the page B serves, before A answers', async () => {
    const [a, b] = [await app(true), await app(true)];
    const board = await f.board(owner);
    const pin = await f.pin({ board });
    expect((await editPin(a, pin, 'Shared')).status).toBe(200);
    const before = await feedIds(b);
    expect(await feedIds(a)).toEqual(before);
    const hidden = await pinBehindTheCachesBack(board);
    // Both read the one stored copy.
    expect(await feedIds(b)).toEqual(before);
    expect(await feedIds(a)).toEqual(before);

    expect((await editPin(a, pin, 'Shared, edited')).status).toBe(200);
    // No waiting: the generation moved in Redis before A answered.
    expect((await feedIds(b))[0]).toBe(hidden.id);
  });

  it('control: without Redis the other process keeps its own copy', async () => {
    const [a, b] = [await app(false), await app(false)];
    const board = await f.board(owner);
    const pin = await f.pin({ board });
    await feedIds(b);
    await pinBehindTheCachesBack(board);
    expect((await editPin(a, pin, 'Local')).status).toBe(200);
    expect((await feedIds(a))[0]).not.toBe((await feedIds(b))[0]);
  });
});

describe('the session cache', () => {
  async function signUp(test: TestApp): Promise<{ browser: TestBrowser; cookie: string }> {
    const browser = new TestBrowser(test.app, `198.51.100.${apps.length}`);
    const response = await browser.post(
      '/v3/register/',
      signupBody({ email: uniqueEmail('cache'), password: GOOD_PASSWORD }),
    );
    expect(response.statusCode).toBe(200);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { browser, cookie };
  }

  function me(test: TestApp, cookie: string) {
    return test.app.inject({ method: 'GET', url: '/v3/users/me/', headers: { cookie } });
  }

  it('answers from memory, and a sign-out ends the session at once', async () => {
    const test = await app(false, 'session');
    const { browser, cookie } = await signUp(test);
    expect((await me(test, cookie)).statusCode).toBe(200);
    const userId = body<{ id: string }>(await me(test, cookie)).resource_response.data.id;

    // Sessions deleted behind the cache's back: the remembered lookup still answers…
    const rows = await handle.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    await handle.db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
    expect((await me(test, cookie)).statusCode).toBe(200);
    await handle.db.insertInto('auth_sessions').values(rows).execute();

    // …but a sign-out through the API is heard, so the old cookie stops working.
    expect((await browser.post('/v3/logout/', {})).statusCode).toBe(200);
    const after = await me(test, cookie);
    expect(after.statusCode).toBe(401);
  });

  it('a sign-out through A ends the session on B', async () => {
    const [a, b] = [await app(true, 'session'), await app(true, 'session')];
    const { browser, cookie } = await signUp(a);
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await browser.post('/v3/logout/', {})).statusCode).toBe(200);
    await expect.poll(async () => (await me(b, cookie)).statusCode).toBe(401);
  });
});

describe('the bytes of a cached page (ADR 196)', () => {
  /** Text that is not ASCII: a cached copy that re-encoded it wrongly would change its bytes. */
  const TITLE = 'Crème brûlée — 焼き菓子 ✓ 🍮';

  it.each([
    ['in this process', false],
    ['in Redis', true],
  ])(
    '%s: a hit sends the very bytes, Content-Length and ETag of the miss that stored them',
    async (_where, shared) => {
      const test = await app(shared);
      const board = await f.board(owner, { name: `Bytes board ${String(shared)}` });
      const pin = await f.pin({ board, title: TITLE });
      await test.app.pageCache.invalidate();
      const url = `/v3/boards/${board.id}/pins/`;

      const miss = await visit(test, url);
      const hit = await visit(test, url);
      expect(miss.statusCode).toBe(200);
      expect(hit.statusCode).toBe(200);
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(hit.headers['content-length']).toBe(String(miss.rawPayload.length));
      expect(miss.headers['content-length']).toBe(String(miss.rawPayload.length));
      expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(hit.headers.etag).toBe(strongEtag(miss.rawPayload));
      expect(miss.headers.etag).toBe(hit.headers.etag);
      const pins = hit.json<{ resource_response: { data: Pin[] } }>().resource_response.data;
      expect(pins.map((item) => [item.id, item.title])).toEqual([[pin.id, TITLE]]);

      // The stored entry is what the hit came from, byte for byte.
      const stored = await test.app.pageCache.get(`|${url}`);
      expect(stored.page?.body.equals(miss.rawPayload)).toBe(true);
    },
  );

  it('the in-process cache answers without waiting; Redis only through get()', async () => {
    const local = await app(false);
    const shared = await app(true);
    expect(local.app.pageCache.getNow).toBeTypeOf('function');
    expect(shared.app.pageCache.getNow).toBeUndefined();
  });
});

describe('a hit answered on arrival (ADR 202)', () => {
  /**
   * Headers that differ between any two answers: the request id, the clock, the budget left and
   * the seconds until it renews (a second may turn between two requests).
   */
  const PER_ANSWER = new Set([
    'x-request-id',
    'date',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
  ]);

  function comparable(headers: Record<string, unknown>): [string, string][] {
    return Object.entries(headers)
      .filter(([name]) => !PER_ANSWER.has(name))
      .map(([name, value]) => [name, String(value)]);
  }

  /** Which step answered: getNow called from the onRequest hook, or from the preHandler. */
  function watchLookups(test: TestApp): string[] {
    const steps: string[] = [];
    const cache = test.app.pageCache;
    const getNow = cache.getNow;
    if (getNow === undefined) throw new Error('the in-process cache has getNow');
    Object.assign(cache, {
      getNow: (key: string) => {
        // Page keys only (`<variant>|<url>`): the feed's own shared reads (`readThrough`) use
        // the same cache under keys of their own.
        if (key.includes('|/')) {
          const stack = new Error().stack ?? '';
          steps.push(stack.includes('answerHitOnArrival') ? 'arrival' : 'preHandler');
        }
        return getNow(key);
      },
    });
    return steps;
  }

  it('sends what the full path sends: status, every header and the bytes, 200 and 304', async () => {
    const test = await app();
    const steps = watchLookups(test);
    const url = '/v3/feeds/home/';
    const miss = await visit(test, url);
    expect(miss.statusCode).toBe(200);
    steps.length = 0;

    const early = await visit(test, url);
    // A declared (empty) body takes the full path: the body gate, then the preHandler's hit.
    const full = await visit(test, url, { 'content-length': '0' });
    expect(steps).toEqual(['arrival', 'preHandler']);
    expect(early.statusCode).toBe(200);
    expect(full.statusCode).toBe(200);
    expect(early.rawPayload.equals(full.rawPayload)).toBe(true);
    expect(early.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(comparable(early.headers)).toEqual(comparable(full.headers));
    expect(early.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(early.headers['x-frame-options']).toBe('DENY');
    // Both were counted: the later one has one request fewer left.
    expect(Number(early.headers['x-ratelimit-remaining'])).toBe(
      Number(full.headers['x-ratelimit-remaining']) + 1,
    );
    expect(early.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);

    steps.length = 0;
    const etag = String(early.headers.etag);
    const early304 = await visit(test, url, { 'if-none-match': etag });
    const full304 = await visit(test, url, { 'if-none-match': etag, 'content-length': '0' });
    expect(steps).toEqual(['arrival', 'preHandler']);
    expect(early304.statusCode).toBe(304);
    expect(full304.statusCode).toBe(304);
    expect(early304.body).toBe('');
    expect(comparable(early304.headers)).toEqual(comparable(full304.headers));
  });

  it.each(['br', 'gzip'])(
    "sends the full path's compressed bytes and headers to a browser that accepts %s (ADR 204)",
    async (encoding) => {
      const test = await app();
      const steps = watchLookups(test);
      const url = '/v3/feeds/home/';
      const accept = { 'accept-encoding': `${encoding}, identity` };
      const miss = await visit(test, url, accept);
      expect(miss.statusCode).toBe(200);
      steps.length = 0;
      const early = await visit(test, url, accept);
      const full = await visit(test, url, { ...accept, 'content-length': '0' });
      expect(steps).toEqual(['arrival', 'preHandler']);
      expect(early.headers['content-encoding']).toBe(encoding);
      expect(early.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(String(early.headers.etag)).toMatch(/^W\//);
      expect(early.rawPayload.equals(full.rawPayload)).toBe(true);
      expect(early.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(comparable(early.headers)).toEqual(comparable(full.headers));
      // The compressed bytes are the page: what a visitor without compression is sent.
      const plain = await visit(test, url);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(early.rawPayload) : gunzipSync(early.rawPayload);
      expect(decoded.equals(plain.rawPayload)).toBe(true);
      expect(plain.headers['content-encoding']).toBeUndefined();

      // The weak tag the browser kept revalidates on arrival as on the full path.
      steps.length = 0;
      const tag = String(early.headers.etag);
      const early304 = await visit(test, url, { ...accept, 'if-none-match': tag });
      const full304 = await visit(test, url, {
        ...accept,
        'if-none-match': tag,
        'content-length': '0',
      });
      expect(steps).toEqual(['arrival', 'preHandler']);
      expect(early304.statusCode).toBe(304);
      expect(full304.statusCode).toBe(304);
      expect(comparable(early304.headers)).toEqual(comparable(full304.headers));
    },
  );

  it('leaves an answer that sets a cookie, a variant route and a signed-in request to the full path', async () => {
    const test = await app();
    const steps = watchLookups(test);
    const board = await f.board(owner, { name: 'Arrival board' });
    const pin = await f.pin({ board });
    await visit(test, '/v3/feeds/home/');
    await visit(test, `/v3/pins/${pin.id}/`);
    steps.length = 0;

    // No CSRF cookie: the answer issues one, so it is not shareable.
    const first = await test.app.inject({ method: 'GET', url: '/v3/feeds/home/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBeDefined();
    expect(first.headers['cache-control']).toBe(VISITOR_COOKIE_CACHE_CONTROL);
    // The pin page's key depends on an experiment (an exposure to record).
    expect((await visit(test, `/v3/pins/${pin.id}/`)).statusCode).toBe(200);
    // Signed in: never from the cache.
    const mine = await test.app.inject({
      method: 'GET',
      url: '/v3/feeds/home/',
      headers: as(owner),
    });
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(steps).toEqual(['preHandler', 'preHandler']);
  });

  it('every hit still spends the per-address budget', async () => {
    const limited = await buildTestApp(handle.db, { config: { rateLimitMax: 3 } });
    apps.push(limited);
    const steps = watchLookups(limited);
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await visit(limited, '/v3/feeds/home/')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The miss, then two hits answered on arrival; the fourth was refused before any lookup.
    expect(steps).toEqual(['arrival', 'arrival', 'arrival']);
    const refused = await visit(limited, '/v3/feeds/home/');
    expect(refused.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      ERROR_CODES.RATE_LIMITED.code,
    );
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

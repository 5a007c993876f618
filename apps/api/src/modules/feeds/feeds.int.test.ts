// Home feed and the cursor contract every list shares: default page size, clamp, bookmark absent
// exactly at the end, refusal of bad bookmarks, and a complete, duplicate-free walk.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@corkboard/shared/pagination';
import { encodeOffsetBookmark } from '../../core/bookmarks.ts';
import { createFixtures } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** More than one maximal page, so the clamp is observable. */
const PIN_COUNT = 105;

interface ListBody {
  resource_response: { status: string; code: number; data: Pin[]; bookmark?: string };
}

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let newestFirst: string[];

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  const owner = await f.user();
  const board = await f.board(owner);
  const created: string[] = [];
  for (let i = 0; i < PIN_COUNT; i += 1) created.push((await f.pin({ board })).id);
  newestFirst = created.reverse();
  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function page(
  query: string,
): Promise<ListBody['resource_response'] & { statusCode: number }> {
  const response = await app.inject({ method: 'GET', url: `/v3/feeds/home/${query}` });
  return { ...response.json<ListBody>().resource_response, statusCode: response.statusCode };
}

describe('GET /v3/feeds/home/', () => {
  it(`answers ${DEFAULT_PAGE_SIZE} pins, newest first, with a bookmark`, async () => {
    const first = await page('');
    expect(first.statusCode).toBe(200);
    expect(first.data.map((pin) => pin.id)).toEqual(newestFirst.slice(0, DEFAULT_PAGE_SIZE));
    expect(first.bookmark).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it(`clamps page_size to ${MAX_PAGE_SIZE} and to at least 1`, async () => {
    expect((await page('?page_size=1000')).data).toHaveLength(MAX_PAGE_SIZE);
    expect((await page('?page_size=0')).data).toHaveLength(1);
    expect((await page('?page_size=-5')).data).toHaveLength(1);
  });

  it('refuses a page_size that is not a number (VALIDATION_FAILED)', async () => {
    const response = await page('?page_size=lots');
    expect(response.statusCode).toBe(400);
    expect(response.code).toBe(3);
  });

  it('walks the whole feed once, without duplicates, and the bookmark is absent at the end', async () => {
    const seen: string[] = [];
    let bookmark: string | undefined;
    let pages = 0;
    do {
      const query = `?page_size=10${bookmark ? `&bookmark=${bookmark}` : ''}`;
      const current = await page(query);
      expect(current.statusCode).toBe(200);
      seen.push(...current.data.map((pin) => pin.id));
      bookmark = current.bookmark;
      pages += 1;
    } while (bookmark !== undefined && pages < 50);
    expect(seen).toEqual(newestFirst);
    expect(new Set(seen).size).toBe(PIN_COUNT);
    expect(pages).toBe(Math.ceil(PIN_COUNT / 10));
  });

  it('has no empty trailing page when the last page is exactly full', async () => {
    const first = await page(`?page_size=${PIN_COUNT - 5}`);
    const last = await page(`?page_size=5&bookmark=${first.bookmark ?? ''}`);
    expect(last.data).toHaveLength(5);
    expect(last.bookmark).toBeUndefined();
    expect('bookmark' in last).toBe(false);
  });

  it('stays stable when new pins arrive between pages', async () => {
    const first = await page('?page_size=5');
    const f = createFixtures(handle.db);
    const owner = await f.user();
    const board = await f.board(owner);
    const fresh = await f.pin({ board });
    const second = await page(`?page_size=5&bookmark=${first.bookmark ?? ''}`);
    expect(second.data.map((pin) => pin.id)).toEqual(newestFirst.slice(5, 10));
    expect(second.data.map((pin) => pin.id)).not.toContain(fresh.id);
    await handle.db.deleteFrom('pins').where('id', '=', fresh.id).execute();
  });

  it.each([
    ['garbage', 'not a bookmark!'],
    ['non-canonical base64', 'aWQ6MTJ'],
    ['wrong payload', Buffer.from('id:abc').toString('base64url')],
    ['zero id', Buffer.from('id:0').toString('base64url')],
    ['beyond int8', Buffer.from('id:99999999999999999999').toString('base64url')],
    ['a search bookmark', encodeOffsetBookmark(25)],
    ['too long', 'A'.repeat(200)],
  ])(
    'refuses a bad bookmark (%s) with INVALID_BOOKMARK (400, code 4)',
    async (_label, bookmark) => {
      const response = await page(`?bookmark=${encodeURIComponent(bookmark)}`);
      expect(response.statusCode).toBe(400);
      expect(response.code).toBe(4);
    },
  );

  it('answers full pin shapes with image variants', async () => {
    const [pin] = (await page('?page_size=1')).data;
    expect(pin).toBeDefined();
    expect(Object.keys(pin?.images ?? {}).sort()).toEqual(['236x', '474x', '736x', 'orig']);
    expect(pin?.images['236x'].url).toMatch(
      /^\/media\/pins\/[0-9a-f]{2}\/[0-9a-f]{64}\/236x\.jpg$/,
    );
    expect(pin?.images['236x'].webp_url).toMatch(/236x\.webp$/);
  });
});

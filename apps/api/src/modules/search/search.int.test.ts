// GET /v3/search/pins/?q=: full-text search on title (weighted above description), newest first
// among equal ranks, offset bookmarks with a hard cap.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import {
  encodeIdBookmark,
  encodeOffsetBookmark,
  offsetPage,
  SEARCH_MAX_RESULTS,
} from '../../core/bookmarks.ts';
import { createFixtures, type PinFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { SEARCH_QUERY_MAX_LENGTH } from './search.service.ts';

interface ListBody {
  resource_response: { code: number; data: Pin[]; bookmark?: string };
}

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let titleMatch: PinFixture;
let descriptionMatch: PinFixture;
let olderTie: PinFixture;
let newerTie: PinFixture;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  const owner = await f.user();
  const board = await f.board(owner);
  descriptionMatch = await f.pin({
    board,
    title: 'Weekend bake',
    description: 'A sourdough loaf with seeds',
  });
  titleMatch = await f.pin({
    board,
    title: 'Sourdough starter guide',
    description: 'Flour and water',
  });
  await f.pin({ board, title: 'Chocolate cake', description: 'Rich and dark' });
  olderTie = await f.pin({ board, title: 'Blue ceramic mug', description: '' });
  newerTie = await f.pin({ board, title: 'Blue ceramic mug', description: '' });
  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function search(
  query: string,
): Promise<ListBody['resource_response'] & { statusCode: number }> {
  const response = await app.inject({ method: 'GET', url: `/v3/search/pins/${query}` });
  return { ...response.json<ListBody>().resource_response, statusCode: response.statusCode };
}

describe('GET /v3/search/pins/', () => {
  it('ranks a title match above a description match (stemmed: "sourdoughs")', async () => {
    const result = await search('?q=sourdoughs');
    expect(result.statusCode).toBe(200);
    expect(result.data.map((pin) => pin.id)).toEqual([titleMatch.id, descriptionMatch.id]);
  });

  it('orders equal ranks newest first', async () => {
    const result = await search('?q=ceramic%20mug');
    expect(result.data.map((pin) => pin.id)).toEqual([newerTie.id, olderTie.id]);
  });

  it('understands web search syntax without errors (quotes, or, exclusion)', async () => {
    expect((await search(`?q=${encodeURIComponent('"blue ceramic" -cake')}`)).data).toHaveLength(2);
    expect((await search(`?q=${encodeURIComponent('cake or starter')}`)).data).toHaveLength(2);
    expect((await search(`?q=${encodeURIComponent('(((&|!:*')}`)).statusCode).toBe(200);
  });

  it('answers an empty list for stop words only', async () => {
    const result = await search('?q=the');
    expect(result.statusCode).toBe(200);
    expect(result.data).toEqual([]);
    expect(result.bookmark).toBeUndefined();
  });

  it('pages with an offset bookmark until the results end', async () => {
    const first = await search('?q=blue&page_size=1');
    expect(first.data.map((pin) => pin.id)).toEqual([newerTie.id]);
    expect(first.bookmark).toBe(encodeOffsetBookmark(1));
    const second = await search(`?q=blue&page_size=1&bookmark=${first.bookmark ?? ''}`);
    expect(second.data.map((pin) => pin.id)).toEqual([olderTie.id]);
    expect(second.bookmark).toBeUndefined();
  });

  it.each(['', '?q=', '?q=%20%20%20'])(
    'answers SEARCH_QUERY_REQUIRED (400, code 120) for %j',
    async (query) => {
      const result = await search(query);
      expect(result.statusCode).toBe(400);
      expect(result.code).toBe(120);
    },
  );

  it(`refuses queries over ${SEARCH_QUERY_MAX_LENGTH} characters (VALIDATION_FAILED)`, async () => {
    const result = await search(`?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`);
    expect(result.statusCode).toBe(400);
    expect(result.code).toBe(3);
    expect((await search(`?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH)}`)).statusCode).toBe(200);
  });

  it('refuses an id bookmark and an offset beyond the cap (INVALID_BOOKMARK)', async () => {
    for (const bookmark of [encodeIdBookmark('5'), encodeOffsetBookmark(SEARCH_MAX_RESULTS + 1)]) {
      const result = await search(`?q=blue&bookmark=${bookmark}`);
      expect(result.statusCode).toBe(400);
      expect(result.code).toBe(4);
    }
  });
});

describe('offsetPage', () => {
  it(`never issues a bookmark at or beyond ${SEARCH_MAX_RESULTS} results`, () => {
    const rows = Array.from({ length: 11 }, (_, i) => i);
    const nearCap = offsetPage(rows, SEARCH_MAX_RESULTS - 10, 10, SEARCH_MAX_RESULTS, (n) => n);
    expect(nearCap.items).toHaveLength(10);
    expect(nearCap.bookmark).toBeUndefined();
    const belowCap = offsetPage(rows, SEARCH_MAX_RESULTS - 20, 10, SEARCH_MAX_RESULTS, (n) => n);
    expect(belowCap.bookmark).toBe(encodeOffsetBookmark(SEARCH_MAX_RESULTS - 10));
  });
});

// AdvancedTypeaheadResource (business.md §7): suggestions of queries, hashtags, people and boards,
// count and pin_scope, the in-memory cache by scope and term with its HTTP max-age, and the
// recent searches of a signed-in person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { RecentSearch, TypeaheadAnswer } from '@corkboard/shared/search/api';
import {
  RECENT_SEARCHES_MAX,
  TYPEAHEAD_HTTP_MAX_AGE_SECONDS,
  TYPEAHEAD_MAX_COUNT,
  TYPEAHEAD_SERVER_CACHE_MS,
} from '@corkboard/shared/search/constants';
import { ApiClient } from '../../test/api-client.ts';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let api: ApiClient;
let f: Fixtures;
let mara: UserFixture;
let other: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  mara = await f.user({ username: 'sourdough_mara', firstName: 'Mara', lastName: 'Sourdi' });
  other = await f.user({ firstName: 'Otto', lastName: 'Baker' });
  const board = await f.board(mara, { name: 'Sourdough loaves' });
  const secret = await f.board(mara, { name: 'Sourdough secrets', privacy: 'secret' });
  await f.pin({ board, title: 'Sourdough starter', description: 'Feed it daily #crust #crumb' });
  await f.pin({ board, title: 'Sourdough starter', description: '#crust' });
  await f.pin({ board, title: 'Sour cherry pie', description: '' });
  await f.pin({ board: secret, title: 'Sourdough secret recipe', description: '#crustacean' });
  for (let i = 0; i < 25; i += 1) await f.user({ firstName: 'Sourcing', lastName: `Person ${i}` });
  // The most followed person comes first among people.
  await handle.db
    .updateTable('users')
    .set({ follower_count: 3 })
    .where('id', '=', mara.id)
    .execute();
  test = await buildTestApp(handle.db);
  api = new ApiClient(test.app);
  await test.app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function suggest(options: Record<string, unknown>) {
  return api.resourceGet<TypeaheadAnswer>('AdvancedTypeaheadResource', options, null);
}

function labels(answer: TypeaheadAnswer): string[] {
  return answer.items.map((item) => `${item.type}:${item.label}`);
}

describe('AdvancedTypeaheadResource', () => {
  it('suggests queries, people and boards, 5 by default, never from a secret board', async () => {
    const result = await suggest({ term: 'sour' });
    expect(result.status).toBe(200);
    expect(result.data.items).toHaveLength(5);
    expect(labels(result.data)).toEqual(
      expect.arrayContaining([
        'query:sourdough starter',
        'board:Sourdough loaves',
        'user:Mara Sourdi',
      ]),
    );
    expect(JSON.stringify(result.data)).not.toContain('secret');
    expect(result.response.headers['cache-control']).toBe(
      `public, max-age=${TYPEAHEAD_HTTP_MAX_AGE_SECONDS}`,
    );
  });

  it('a suggested query is a whole title, most saved first; the board links to its page', async () => {
    const result = await suggest({ term: 'Sour', count: 20 });
    const board = result.data.items.find((item) => item.type === 'board');
    expect(board?.type === 'board' && board.owner === mara.username && board.url).toMatch(
      new RegExp(`^/${mara.username}/[a-z0-9-]+/$`),
    );
    const queries = result.data.items.filter((item) => item.type === 'query').map((i) => i.label);
    expect(queries).toEqual(['sourdough starter', 'sour cherry pie']);
  });

  it('count clamps to the maximum; a term matching only people fills the list with people', async () => {
    const result = await suggest({ term: 'sourcing', count: 500 });
    expect(result.data.items).toHaveLength(TYPEAHEAD_MAX_COUNT);
    expect(result.data.items.every((item) => item.type === 'user')).toBe(true);
    expect((await suggest({ term: 'sourcing', count: 2 })).data.items).toHaveLength(2);
  });

  it('pin_scope narrows the kinds: boards, people', async () => {
    expect(labels((await suggest({ term: 'sour', pin_scope: 'boards' })).data)).toEqual([
      'board:Sourdough loaves',
    ]);
    const people = (await suggest({ term: 'sour', pin_scope: 'users' })).data.items;
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((item) => item.type === 'user')).toBe(true);
  });

  it('a # term suggests hashtags of public pins, most used first', async () => {
    const result = await suggest({ term: '#cr' });
    expect(
      result.data.items.filter((item) => item.type === 'hashtag').map((item) => item.label),
    ).toEqual(['#crust', '#crumb']);
  });

  it('drops bookmarks and ignores folding differences; a blank term answers nothing', async () => {
    const result = await suggest({ term: 'SOÛRD', bookmarks: ['x'], count: 5 });
    expect(result.status).toBe(200);
    expect(result.data.term).toBe('SOÛRD');
    expect(result.data.items.length).toBeGreaterThan(0);
    expect((await suggest({ term: '   ' })).data.items).toEqual([]);
  });

  it('refuses a term over the limit and an unknown pin_scope (VALIDATION_FAILED)', async () => {
    expect((await suggest({ term: 'a'.repeat(101) })).code).toBe(3);
    expect((await suggest({ term: 'a', pin_scope: 'hashtags' })).code).toBe(3);
    expect((await suggest({})).code).toBe(3);
  });

  it(`answers a repeated scope + term from its cache for ${TYPEAHEAD_SERVER_CACHE_MS} ms`, async () => {
    const first = await suggest({ term: 'terracott', pin_scope: 'boards' });
    expect(first.data.items).toEqual([]);
    await f.board(other, { name: 'Terracotta pots' });
    expect((await suggest({ term: 'terracott', pin_scope: 'boards' })).data.items).toEqual([]);
    // Another scope is another entry.
    expect(labels((await suggest({ term: 'terracott' })).data)).toEqual(['board:Terracotta pots']);
    test.clock.advance(TYPEAHEAD_SERVER_CACHE_MS);
    expect(labels((await suggest({ term: 'terracott', pin_scope: 'boards' })).data)).toEqual([
      'board:Terracotta pots',
    ]);
  });
});

describe('recent searches', () => {
  it('are for signed-in people only', async () => {
    expect((await api.get('/v3/search/recent/', null)).code).toBe(21);
    expect(
      (await api.send('POST', '/v3/search/recent/', { query: 'x', scope: 'pins' }, null)).code,
    ).toBe(21);
  });

  it(`keeps the newest ${RECENT_SEARCHES_MAX}, one per query (folded), newest first`, async () => {
    for (let i = 0; i < RECENT_SEARCHES_MAX + 2; i += 1) {
      test.clock.advance(1000);
      const sent = await api.send(
        'POST',
        '/v3/search/recent/',
        { query: `query ${i}`, scope: 'pins' },
        other,
      );
      expect(sent.status).toBe(200);
    }
    test.clock.advance(1000);
    await api.send('POST', '/v3/search/recent/', { query: '  QUERY 5 ', scope: 'boards' }, other);
    const list = await api.get<RecentSearch[]>('/v3/search/recent/', other);
    expect(list.data).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list.data.map((entry) => entry.query).slice(0, 3)).toEqual([
      'QUERY 5',
      'query 11',
      'query 10',
    ]);
    expect(list.data[0]?.scope).toBe('boards');
    expect(list.data.map((entry) => entry.query)).not.toContain('query 0');
    expect(list.response.headers['cache-control']).toBe('private, no-store');
    expect((await api.get<RecentSearch[]>('/v3/search/recent/', mara)).data).toEqual([]);
  });

  it('refuses a blank query or an unknown scope, and forgets on DELETE', async () => {
    expect(
      (await api.send('POST', '/v3/search/recent/', { query: ' ', scope: 'pins' }, mara)).code,
    ).toBe(3);
    expect(
      (await api.send('POST', '/v3/search/recent/', { query: 'a', scope: 'x' }, mara)).code,
    ).toBe(3);
    await api.send('POST', '/v3/search/recent/', { query: 'bread', scope: 'pins' }, mara);
    expect((await api.get<RecentSearch[]>('/v3/search/recent/', mara)).data).toHaveLength(1);
    expect((await api.send('DELETE', '/v3/search/recent/', undefined, mara)).status).toBe(200);
    expect((await api.get<RecentSearch[]>('/v3/search/recent/', mara)).data).toEqual([]);
  });
});

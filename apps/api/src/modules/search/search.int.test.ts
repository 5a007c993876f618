// GET /v3/search/{scope}/: every scope, the filters of saving.md §2.10, relevance (text match,
// saves, freshness, typos, accents), 'Did you mean', paging and caps, and the secret-board rule
// in every scope.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Board } from '@corkboard/shared/api-types';
import type { SearchAnswer, SearchPin, SearchUser } from '@corkboard/shared/search/api';
import {
  encodeIdBookmark,
  encodeOffsetBookmark,
  offsetPage,
  SEARCH_MAX_RESULTS,
} from '../../core/bookmarks.ts';
import {
  createFixtures,
  type BoardFixture,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { SEARCH_QUERY_MAX_LENGTH } from './search.service.ts';

interface Body {
  resource_response: { code: number; data: SearchAnswer; bookmark?: string };
}

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let owner: UserFixture;
let other: UserFixture;
let board: BoardFixture;
let secretBoard: BoardFixture;
let titleMatch: PinFixture;
let descriptionMatch: PinFixture;
let olderTie: PinFixture;
let newerTie: PinFixture;
let brulee: PinFixture;
let lamp: PinFixture;
let popularVase: PinFixture;
let plainVase: PinFixture;
let freshJug: PinFixture;
let staleJug: PinFixture;
let secretPin: PinFixture;
let otherPin: PinFixture;
let collabPin: PinFixture;
let redScarf: PinFixture;
let gardenBoard: BoardFixture;

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  const f = createFixtures(db);
  owner = await f.user({ firstName: 'Zoë', lastName: 'Brontë' });
  other = await f.user({ firstName: 'Oscar', lastName: 'Wilde' });
  board = await f.board(owner, { name: 'Kitchen things' });
  gardenBoard = await f.board(other, { name: 'Garden planters', description: 'Terracotta pots' });
  secretBoard = await f.board(owner, { name: 'Secret planters', privacy: 'secret' });
  await f.board(owner, { name: 'Protected planters', privacy: 'protected' });
  descriptionMatch = await f.pin({
    board,
    title: 'Weekend bake',
    description: 'A sourdough loaf with seeds',
  });
  titleMatch = await f.pin({ board, title: 'Sourdough starter guide', description: 'Flour' });
  await f.pin({ board, title: 'Chocolate cake', description: 'Rich and dark' });
  olderTie = await f.pin({ board, title: 'Blue ceramic mug', description: '' });
  newerTie = await f.pin({ board, title: 'Blue ceramic mug', description: '' });
  brulee = await f.pin({ board, title: 'Crème brûlée for two', description: '' });
  lamp = await f.pin({
    board,
    title: 'Brass reading lamp',
    link: 'https://www.lamps.example/brass',
  });
  await db.updateTable('pins').set({ domain: 'lamps.example' }).where('id', '=', lamp.id).execute();
  popularVase = await f.pin({ board: gardenBoard, title: 'Glass vase', description: '' });
  plainVase = await f.pin({ board, title: 'Glass vase', description: '' });
  // Two repins of the older vase: saves outrank the newer, otherwise equal one.
  for (let i = 0; i < 2; i += 1) {
    const repin = await f.pin({ board: gardenBoard, title: 'Repinned', description: '' });
    await db
      .updateTable('pins')
      .set({ repin_of_id: popularVase.id })
      .where('id', '=', repin.id)
      .execute();
  }
  await db.updateTable('pins').set({ title: 'x' }).where('title', '=', 'Repinned').execute();
  staleJug = await f.pin({ board, title: 'Copper jug', description: '' });
  freshJug = await f.pin({ board, title: 'Copper jug', description: '' });
  // The newer id is the older pin: freshness, not id order, decides.
  await sql`UPDATE pins SET created_at = now() - interval '400 days' WHERE id = ${freshJug.id}`.execute(
    db,
  );
  [staleJug, freshJug] = [freshJug, staleJug];
  secretPin = await f.pin({ board: secretBoard, title: 'Secret sourdough', description: '' });
  otherPin = await f.pin({ board: gardenBoard, title: 'Sourdough by Oscar', description: '' });
  collabPin = await f.pin({
    board: gardenBoard,
    pinner: other,
    title: 'Terracotta planter',
    description: '',
  });
  await f.collaborator(gardenBoard, owner, 'accepted');
  redScarf = await f.pin({ board, title: 'Wool scarf', description: '' });
  await db
    .updateTable('pins')
    .set({ dominant_color: '#d01010' })
    .where('id', '=', redScarf.id)
    .execute();
  const blueScarf = await f.pin({ board, title: 'Wool scarf', description: '' });
  await db
    .updateTable('pins')
    .set({ dominant_color: '#1040d0' })
    .where('id', '=', blueScarf.id)
    .execute();
  // Buyable: a price and availability from the page's structured data.
  await db
    .insertInto('pin_products')
    .values([
      { pin_id: lamp.id, price: '49.00', currency: 'EUR', availability: 'in_stock' },
      { pin_id: secretPin.id, price: '5.00', currency: 'EUR', availability: 'in_stock' },
      { pin_id: titleMatch.id, price: '12.50', currency: 'EUR', availability: 'preorder' },
    ])
    .execute();
  test = await buildTestApp(db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function search(
  path: string,
  viewer: UserFixture | null = null,
): Promise<Body['resource_response'] & { statusCode: number }> {
  const response = await app.inject({
    method: 'GET',
    url: `/v3/search/${path}`,
    headers: as(viewer),
  });

  return { ...response.json<Body>().resource_response, statusCode: response.statusCode };
}

async function pinIds(path: string, viewer: UserFixture | null = null): Promise<string[]> {
  const result = await search(path, viewer);
  expect(result.statusCode).toBe(200);
  expect(result.data.kind).toBe('pins');
  return (result.data.results as SearchPin[]).map((pin) => pin.id);
}

describe('pins scope: relevance', () => {
  it('ranks a title match above a description match (stemmed: "sourdoughs")', async () => {
    // Two title matches: the newer first (freshness); the description match last.
    expect(await pinIds('pins/?q=sourdoughs')).toEqual([
      otherPin.id,
      titleMatch.id,
      descriptionMatch.id,
    ]);
  });

  it('orders equal scores newest first', async () => {
    expect(await pinIds('pins/?q=ceramic%20mug')).toEqual([newerTie.id, olderTie.id]);
  });

  it('ranks a much-saved pin above an equal newer one', async () => {
    expect(await pinIds('pins/?q=glass%20vase')).toEqual([popularVase.id, plainVase.id]);
  });

  it('ranks a fresh pin above an equal year-old one whatever their ids', async () => {
    expect(await pinIds('pins/?q=copper%20jug')).toEqual([freshJug.id, staleJug.id]);
  });

  it('folds accents both ways', async () => {
    expect(await pinIds('pins/?q=creme%20brulee')).toEqual([brulee.id]);
    expect(await pinIds(`pins/?q=${encodeURIComponent('CRÈME')}`)).toEqual([brulee.id]);
  });

  it('tolerates a typo (trigram similarity)', async () => {
    expect(await pinIds('pins/?q=sourdugh')).toContain(titleMatch.id);
    expect(await pinIds('pins/?q=sourdugh')).not.toContain(secretPin.id);
  });

  it('understands web search syntax without errors (quotes, or, exclusion)', async () => {
    expect(await pinIds(`pins/?q=${encodeURIComponent('"blue ceramic" -cake')}`)).toHaveLength(2);
    expect(await pinIds(`pins/?q=${encodeURIComponent('cake or starter')}`)).toHaveLength(2);
    expect((await search(`pins/?q=${encodeURIComponent('(((&|!:*')}`)).statusCode).toBe(200);
  });

  it("answers 'Did you mean' when nothing matches, and not when auto correction is off", async () => {
    const result = await search('pins/?q=ceremc');
    expect(result.data.results).toEqual([]);
    expect(result.data.did_you_mean).toBe('ceramic');
    const off = await search('pins/?q=ceremc&auto_correction_disabled=true');
    expect(off.data.did_you_mean).toBeNull();
    expect((await search('pins/?q=zzqxv')).data.did_you_mean).toBeNull();
    expect((await search('pins/?q=ceramic')).data.did_you_mean).toBeNull();
  });

  it('answers an empty list for stop words only', async () => {
    const result = await search('pins/?q=the');
    expect(result.statusCode).toBe(200);
    expect(result.data.results).toEqual([]);
    expect(result.bookmark).toBeUndefined();
  });
});

describe('pins scope: filters', () => {
  it('domains (with or without www., list or repeated) and the unified filters parameter', async () => {
    expect(await pinIds('pins/?q=lamp&domains=www.lamps.example')).toEqual([lamp.id]);
    expect(await pinIds('pins/?q=lamp&domains=a.example,lamps.example')).toEqual([lamp.id]);
    expect(await pinIds('pins/?q=lamp&domains=a.example&domains=b.example')).toEqual([]);
    expect(await pinIds('pins/?q=lamp&filters=domains:lamps.example|brands:acme')).toEqual([
      lamp.id,
    ]);
    expect(await pinIds('pins/?q=lamp&filters=domains:other.example')).toEqual([]);
  });

  it('colors by dominant colour family', async () => {
    expect(await pinIds('pins/?q=wool%20scarf&colors=red')).toEqual([redScarf.id]);
    expect(await pinIds('pins/?q=wool%20scarf&filters=colors:red')).toEqual([redScarf.id]);
    expect(await pinIds('pins/?q=wool%20scarf&colors=red,blue')).toHaveLength(2);
    expect(await pinIds('pins/?q=wool%20scarf&colors=green')).toEqual([]);
  });

  it('user: pins saved by that person', async () => {
    expect(await pinIds(`pins/?q=sourdough&user=${other.username.toUpperCase()}`)).toEqual([
      otherPin.id,
    ]);
    expect(await pinIds(`pins/?q=terracotta&user=${other.username}`)).toEqual([collabPin.id]);
  });

  it('top_pin_ids come first on every page order, and never a secret one', async () => {
    expect(await pinIds(`pins/?q=sourdough&top_pin_ids=${lamp.id}`)).toEqual([
      lamp.id,
      otherPin.id,
      titleMatch.id,
      descriptionMatch.id,
    ]);
    expect(await pinIds(`pins/?q=sourdough&top_pin_ids=${secretPin.id}`)).not.toContain(
      secretPin.id,
    );
  });

  it('keeps unknown and descriptive parameters without error', async () => {
    const ids = await pinIds(
      'pins/?q=lamp&brands=acme&on_sale=true&style=x&rs=typed&source_id=abc&journey_depth=2&tab=pins&guided_search_query=y&selected_one_bar_modules=z',
    );
    expect(ids).toEqual([lamp.id]);
  });

  it.each([
    ['colors=chartreuse', 1401],
    ['domains=not%20a%20domain', 1401],
    ['price_min=cheap', 1401],
    ['top_pin_ids=abc', 1401],
    ['user=no%20spaces', 1401],
    ['filters=colors:mauve', 1401],
    [`colors=${Array.from({ length: 11 }, () => 'red').join(',')}`, 1401],
    ['price_min=10&price_max=5', 1402],
    ['journey_depth=-1', 3],
    ['commerce_only=maybe', 3],
    [`rs=${'r'.repeat(51)}`, 3],
  ])('refuses %s with code %i', async (params, code) => {
    const result = await search(`pins/?q=lamp&${params}`);
    expect(result.statusCode).toBe(400);
    expect(result.code).toBe(code);
  });
});

describe('pins scope: paging and input', () => {
  it('pages with an offset bookmark until the results end', async () => {
    const first = await search('pins/?q=blue&page_size=1');
    expect((first.data.results as SearchPin[]).map((pin) => pin.id)).toEqual([newerTie.id]);
    expect(first.bookmark).toBe(encodeOffsetBookmark(1));
    const second = await search(`pins/?q=blue&page_size=1&bookmark=${first.bookmark ?? ''}`);
    expect((second.data.results as SearchPin[]).map((pin) => pin.id)).toEqual([olderTie.id]);
    expect(second.bookmark).toBeUndefined();
  });

  it.each(['pins/', 'pins/?q=', 'pins/?q=%20%20%20', 'boards/?q=', 'users/'])(
    'answers SEARCH_QUERY_REQUIRED (400, code 120) for %j',
    async (path) => {
      const result = await search(path);
      expect(result.statusCode).toBe(400);
      expect(result.code).toBe(120);
    },
  );

  it(`refuses queries over ${SEARCH_QUERY_MAX_LENGTH} characters (VALIDATION_FAILED)`, async () => {
    const result = await search(`pins/?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`);
    expect(result.statusCode).toBe(400);
    expect(result.code).toBe(3);
    expect((await search(`pins/?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH)}`)).statusCode).toBe(200);
  });

  it('refuses an id bookmark and an offset beyond the cap (INVALID_BOOKMARK)', async () => {
    for (const bookmark of [encodeIdBookmark('5'), encodeOffsetBookmark(SEARCH_MAX_RESULTS + 1)]) {
      const result = await search(`pins/?q=blue&bookmark=${bookmark}`);
      expect(result.statusCode).toBe(400);
      expect(result.code).toBe(4);
    }
  });

  it('answers SEARCH_SCOPE_UNKNOWN (404, 1400) for a scope that does not exist', async () => {
    const result = await search('hashtags_and_more/?q=lamp');
    expect(result.statusCode).toBe(404);
    expect(result.code).toBe(1400);
  });
});

describe('other scopes', () => {
  it('buyable_pins: pins with an offer, within a price range, never from a secret board', async () => {
    const all = await search('buyable_pins/?q=sourdough%20or%20lamp');
    expect(all.data.scope).toBe('buyable_pins');
    expect((all.data.results as SearchPin[]).map((pin) => [pin.id, pin.product])).toEqual([
      [lamp.id, { price: 49, currency: 'EUR', availability: 'in_stock' }],
      [titleMatch.id, { price: 12.5, currency: 'EUR', availability: 'preorder' }],
    ]);
    expect(await pinIds('buyable_pins/?q=sourdough%20or%20lamp&price_min=20')).toEqual([lamp.id]);
    expect(await pinIds('buyable_pins/?q=sourdough%20or%20lamp&price_max=20')).toEqual([
      titleMatch.id,
    ]);
  });

  it('commerce_only=true turns pins into buyable_pins', async () => {
    const result = await search('pins/?q=sourdough&commerce_only=true');
    expect(result.data.scope).toBe('buyable_pins');
    expect((result.data.results as SearchPin[]).map((pin) => pin.id)).toEqual([titleMatch.id]);
  });

  it('boards: public boards by name or description; secret and protected ones never', async () => {
    const result = await search('boards/?q=planters', owner);
    expect(result.data.kind).toBe('boards');
    expect((result.data.results as Board[]).map((b) => b.id)).toEqual([gardenBoard.id]);
    const byDescription = await search('boards/?q=terracotta');
    expect((byDescription.data.results as Board[]).map((b) => b.id)).toEqual([gardenBoard.id]);
    const byOwner = await search(`boards/?q=planters&user=${owner.username}`);
    expect(byOwner.data.results).toEqual([]);
  });

  it('users: by name with accents folded; counts leave out secret boards', async () => {
    const result = await search('users/?q=zoe%20bronte');
    expect(result.data.kind).toBe('users');
    const people = result.data.results as SearchUser[];
    expect(people[0]?.id).toBe(owner.id);
    const publicPins = await handle.db
      .selectFrom('pins')
      .innerJoin('boards', 'boards.id', 'pins.board_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('pins.pinner_id', '=', owner.id)
      .where('boards.privacy', '=', 'public')
      .executeTakeFirstOrThrow();
    expect(people[0]?.pin_count).toBe(publicPins.n);
  });

  it('my_pins: the viewer’s own pins, including their secret board; others’ never', async () => {
    expect((await search('my_pins/?q=sourdough')).code).toBe(21);
    expect(await pinIds('my_pins/?q=sourdough', owner)).toEqual([
      secretPin.id,
      titleMatch.id,
      descriptionMatch.id,
    ]);
    expect(await pinIds('my_pins/?q=sourdough', other)).toEqual([otherPin.id]);
  });

  it('my_content: pins on boards the viewer owns or collaborates on', async () => {
    expect((await search('my_content/?q=terracotta')).statusCode).toBe(401);
    expect(await pinIds('my_content/?q=terracotta', owner)).toEqual([collabPin.id]);
    expect(await pinIds('my_content/?q=secret', other)).toEqual([]);
  });

  it.each(['videos', 'idea_pins'])('%s answers empty, not an error', async (scope) => {
    const result = await search(`${scope}/?q=sourdough`);
    expect(result.statusCode).toBe(200);
    expect(result.data.scope).toBe(scope);
    expect(result.data.results).toEqual([]);
  });

  it.each(['pins', 'buyable_pins', 'boards', 'users'])(
    'a secret board never shows in the %s scope to someone else',
    async (scope) => {
      const result = await search(`${scope}/?q=secret`, other);
      const text = JSON.stringify(result.data.results);
      expect(text).not.toContain('Secret');
      expect(text).not.toContain(`"${secretPin.id}"`);
      expect(text).not.toContain(`"${secretBoard.id}"`);
    },
  );
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

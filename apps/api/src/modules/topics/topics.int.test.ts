// Topics (docs/decisions/082): the list the first-run tour offers, the person's choice (edge
// validation, authorisation), and its effect on the home feed: pins in the chosen topics first
// (by board topic or by hashtag), then the rest, paged across the seam; secret pins never.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ChosenTopics, TopicSummary } from '@corkboard/shared/topics/topics';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let f: Fixtures;
let owner: UserFixture;
let gardenPins: PinFixture[];
let travelPins: PinFixture[];
let otherPins: PinFixture[];
let taggedWoodwork: PinFixture;
let secretGarden: PinFixture;

async function fileUnder(board: BoardFixture, topic: string) {
  await handle.db.insertInto('board_topics').values({ board_id: board.id, topic }).execute();
}

async function tag(pin: PinFixture, name: string) {
  const row = await handle.db
    .insertInto('hashtags')
    .values({ tag: name })
    .onConflict((oc) => oc.column('tag').doUpdateSet({ tag: name }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto('pin_hashtags')
    .values({ pin_id: pin.id, hashtag_id: row.id, position: 0 })
    .execute();
}

async function pins(board: BoardFixture, count: number): Promise<PinFixture[]> {
  const made: PinFixture[] = [];
  for (let i = 0; i < count; i += 1) made.push(await f.pin({ board, title: `${board.slug} ${i}` }));
  return made;
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db);
  f = createFixtures(handle.db);
  owner = await f.user();
  const garden = await f.board(owner, { name: 'Garden', slug: 'garden' });
  const travel = await f.board(owner, { name: 'Travel', slug: 'travel' });
  const other = await f.board(owner, { name: 'Other', slug: 'other' });
  const secret = await f.board(owner, { name: 'Secret', slug: 'secret', privacy: 'secret' });
  await fileUnder(garden, 'garden');
  await fileUnder(travel, 'travel');
  await fileUnder(secret, 'garden');
  // Oldest first: the garden pins are older than everything else, so only the ranking puts
  // them on top.
  gardenPins = await pins(garden, 3);
  secretGarden = (await pins(secret, 1))[0] as PinFixture;
  travelPins = await pins(travel, 2);
  taggedWoodwork = (await pins(other, 1))[0] as PinFixture;
  await tag(taggedWoodwork, 'woodwork');
  otherPins = await pins(other, 3);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

function ids(list: Pin[]): string[] {
  return list.map((pin) => pin.id);
}

const newestFirst = (list: PinFixture[]) => list.map((pin) => pin.id).reverse();

describe('topics', () => {
  it('lists the topics that have public pins, with their counts (secret pins not counted)', async () => {
    const answer = await test.client.get<TopicSummary[]>('/v3/topics/', null);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([
      { id: 'travel', pin_count: 2 },
      { id: 'garden', pin_count: 3 },
      { id: 'woodwork', pin_count: 1 },
    ]);
  });

  it('a choice needs a signed-in person and known topics', async () => {
    const person = await f.user();
    expect((await test.client.send('PUT', '/v3/users/me/topics/', { topics: [] }, null)).code).toBe(
      ERROR_CODES.UNAUTHORIZED.code,
    );
    expect((await test.client.get('/v3/users/me/topics/', null)).code).toBe(
      ERROR_CODES.UNAUTHORIZED.code,
    );
    for (const body of [
      { topics: ['knitting'] },
      { topics: 'garden' },
      { topics: ['garden', 'garden', 'garden', 'garden', 'garden', 'garden'] },
      {},
    ]) {
      const result = await test.client.send('PUT', '/v3/users/me/topics/', body, person);
      expect(result.code, JSON.stringify(body)).toBe(ERROR_CODES.VALIDATION_FAILED.code);
    }
    expect((await test.client.get<ChosenTopics>('/v3/users/me/topics/', person)).data).toEqual({
      topics: [],
    });
    const saved = await test.client.send<ChosenTopics>(
      'PUT',
      '/v3/users/me/topics/',
      { topics: ['travel', 'garden', 'travel'] },
      person,
    );
    expect(saved.data).toEqual({ topics: ['garden', 'travel'] });
    expect((await test.client.get<ChosenTopics>('/v3/users/me/topics/', person)).data).toEqual({
      topics: ['garden', 'travel'],
    });
  });
});

describe('the seeded home feed', () => {
  const everyNewestFirst = () =>
    newestFirst([...gardenPins, ...travelPins, taggedWoodwork, ...otherPins]);

  it('without topics (and for visitors) it is the newest public pins', async () => {
    const person = await f.user();
    for (const who of [null, person]) {
      const feed = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=50', who);
      expect(ids(feed.data)).toEqual(everyNewestFirst());
    }
  });

  it('puts pins in the chosen topics first (board topic and hashtag), then the rest', async () => {
    const person = await f.user();
    await test.client.send(
      'PUT',
      '/v3/users/me/topics/',
      { topics: ['garden', 'woodwork'] },
      person,
    );
    const feed = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=50', person);
    const first = newestFirst([...gardenPins, taggedWoodwork]).sort((a, b) =>
      BigInt(a) > BigInt(b) ? -1 : 1,
    );
    const rest = newestFirst([...travelPins, ...otherPins]).sort((a, b) =>
      BigInt(a) > BigInt(b) ? -1 : 1,
    );
    expect(ids(feed.data)).toEqual([...first, ...rest]);
    expect(ids(feed.data)).not.toContain(secretGarden.id);
    // The resource answers the same.
    const resource = await test.client.resourceGet<Pin[]>(
      'UserHomefeedResource',
      { page_size: 50 },
      person,
    );
    expect(ids(resource.data)).toEqual(ids(feed.data));
    // A visitor's feed is unchanged.
    expect(ids((await test.client.get<Pin[]>('/v3/feeds/home/?page_size=50', null)).data)).toEqual(
      everyNewestFirst(),
    );
  });

  it('pages across the seam without repeats or gaps', async () => {
    const person = await f.user();
    await test.client.send('PUT', '/v3/users/me/topics/', { topics: ['travel'] }, person);
    const whole = ids((await test.client.get<Pin[]>('/v3/feeds/home/?page_size=50', person)).data);
    expect(whole.slice(0, 2)).toEqual(newestFirst(travelPins));
    const paged: string[] = [];
    let bookmark: string | undefined;
    do {
      const page: { data: Pin[]; bookmark?: string | undefined } = await test.client.get<Pin[]>(
        `/v3/feeds/home/?page_size=3${bookmark ? `&bookmark=${bookmark}` : ''}`,
        person,
      );
      expect(page.data.length).toBeLessThanOrEqual(3);
      paged.push(...ids(page.data));
      bookmark = page.bookmark;
    } while (bookmark);
    expect(paged).toEqual(whole);
    expect((await test.client.get('/v3/feeds/home/?bookmark=bm90LWEtY3Vyc29y', person)).code).toBe(
      ERROR_CODES.INVALID_BOOKMARK.code,
    );
  });

  it('clearing the choice gives back the newest-first feed', async () => {
    const person = await f.user();
    await test.client.send('PUT', '/v3/users/me/topics/', { topics: ['garden'] }, person);
    await test.client.send('PUT', '/v3/users/me/topics/', { topics: [] }, person);
    const feed = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=50', person);
    expect(ids(feed.data)).toEqual(everyNewestFirst());
  });
});

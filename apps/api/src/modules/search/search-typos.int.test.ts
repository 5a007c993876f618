// Typo tolerance of the pins search through the title vocabulary (docs/decisions/200): a misspelt
// word is corrected to the words of pin titles and those are searched; the vocabulary follows new
// and retitled pins; scope still decides what is returned (a secret pin never reaches a visitor,
// nor a word only a secret title holds reaches 'Did you mean'); excluded words are not corrected.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { SearchAnswer, SearchPin } from '@corkboard/shared/search/api';
import { createFixtures, type PinFixture, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';

interface Body {
  resource_response: { code: number; data: SearchAnswer };
}

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let owner: UserFixture;
let stranger: UserFixture;
let olderMarmalade: PinFixture;
let newerMarmalade: PinFixture;
let secretMarmalade: PinFixture;
let toast: PinFixture;
let retitled: PinFixture;
let secretOnly: PinFixture;

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  const f = createFixtures(db);
  owner = await f.user();
  stranger = await f.user();
  const board = await f.board(owner, { name: 'Breakfast' });
  const secretBoard = await f.board(owner, { name: 'Private', privacy: 'secret' });
  olderMarmalade = await f.pin({ board, title: 'Seville orange marmalade', description: '' });
  newerMarmalade = await f.pin({ board, title: 'Quick marmalade', description: '' });
  secretMarmalade = await f.pin({ board: secretBoard, title: 'Marmalade', description: '' });
  toast = await f.pin({ board, title: 'Toast rack', description: '' });
  secretOnly = await f.pin({ board: secretBoard, title: 'Xylophonist notes', description: '' });
  retitled = await f.pin({ board, title: 'Plain bowl', description: '' });
  await db
    .updateTable('pins')
    .set({ title: 'Porcelain teapot' })
    .where('id', '=', retitled.id)
    .execute();
  test = await buildTestApp(db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function search(path: string, viewer: UserFixture | null = null) {
  const response = await app.inject({
    method: 'GET',
    url: `/v3/search/${path}`,
    headers: as(viewer),
  });
  expect(response.statusCode).toBe(200);
  const data = response.json<Body>().resource_response.data;
  return { ids: (data.results as SearchPin[]).map((pin) => pin.id), didYouMean: data.did_you_mean };
}

describe('pins search: typos through the title vocabulary', () => {
  it('finds the pins whose title holds the word a misspelt word is close to', async () => {
    // "marmelade" has no full-text match; every public marmalade pin does, newest first.
    const { ids } = await search('pins/?q=marmelade');
    expect(ids).toEqual([newerMarmalade.id, olderMarmalade.id]);
  });

  it('corrects each word of a query none of whose pins hold every word', async () => {
    // No pin holds both words: each is corrected ("orange" is itself a title word).
    const { ids } = await search('pins/?q=orang%20marmelade');
    expect(ids[0]).toBe(olderMarmalade.id);
    expect(ids).toContain(newerMarmalade.id);
  });

  it('never returns a secret pin to anyone else, and returns it to its owner', async () => {
    expect((await search('pins/?q=marmelade')).ids).not.toContain(secretMarmalade.id);
    expect((await search('pins/?q=marmelade', stranger)).ids).not.toContain(secretMarmalade.id);
    expect((await search('my_pins/?q=marmelade', owner)).ids).toContain(secretMarmalade.id);
    expect((await search('pins/?q=xylophonst', stranger)).ids).toEqual([]);
    expect((await search('my_pins/?q=xylophonst', owner)).ids).toEqual([secretOnly.id]);
  });

  it("never offers a word that only a secret title holds as 'Did you mean'", async () => {
    const visitor = await search('pins/?q=xylophonst');
    expect(visitor.ids).toEqual([]);
    expect(visitor.didYouMean).toBeNull();
  });

  it('follows a retitled pin (the vocabulary is kept on update)', async () => {
    expect((await search('pins/?q=teapott')).ids).toEqual([retitled.id]);
  });

  it('does not correct an excluded word', async () => {
    const { ids } = await search(`pins/?q=${encodeURIComponent('marmelade -toast')}`);
    expect(ids).toEqual([newerMarmalade.id, olderMarmalade.id]);
    expect(ids).not.toContain(toast.id);
  });

  it('matches titles only, as typo matching always did', async () => {
    const described = await createFixtures(handle.db).pin({
      board: await createFixtures(handle.db).board(owner, { name: 'Tea' }),
      title: 'Morning tray',
      description: 'Teapot and cups',
    });
    expect((await search('pins/?q=teapott')).ids).not.toContain(described.id);
  });
});

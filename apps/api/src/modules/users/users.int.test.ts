// GET /v3/users/{username}/, …/boards/ and …/pins/
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Board, Pin, User } from '@corkboard/shared/api-types';
import {
  createFixtures,
  type BoardFixture,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let alice: UserFixture;
let boards: BoardFixture[];
let alicePins: PinFixture[];

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  alice = await f.user({
    username: 'Alice',
    firstName: 'Alice',
    lastName: 'Liddell',
    withAvatar: true,
  });
  const bob = await f.user({ username: 'bob' });
  boards = [];
  for (let i = 0; i < 3; i += 1) boards.push(await f.board(alice));
  const bobBoard = await f.board(bob);
  alicePins = [];
  for (const board of boards) alicePins.push(await f.pin({ board }));
  // Alice also saves onto Bob's board: it is one of her pins, not one of her boards.
  alicePins.push(await f.pin({ board: bobBoard, pinner: alice }));
  await f.pin({ board: bobBoard });
  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('GET /v3/users/{username}/', () => {
  it('answers the user, looked up case-insensitively', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/users/aLiCe/' });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ resource_response: { data: User } }>().resource_response.data;
    expect(data).toMatchObject({
      id: alice.id,
      username: 'Alice',
      full_name: 'Alice Liddell',
      first_name: 'Alice',
      last_name: 'Liddell',
      about: '',
      account_type: 'personal',
      country: null,
      locale: 'en-US',
      board_count: 3,
      pin_count: 4,
      follower_count: 0,
      following_count: 0,
    });
    expect(data.image_medium_url).toMatch(/^\/media\/pins\/.+\/236x\.jpg$/);
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);
  });

  it('answers USER_NOT_FOUND (404, code 113) for an unknown user', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/users/nobody_here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      113,
    );
  });

  it('refuses a malformed username (VALIDATION_FAILED)', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/users/bad%20name/' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(3);
  });
});

describe('GET /v3/users/{username}/boards/', () => {
  it("lists the user's own boards newest first, paged", async () => {
    const first = await app.inject({ method: 'GET', url: '/v3/users/alice/boards/?page_size=2' });
    const firstBody = first.json<{ resource_response: { data: Board[]; bookmark?: string } }>()
      .resource_response;
    const second = await app.inject({
      method: 'GET',
      url: `/v3/users/alice/boards/?page_size=2&bookmark=${firstBody.bookmark ?? ''}`,
    });
    const secondBody = second.json<{ resource_response: { data: Board[]; bookmark?: string } }>()
      .resource_response;
    expect([...firstBody.data, ...secondBody.data].map((board) => board.id)).toEqual(
      boards.map((board) => board.id).reverse(),
    );
    expect(secondBody.bookmark).toBeUndefined();
    expect(firstBody.data[0]).toMatchObject({ owner: { username: 'Alice' }, pin_count: 1 });
    expect(firstBody.data[0]?.cover_images).toHaveLength(1);
  });

  it('lists boards the person collaborates on (accepted only) and sorts A–Z on request', async () => {
    const f = createFixtures(handle.db);
    const carol = await f.user({ username: 'carol_profile' });
    const dan = await f.user();
    const own = await f.board(carol, { name: 'Zinnias' });
    const shared = await f.board(dan, { name: 'apples' });
    const invitedOnly = await f.board(dan, { name: 'Beets' });
    const digits = await f.board(carol, { name: '2027 plans' });
    await f.collaborator(shared, carol, 'accepted');
    await f.collaborator(invitedOnly, carol, 'invited');
    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/v3/users/carol_profile/boards/${query}` })).json<{
        resource_response: { data: Board[]; code: number };
      }>().resource_response;
    const alphabetical = await list('?sort=alphabetical');
    // Names starting with a digit after the others (saving.md §2.4), case ignored.
    expect(alphabetical.data.map((board) => board.id)).toEqual([shared.id, own.id, digits.id]);
    expect((await list('?sort=sideways')).code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });

  it('answers USER_NOT_FOUND for an unknown user', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/users/nobody_here/boards/' });
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      113,
    );
  });
});

describe('GET /v3/users/{username}/pins/', () => {
  it('lists the pins the user saved, on any board, newest first', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/users/alice/pins/' });
    const data = response.json<{ resource_response: { data: Pin[] } }>().resource_response.data;
    expect(data.map((pin) => pin.id)).toEqual(alicePins.map((pin) => pin.id).reverse());
    expect(data.every((pin) => pin.pinner.id === alice.id)).toBe(true);
  });

  it('answers USER_NOT_FOUND for an unknown user', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/users/nobody_here/pins/' });
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      113,
    );
  });
});

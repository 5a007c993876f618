// GET /v3/pins/{id}/: the full Pin shape and its failures.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { createFixtures, type PinFixture, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let owner: UserFixture;
let saver: UserFixture;
let pin: PinFixture;
let boardId: string;
let sectionId: string;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  owner = await f.user({ username: 'Ada_L', firstName: 'Ada', lastName: 'Lovelace' });
  saver = await f.user({ firstName: '', lastName: '', withAvatar: true });
  const board = await f.board(owner, { name: 'Engines', slug: 'engines' });
  const section = await f.section(board, { title: 'Analytical', slug: 'analytical' });
  boardId = board.id;
  sectionId = section.id;
  pin = await f.pin({
    board,
    section,
    pinner: saver,
    title: 'Difference engine',
    description: 'Brass and gears',
    link: 'https://www.example.com/engine?x=1',
  });
  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('GET /v3/pins/{id}/', () => {
  it('answers the full pin shape', async () => {
    const response = await app.inject({ method: 'GET', url: `/v3/pins/${pin.id}/` });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ resource_response: { data: Pin } }>().resource_response.data;
    expect(data).toMatchObject({
      id: pin.id,
      title: 'Difference engine',
      description: 'Brass and gears',
      link: 'https://www.example.com/engine?x=1',
      domain: 'www.example.com',
      dominant_color: '#aabbcc',
      board: { id: boardId, name: 'Engines', url: '/Ada_L/engines/', privacy: 'public' },
      section: { id: sectionId, title: 'Analytical', slug: 'analytical' },
      pinner: { id: saver.id, username: saver.username, full_name: saver.username },
    });
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);
    expect(data.images['736x']).toMatchObject({ width: 736, height: 1104 });
    expect(data.images['736x'].url).toMatch(/^\/media\/pins\/.+\/736x\.jpg$/);
    expect(data.images.orig.webp_url).toMatch(/^\/media\/pins\/.+\/orig\.webp$/);
    expect(data.pinner.image_medium_url).toMatch(/^\/media\/pins\/.+\/236x\.jpg$/);
  });

  it('answers a pin outside any section with section null and a pinner without avatar', async () => {
    const f = createFixtures(handle.db);
    const board = await f.board(owner);
    const plain = await f.pin({ board });
    const response = await app.inject({ method: 'GET', url: `/v3/pins/${plain.id}/` });
    const data = response.json<{ resource_response: { data: Pin } }>().resource_response.data;
    expect(data.section).toBeNull();
    expect(data.link).toBeNull();
    expect(data.pinner).toMatchObject({ full_name: 'Ada Lovelace', image_medium_url: null });
  });

  it('answers PIN_NOT_FOUND (404, code 110) for a missing pin', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/pins/9223372036854775807/' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      110,
    );
  });

  it.each(['abc', '0', '-1', '1.5', '9223372036854775808', '00012'])(
    'answers VALIDATION_FAILED for the malformed id %s',
    async (id) => {
      const response = await app.inject({ method: 'GET', url: `/v3/pins/${id}/` });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
        3,
      );
    },
  );
});

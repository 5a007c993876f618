// GET /v3/board/sections/{id}/pins/
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { createFixtures, type PinFixture, type SectionFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let section: SectionFixture;
let sectionPins: PinFixture[];

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  const owner = await f.user();
  const board = await f.board(owner);
  section = await f.section(board, { title: 'Kitchen', slug: 'kitchen' });
  const otherSection = await f.section(board);
  await f.pin({ board });
  await f.pin({ board, section: otherSection });
  sectionPins = [];
  for (let i = 0; i < 4; i += 1) sectionPins.push(await f.pin({ board, section }));
  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('GET /v3/board/sections/{id}/pins/', () => {
  it("lists only the section's pins, newest first, with the section on each pin", async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/v3/board/sections/${section.id}/pins/`,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ resource_response: { data: Pin[] } }>().resource_response.data;
    expect(data.map((pin) => pin.id)).toEqual(sectionPins.map((pin) => pin.id).reverse());
    expect(data.every((pin) => pin.section?.slug === 'kitchen')).toBe(true);
  });

  it('pages to the end with the bookmark absent on the last page', async () => {
    const first = await app.inject({
      method: 'GET',
      url: `/v3/board/sections/${section.id}/pins/?page_size=2`,
    });
    const bookmark = first.json<{ resource_response: { bookmark?: string } }>().resource_response
      .bookmark;
    expect(bookmark).toBeDefined();
    const second = await app.inject({
      method: 'GET',
      url: `/v3/board/sections/${section.id}/pins/?page_size=2&bookmark=${bookmark ?? ''}`,
    });
    const body = second.json<{ resource_response: { data: Pin[]; bookmark?: string } }>()
      .resource_response;
    expect(body.data.map((pin) => pin.id)).toEqual([sectionPins[1]?.id, sectionPins[0]?.id]);
    expect(body.bookmark).toBeUndefined();
  });

  it('answers SECTION_NOT_FOUND (404, code 112) for a missing section', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/board/sections/987654/pins/' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      112,
    );
  });
});

// GET /v3/boards/{username}/{slug}/ (board + sections) and GET /v3/boards/{id}/pins/.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { BoardDetail, Pin } from '@corkboard/shared/api-types';
import {
  createFixtures,
  type BoardFixture,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { BOARD_COVER_COUNT } from '../../core/board-covers.repository.ts';

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let owner: UserFixture;
let board: BoardFixture;
let pins: PinFixture[];
let sectionIds: string[];

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  owner = await f.user({
    username: 'Grace_H',
    firstName: 'Grace',
    lastName: 'Hopper',
    withAvatar: true,
  });
  board = await f.board(owner, {
    name: 'Compilers',
    slug: 'compilers',
    description: 'A-0 and onwards',
  });
  // Positions deliberately out of creation order: sections answer in position order.
  const later = await f.section(board, { title: 'Later', slug: 'later', position: 2 });
  const first = await f.section(board, { title: 'First', slug: 'first', position: 1 });
  sectionIds = [first.id, later.id];
  pins = [];
  pins.push(await f.pin({ board }));
  pins.push(await f.pin({ board, section: first }));
  pins.push(await f.pin({ board, section: first }));
  pins.push(await f.pin({ board, section: later }));
  pins.push(await f.pin({ board }));
  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('GET /v3/boards/{username}/{slug}/', () => {
  it('answers the board with its owner, counts, covers and sections in position order', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/boards/Grace_H/compilers/' });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ resource_response: { data: BoardDetail } }>().resource_response
      .data;
    expect(data).toMatchObject({
      id: board.id,
      name: 'Compilers',
      slug: 'compilers',
      url: '/grace_h/compilers/', // lower-cased for a visitor (saving.md §2.10)
      privacy: 'public',
      description: 'A-0 and onwards',
      owner: { id: owner.id, username: 'Grace_H', full_name: 'Grace Hopper' },
      pin_count: 5,
      section_count: 2,
      follower_count: 0,
      collaborator_count: 0,
    });
    expect(data.owner.image_medium_url).toMatch(/^\/media\//);
    expect(data.cover_images).toHaveLength(BOARD_COVER_COUNT);
    expect(data.cover_images[0]?.url).toMatch(/236x\.jpg$/);
    expect(data.sections.map((section) => section.id)).toEqual(sectionIds);
    expect(
      data.sections.map((section) => [
        section.title,
        section.pin_count,
        section.preview_images.length,
      ]),
    ).toEqual([
      ['First', 2, 2],
      ['Later', 1, 1],
    ]);
  });

  it('puts the chosen cover pin first', async () => {
    const cover = pins[0];
    if (!cover) throw new Error('fixture missing');
    await handle.db
      .updateTable('boards')
      .set({ cover_pin_id: cover.id })
      .where('id', '=', board.id)
      .execute();
    const response = await app.inject({ method: 'GET', url: '/v3/boards/grace_h/compilers/' });
    const data = response.json<{ resource_response: { data: BoardDetail } }>().resource_response
      .data;
    const coverPin = await app.inject({ method: 'GET', url: `/v3/pins/${cover.id}/` });
    const coverUrl = coverPin.json<{ resource_response: { data: Pin } }>().resource_response.data
      .images['236x'].url;
    expect(data.cover_images[0]?.url).toBe(coverUrl);
    await handle.db
      .updateTable('boards')
      .set({ cover_pin_id: null })
      .where('id', '=', board.id)
      .execute();
  });

  it('keeps the board link as written for a signed-in viewer, lower-cased for visitors', async () => {
    const f = createFixtures(handle.db);
    const reader = await f.user();
    const urlFor = async (viewer: { id: string } | null) => {
      const response = await app.inject({
        method: 'GET',
        url: '/v3/boards/grace_h/compilers/',
        headers: as(viewer),
      });
      const data = response.json<{ resource_response: { data: BoardDetail } }>().resource_response
        .data;
      return data.url;
    };
    expect(await urlFor(reader)).toBe('/Grace_H/compilers/');
    expect(await urlFor(null)).toBe('/grace_h/compilers/');
    // The lower-cased link resolves to the same board.
    const visitorLink = await app.inject({ method: 'GET', url: '/v3/boards/grace_h/compilers/' });
    expect(visitorLink.statusCode).toBe(200);
  });

  it('answers the §3 board fields: cover pin, layout, sensitivity screen, viewer state', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/boards/Grace_H/compilers/' });
    const data = response.json<{ resource_response: { data: BoardDetail } }>().resource_response
      .data;
    expect(data).toMatchObject({
      followed_by_me: false,
      archived_by_me_at: null,
      board_order_modified_at: null,
      layout: 'default',
      sensitivity_screen: { reason: null, show_warning: false },
    });
    // The newest pin is the cover; its crop is the centred square.
    expect(data.cover_pin?.id).toBe(pins[pins.length - 1]?.id);
    const cover = data.cover_pin;
    if (!cover) throw new Error('cover missing');
    const side = Math.min(cover.size.width, cover.size.height);
    expect(cover.crop).toEqual({
      x: Math.floor((cover.size.width - side) / 2),
      y: Math.floor((cover.size.height - side) / 2),
      width: side,
      height: side,
    });
  });

  it('answers images_170x: the 170-wide images of the cover images, same pins, same order', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/boards/Grace_H/compilers/' });
    const data = response.json<{ resource_response: { data: BoardDetail } }>().resource_response
      .data;
    expect(data.images_170x.length).toBeGreaterThan(0);
    expect(data.images_170x.length).toBeLessThanOrEqual(3);
    expect(data.images_170x).toHaveLength(data.cover_images.length);
    data.images_170x.forEach((image, index) => {
      expect(image.url).toMatch(/\/170x\.jpg$/);
      expect(image.webp_url).toMatch(/\/170x\.webp$/);
      expect(image.width).toBe(170);
      // The same image as the cover at that place: only the size differs.
      expect(image.url.replace('/170x.', '/236x.')).toBe(data.cover_images[index]?.url);
    });
  });

  it('matches the username case-insensitively', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/boards/GRACE_h/compilers/' });
    expect(response.statusCode).toBe(200);
  });

  it('tells the viewer whether they may write: owner and accepted collaborators only', async () => {
    const f = createFixtures(handle.db);
    const accepted = await f.user();
    const invited = await f.user();
    const stranger = await f.user();
    await f.collaborator(board, accepted, 'accepted');
    await f.collaborator(board, invited, 'invited');
    const accessOf = async (viewer: { id: string } | null) =>
      (
        await app.inject({
          method: 'GET',
          url: '/v3/boards/Grace_H/compilers/',
          headers: as(viewer),
        })
      ).json<{ resource_response: { data: BoardDetail } }>().resource_response.data.board_access;
    expect(await accessOf(owner)).toEqual(['read', 'write']);
    expect(await accessOf(accepted)).toEqual(['read', 'write']);
    expect(await accessOf(invited)).toEqual(['read']);
    expect(await accessOf(stranger)).toEqual(['read']);
    expect(await accessOf(null)).toEqual(['read']);
  });

  it('answers BOARD_NOT_FOUND (404, code 111) for an unknown slug or user', async () => {
    for (const url of ['/v3/boards/Grace_H/nope/', '/v3/boards/nobody/compilers/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
        111,
      );
    }
  });
});

describe('GET /v3/boards/{id}/pins/', () => {
  it('lists every pin on the board, including those in sections, newest first', async () => {
    const response = await app.inject({ method: 'GET', url: `/v3/boards/${board.id}/pins/` });
    const body = response.json<{ resource_response: { data: Pin[]; bookmark?: string } }>()
      .resource_response;
    expect(body.data.map((pin) => pin.id)).toEqual(pins.map((pin) => pin.id).reverse());
    expect(body.bookmark).toBeUndefined();
  });

  it('pages with a bookmark', async () => {
    const first = await app.inject({
      method: 'GET',
      url: `/v3/boards/${board.id}/pins/?page_size=3`,
    });
    const firstBody = first.json<{ resource_response: { data: Pin[]; bookmark?: string } }>()
      .resource_response;
    expect(firstBody.data).toHaveLength(3);
    const second = await app.inject({
      method: 'GET',
      url: `/v3/boards/${board.id}/pins/?page_size=3&bookmark=${firstBody.bookmark ?? ''}`,
    });
    const secondBody = second.json<{ resource_response: { data: Pin[]; bookmark?: string } }>()
      .resource_response;
    expect([...firstBody.data, ...secondBody.data].map((pin) => pin.id)).toEqual(
      pins.map((pin) => pin.id).reverse(),
    );
    expect(secondBody.bookmark).toBeUndefined();
  });

  it('answers BOARD_NOT_FOUND for a missing board and INVALID_BOOKMARK for a bad cursor', async () => {
    const missing = await app.inject({ method: 'GET', url: '/v3/boards/999999/pins/' });
    expect(missing.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      111,
    );
    const bad = await app.inject({
      method: 'GET',
      url: `/v3/boards/${board.id}/pins/?bookmark=zz`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ resource_response: { code: number } }>().resource_response.code).toBe(4);
  });
});

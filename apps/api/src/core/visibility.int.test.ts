// Secret and protected boards, proven on every read endpoint for every kind of viewer: owner,
// accepted collaborator, invited-but-not-accepted collaborator, another user and a visitor.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Board, BoardDetail, Pin, User } from '@corkboard/shared/api-types';
import {
  createFixtures,
  type BoardFixture,
  type PinFixture,
  type SectionFixture,
  type UserFixture,
} from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { as } from '../test/test-viewer.ts';

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;

let owner: UserFixture;
let collaborator: UserFixture;
let invitee: UserFixture;
let other: UserFixture;

let secretBoard: BoardFixture;
let secretSection: SectionFixture;
let secretPin: PinFixture;
/** Saved by the collaborator onto the owner's secret board. */
let collaboratorSecretPin: PinFixture;
let publicBoard: BoardFixture;
let publicPin: PinFixture;
let protectedBoard: BoardFixture;
let protectedPin: PinFixture;

const SECRET_TITLE = 'Surprise party lantern plans';

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  owner = await f.user({ username: 'OwnerOne', firstName: 'Olive', lastName: 'Owner' });
  collaborator = await f.user({ username: 'collab' });
  invitee = await f.user({ username: 'invitee' });
  other = await f.user({ username: 'other' });

  publicBoard = await f.board(owner, { name: 'Lantern ideas', slug: 'lantern-ideas' });
  publicPin = await f.pin({ board: publicBoard, title: 'Paper lantern', description: 'lantern' });

  secretBoard = await f.board(owner, {
    name: 'Secret lantern board',
    slug: 'secret-plans',
    privacy: 'secret',
  });
  secretSection = await f.section(secretBoard, { title: 'Decorations', slug: 'decorations' });
  secretPin = await f.pin({
    board: secretBoard,
    section: secretSection,
    title: SECRET_TITLE,
    description: 'lantern',
  });
  await f.collaborator(secretBoard, collaborator, 'accepted');
  await f.collaborator(secretBoard, invitee, 'invited');
  collaboratorSecretPin = await f.pin({
    board: secretBoard,
    pinner: collaborator,
    title: 'Collab lantern',
  });

  protectedBoard = await f.board(owner, {
    name: 'Protected lanterns',
    slug: 'protected',
    privacy: 'protected',
  });
  protectedPin = await f.pin({
    board: protectedBoard,
    title: 'Protected lantern',
    description: 'lantern',
  });

  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function get(url: string, viewer: UserFixture | null, accept = 'application/json') {
  return app.inject({ method: 'GET', url, headers: { ...as(viewer), accept } });
}

async function data<T>(url: string, viewer: UserFixture | null): Promise<T> {
  const response = await get(url, viewer);
  expect(response.statusCode, `${url} ${response.body}`).toBe(200);
  return response.json<{ resource_response: { data: T } }>().resource_response.data;
}

function ids(items: { id: string }[]): string[] {
  return items.map((item) => item.id);
}

type ViewerName = 'owner' | 'collaborator' | 'invitee' | 'other' | 'visitor';
const VIEWERS: ViewerName[] = ['owner', 'collaborator', 'invitee', 'other', 'visitor'];
const MAY_SEE_SECRET: Record<ViewerName, boolean> = {
  owner: true,
  collaborator: true,
  invitee: false,
  other: false,
  visitor: false,
};

function viewer(name: ViewerName): UserFixture | null {
  switch (name) {
    case 'owner':
      return owner;
    case 'collaborator':
      return collaborator;
    case 'invitee':
      return invitee;
    case 'other':
      return other;
    case 'visitor':
      return null;
  }
}

describe.each(VIEWERS)('secret board as %s', (name) => {
  const allowed = MAY_SEE_SECRET[name];

  it(`GET /v3/pins/{id}/ ${allowed ? 'answers the pin' : 'is PIN_NOT_FOUND'}`, async () => {
    const response = await get(`/v3/pins/${secretPin.id}/`, viewer(name));
    if (allowed) {
      expect(response.statusCode).toBe(200);
      expect(
        response.json<{ resource_response: { data: Pin } }>().resource_response.data.title,
      ).toBe(SECRET_TITLE);
    } else {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
        110,
      );
    }
  });

  it(`GET /v3/boards/{id}/pins/ ${allowed ? 'lists the pins' : 'is BOARD_NOT_FOUND'}`, async () => {
    const response = await get(`/v3/boards/${secretBoard.id}/pins/`, viewer(name));
    if (allowed) {
      expect(
        ids(response.json<{ resource_response: { data: Pin[] } }>().resource_response.data),
      ).toEqual([collaboratorSecretPin.id, secretPin.id]);
    } else {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
        111,
      );
    }
  });

  it(`GET /v3/board/sections/{id}/pins/ ${allowed ? 'lists the pins' : 'is SECTION_NOT_FOUND'}`, async () => {
    const response = await get(`/v3/board/sections/${secretSection.id}/pins/`, viewer(name));
    if (allowed) {
      expect(
        ids(response.json<{ resource_response: { data: Pin[] } }>().resource_response.data),
      ).toEqual([secretPin.id]);
    } else {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
        112,
      );
    }
  });

  it(`GET /v3/boards/{username}/{slug}/ ${allowed ? 'answers the board' : 'is BOARD_NOT_FOUND'}`, async () => {
    const response = await get(`/v3/boards/${owner.username}/${secretBoard.slug}/`, viewer(name));
    if (allowed) {
      const board = response.json<{ resource_response: { data: BoardDetail } }>().resource_response
        .data;
      expect(board.privacy).toBe('secret');
      expect(board.sections.map((section) => section.id)).toEqual([secretSection.id]);
    } else {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
        111,
      );
    }
  });

  it('GET /v3/users/{username}/boards/ lists the secret board only to those allowed', async () => {
    const boards = await data<Board[]>(`/v3/users/${owner.username}/boards/`, viewer(name));
    expect(ids(boards).includes(secretBoard.id)).toBe(allowed);
  });

  it('GET /v3/users/{username}/pins/ lists secret pins only to those allowed', async () => {
    const ownerPins = ids(await data<Pin[]>(`/v3/users/${owner.username}/pins/`, viewer(name)));
    expect(ownerPins.includes(secretPin.id)).toBe(allowed);
    expect(ownerPins).toContain(publicPin.id);
    // A collaborator's pin on the secret board is hidden on the collaborator's profile too.
    const collaboratorPins = ids(
      await data<Pin[]>(`/v3/users/${collaborator.username}/pins/`, viewer(name)),
    );
    expect(collaboratorPins).toEqual(allowed ? [collaboratorSecretPin.id] : []);
  });

  it('GET /v3/users/{username}/ counts exclude what the viewer may not see', async () => {
    const user = await data<User>(`/v3/users/${owner.username}/`, viewer(name));
    // public + secret (if allowed) + protected (owner only: unlisted for everyone else)
    const expectedBoards = 1 + (allowed ? 1 : 0) + (name === 'owner' ? 1 : 0);
    const expectedPins = 1 + (allowed ? 1 : 0) + (name === 'owner' ? 1 : 0);
    expect(user.board_count).toBe(expectedBoards);
    expect(user.pin_count).toBe(expectedPins);
    const collab = await data<User>(`/v3/users/${collaborator.username}/`, viewer(name));
    expect(collab.pin_count).toBe(allowed ? 1 : 0);
  });

  it('the home feed never shows secret or protected pins (public boards only)', async () => {
    const feed = ids(await data<Pin[]>('/v3/feeds/home/', viewer(name)));
    expect(feed).toEqual([publicPin.id]);
    const options = encodeURIComponent(JSON.stringify({}));
    const resource = ids(
      await data<Pin[]>(`/resource/UserHomefeedResource/get/?options=${options}`, viewer(name)),
    );
    expect(resource).toEqual([publicPin.id]);
  });

  it('search never shows secret or protected pins (public boards only)', async () => {
    const search = async (q: string) =>
      ids((await data<{ results: Pin[] }>(`/v3/search/pins/?q=${q}`, viewer(name))).results);
    expect(await search('lantern')).toEqual([publicPin.id]);
    expect(await search('surprise%20party')).toEqual([]);
  });

  it(`the pin page's Open Graph meta ${allowed ? 'describes the pin' : 'is generic'}`, async () => {
    const response = await get(`/pin/${secretPin.id}/`, viewer(name), 'text/html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    if (allowed) {
      expect(response.body).toContain(`<title>${SECRET_TITLE} · Corkboard</title>`);
      expect(response.body).toContain('property="og:image"');
    } else {
      expect(response.body).toContain('<title>Corkboard</title>');
      expect(response.body).not.toContain('Surprise');
      expect(response.body).not.toContain('property="og:image"');
    }
  });

  it(`the board page's meta ${allowed ? 'names the board' : 'is generic'}`, async () => {
    const response = await get(
      `/${owner.username}/${secretBoard.slug}/`,
      viewer(name),
      'text/html',
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.includes('Secret lantern board')).toBe(allowed);
  });
});

describe('protected boards', () => {
  it('are readable by direct link by anyone', async () => {
    const board = await data<BoardDetail>(
      `/v3/boards/${owner.username}/${protectedBoard.slug}/`,
      null,
    );
    expect(board.privacy).toBe('protected');
    expect(ids(await data<Pin[]>(`/v3/boards/${protectedBoard.id}/pins/`, null))).toEqual([
      protectedPin.id,
    ]);
    expect((await data<Pin>(`/v3/pins/${protectedPin.id}/`, other)).id).toBe(protectedPin.id);
  });

  it("are listed on the owner's profile only to the owner", async () => {
    expect(ids(await data<Board[]>(`/v3/users/${owner.username}/boards/`, owner))).toEqual([
      protectedBoard.id,
      secretBoard.id,
      publicBoard.id,
    ]);
    for (const someone of [collaborator, other, null]) {
      expect(
        ids(await data<Board[]>(`/v3/users/${owner.username}/boards/`, someone)),
      ).not.toContain(protectedBoard.id);
    }
  });

  it('keep their pins off the profile pin list for everyone but the owner', async () => {
    expect(ids(await data<Pin[]>(`/v3/users/${owner.username}/pins/`, owner))).toContain(
      protectedPin.id,
    );
    expect(ids(await data<Pin[]>(`/v3/users/${owner.username}/pins/`, other))).not.toContain(
      protectedPin.id,
    );
  });
});

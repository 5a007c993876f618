// GET /v3/pins/{id}/: the full Pin shape and its failures, and the link domain with its
// official user (saving.md §3 "linkDomain with officialUser").
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin, PinDetail } from '@corkboard/shared/api-types';
import { createFixtures, type PinFixture, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';

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
      board: { id: boardId, name: 'Engines', url: '/ada_l/engines/', privacy: 'public' },
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

/** Records the kind of every statement a Kysely instance executes (SELECT, DELETE, …). */
class ExecutedQueries implements KyselyPlugin {
  readonly #kinds = new WeakMap<object, string>();
  executed: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    this.#kinds.set(args.queryId, args.node.kind);
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs) {
    this.executed.push(this.#kinds.get(args.queryId) ?? 'unknown');
    return Promise.resolve(args.result);
  }
  /** SELECTs executed so far (background sweeps only delete). */
  selects(): number {
    return this.executed.filter((kind) => kind === 'SelectQueryNode').length;
  }
}

describe('link_domain (saving.md §3 "linkDomain with officialUser")', () => {
  let official: UserFixture;
  let follower: UserFixture;
  let stranger: UserFixture;
  let verifiedPin: PinFixture;

  async function read(pinId: string, who: UserFixture | null = null): Promise<PinDetail> {
    const response = await app.inject({
      method: 'GET',
      url: `/v3/pins/${pinId}/`,
      headers: as(who),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ resource_response: { data: PinDetail } }>().resource_response.data;
  }

  beforeAll(async () => {
    const f = createFixtures(handle.db);
    official = await f.user({ firstName: 'Ben', lastName: 'Hollis', withAvatar: true });
    follower = await f.user();
    stranger = await f.user();
    await handle.db
      .insertInto('verified_domains')
      .values({ domain: 'woodshop.example.org', user_id: official.id })
      .execute();
    await handle.db
      .insertInto('user_follows')
      .values({ follower_id: follower.id, followee_id: official.id })
      .execute();
    const board = await f.board(owner);
    verifiedPin = await f.pin({ board, link: 'https://woodshop.example.org/boards/walnut' });
  });

  it('names the official user of the link domain, not followed by a visitor', async () => {
    const data = await read(verifiedPin.id);
    expect(data.link_domain).toEqual({
      domain: 'woodshop.example.org',
      official_user: {
        id: official.id,
        username: official.username,
        full_name: 'Ben Hollis',
        image_medium_url: expect.stringMatching(/^\/media\/pins\/.+\/236x\.jpg$/) as unknown,
        followed_by_me: false,
      },
    });
  });

  it('says whether the viewer follows them', async () => {
    expect((await read(verifiedPin.id, follower)).link_domain?.official_user?.followed_by_me).toBe(
      true,
    );
    expect((await read(verifiedPin.id, stranger)).link_domain?.official_user?.followed_by_me).toBe(
      false,
    );
    // The official user reading their own domain's pin: the client hides the card.
    expect((await read(verifiedPin.id, official)).link_domain?.official_user?.id).toBe(official.id);
  });

  it('has no official user for an unverified domain, and no link domain without a link', async () => {
    const f = createFixtures(handle.db);
    const board = await f.board(owner);
    const unverified = await f.pin({ board, link: 'https://makers.example/projects/stool' });
    expect((await read(unverified.id)).link_domain).toEqual({
      domain: 'makers.example',
      official_user: null,
    });
    const unlinked = await f.pin({ board, link: null });
    expect((await read(unlinked.id)).link_domain).toBeNull();
  });

  it('has no official user while that account is deactivated or suspended', async () => {
    const f = createFixtures(handle.db);
    const gone = await f.user();
    await handle.db
      .insertInto('verified_domains')
      .values({ domain: 'gone.example', user_id: gone.id })
      .execute();
    const board = await f.board(owner);
    const pinOfGone = await f.pin({ board, link: 'https://gone.example/a' });
    expect((await read(pinOfGone.id)).link_domain?.official_user?.id).toBe(gone.id);
    for (const status of [
      { deactivated_at: new Date(), suspended_at: null },
      { deactivated_at: null, suspended_at: new Date() },
    ]) {
      await handle.db.updateTable('users').set(status).where('id', '=', gone.id).execute();
      // Written behind the app's back: tell the visitor page cache, as a write request would (ADR 144).
      await app.pageCache.invalidate();
      expect((await read(pinOfGone.id)).link_domain).toEqual({
        domain: 'gone.example',
        official_user: null,
      });
    }
  });

  it('PinResource get answers the same link_domain', async () => {
    const options = encodeURIComponent(
      JSON.stringify({ id: verifiedPin.id, field_set_key: 'detailed' }),
    );
    const response = await app.inject({
      method: 'GET',
      url: `/resource/PinResource/get/?options=${options}`,
      headers: as(follower),
    });
    const data = response.json<{ resource_response: { data: PinDetail } }>().resource_response.data;
    expect(data.link_domain).toEqual((await read(verifiedPin.id, follower)).link_domain);
  });

  it('reads the pin, its official user and the follow state in one query', async () => {
    const queries = new ExecutedQueries();
    const counted = await buildTestApp(handle.db.withPlugin(queries));
    try {
      await counted.app.ready();
      const before = queries.selects();
      const response = await counted.app.inject({
        method: 'GET',
        url: `/v3/pins/${verifiedPin.id}/`,
        headers: as(follower),
      });
      expect(response.statusCode).toBe(200);
      expect(
        response.json<{ resource_response: { data: PinDetail } }>().resource_response.data
          .link_domain?.official_user?.followed_by_me,
      ).toBe(true);
      expect(queries.selects() - before).toBe(1);
    } finally {
      await counted.close();
    }
  });
});

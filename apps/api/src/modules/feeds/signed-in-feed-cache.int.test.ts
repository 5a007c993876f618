// The signed-in home feed's cached parts (docs/decisions/197): the newest-first organic page, the
// viewer's chosen topics and the "is any ad live" flag come from the page cache, and every write
// empties it; everything per viewer — topic order, promoted pins with their frequency cap, hidden
// ads — is still worked out per request, and the answer stays `private, no-store`.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import type { Who } from '../../test/api-client.ts';
import { startRedisServer } from '../../test/redis-server.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import { AD_EVENT_DEDUPE_WINDOW_MS, AD_FREQUENCY_CAP_PER_DAY } from '../ads/delivery.service.ts';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let operator: UserFixture;
let viewerCount = 0;

async function viewer(): Promise<UserFixture> {
  viewerCount += 1;
  return f.user({ username: `feed_cache_viewer_${viewerCount}` });
}

async function feed(who: Who): Promise<Pin[]> {
  const answer = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=25', who);
  expect(answer.status).toBe(200);
  if (who !== null) {
    expect(answer.response.headers['cache-control']).toBe('private, no-store');
  }
  return answer.data;
}

const ids = (pins: Pin[]) => pins.map((pin) => pin.id);
const promotedIn = (pins: Pin[]) => pins.filter((pin) => pin.is_promoted === true);

/** A write through the API (so the write hook runs): the owner renames one of their pins. */
async function someWrite(pinId: string): Promise<void> {
  const edited = await test.client.resourceWrite(
    'PinResource',
    'update',
    { id: pinId, title: `Edited ${Date.now()}` },
    owner,
  );
  expect(edited.status).toBe(200);
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  // Early in a UTC day, so the frequency-cap hours never cross midnight.
  test = await buildTestApp(handle.db, { clock: new TestClock(new Date('2026-11-24T06:00:00Z')) });
  owner = await f.user({ username: 'feed_cache_owner' });
  operator = await f.user({ username: 'feed_cache_operator', isAdmin: true });
  const board = await f.board(owner, { name: 'Bakes' });
  for (let index = 0; index < 30; index += 1) {
    await f.pin({ board, title: `Loaf ${index}` });
  }
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('the organic page', () => {
  it('is served from the cache until a write, which shows on the very next read', async () => {
    const someone = await viewer();
    const board = await f.board(owner, { name: 'Fresh' });
    const pin = await f.pin({ board, title: 'Fresh loaf' });
    await someWrite(pin.id);
    expect(ids(await feed(someone))[0]).toBe(pin.id);
    // Gone from the database without a write (as a SQL console would do it): the cached page
    // still has it — the proof that the signed-in page is read from the cache…
    await handle.db.deleteFrom('pins').where('id', '=', pin.id).execute();
    expect(ids(await feed(someone))).toContain(pin.id);
    // …and any write through the API drops it, for this viewer and everyone else.
    const other = await f.pin({ board: await f.board(owner), title: 'Another loaf' });
    await someWrite(other.id);
    expect(ids(await feed(someone))).not.toContain(pin.id);
    expect(ids(await feed(await viewer()))).not.toContain(pin.id);
  });

  it('never keeps a pin of a board made secret, for a signed-in viewer either', async () => {
    const someone = await viewer();
    const board = await f.board(owner, { name: 'Soon secret' });
    const pin = await f.pin({ board, title: 'Soon a secret loaf' });
    await someWrite(pin.id);
    expect(ids(await feed(someone))).toContain(pin.id);
    const made = await test.client.resourceWrite(
      'BoardResource',
      'update',
      { board_id: board.id, privacy: 'secret' },
      owner,
    );
    expect(made.status).toBe(200);
    expect(ids(await feed(someone))).not.toContain(pin.id);
    // Not even for the board's owner: the home feed shows public boards only.
    expect(ids(await feed(owner))).not.toContain(pin.id);
  });

  it("puts the viewer's topics first although the newest-first page is cached for others", async () => {
    const gardenBoard = await f.board(owner, { name: 'Old garden' });
    const gardenPin = await f.pin({ board: gardenBoard, title: 'Tomatoes' });
    await sql`INSERT INTO board_topics (board_id, topic) VALUES (${gardenBoard.id}, 'garden')`.execute(
      handle.db,
    );
    // Newer pins push the garden pin off the first page of the newest-first feed.
    const bakes = await f.board(owner, { name: 'More bakes' });
    for (let index = 0; index < 26; index += 1)
      await f.pin({ board: bakes, title: `Bun ${index}` });
    await someWrite(gardenPin.id);
    const gardener = await viewer();
    const plain = await viewer();
    // Both read before the gardener chooses: the same cached page.
    expect(ids(await feed(plain))).not.toContain(gardenPin.id);
    expect(ids(await feed(gardener))).not.toContain(gardenPin.id);
    const chosen = await test.client.send(
      'PUT',
      '/v3/users/me/topics/',
      { topics: ['garden'] },
      gardener,
    );
    expect(chosen.status).toBe(200);
    // The choice is a write: at once the gardener's page starts with the garden pin…
    expect(ids(await feed(gardener))[0]).toBe(gardenPin.id);
    // …and nobody else's page changes.
    expect(ids(await feed(plain))).not.toContain(gardenPin.id);
    expect(ids(await feed(null))).not.toContain(gardenPin.id);
  });
});

describe('promoted pins', () => {
  let advertiserId: string;
  let adOwner: UserFixture;

  beforeAll(async () => {
    const advertiser = await f.advertiser(test.client, {
      prefix: 'feedcache',
      businessName: 'Feed Cache Co',
    });
    advertiserId = advertiser.advertiserId;
    adOwner = advertiser.owner;
    const quick = await advertiser.promote('Cached tart');
    // Read while no ad is live: "no live ad" is now what the cache holds.
    expect(promotedIn(await feed(await viewer()))).toEqual([]);
    const approved = await test.client.send(
      'POST',
      `/v3/admin/ads/${quick.ad_id}/review/`,
      { status: 'APPROVED' },
      operator,
    );
    expect(approved.status).toBe(200);
    adId = quick.ad_id;
  });

  let adId: string;

  it('appear on the next read after the ad is approved (a write drops "no live ad")', async () => {
    const pins = await feed(await viewer());
    expect(promotedIn(pins).map((pin) => pin.tracking_params)).toEqual([adId]);
  });

  it('stop at the frequency cap although beacons empty no cache', async () => {
    const someone = await viewer();
    for (let shown = 0; shown < AD_FREQUENCY_CAP_PER_DAY; shown += 1) {
      expect(promotedIn(await feed(someone))).toHaveLength(1);
      const counted = await test.client.send(
        'POST',
        '/v3/ads/events/',
        { tracking_params: adId, event: 'IMPRESSION' },
        someone,
      );
      expect(counted.data).toEqual({ counted: true });
      test.clock.advance(AD_EVENT_DEDUPE_WINDOW_MS + 1000);
    }
    expect(promotedIn(await feed(someone))).toEqual([]);
    expect(promotedIn(await feed(await viewer()))).toHaveLength(1);
  });

  it('are never served again to a person who hid the ad, while others still get it', async () => {
    const someone = await viewer();
    expect(promotedIn(await feed(someone))).toHaveLength(1);
    const hidden = await test.client.send('PUT', `/v3/ads/${adId}/hide/`, undefined, someone);
    expect(hidden.status).toBe(200);
    expect(promotedIn(await feed(someone))).toEqual([]);
    expect(promotedIn(await feed(await viewer()))).toHaveLength(1);
  });

  it('stop for everyone once the campaign is paused', async () => {
    const campaign = await handle.db
      .selectFrom('ads')
      .select('campaign_id')
      .where('id', '=', adId)
      .executeTakeFirstOrThrow();
    const paused = await test.client.send(
      'PUT',
      `/v3/ads/advertisers/${advertiserId}/campaigns/${campaign.campaign_id}/status/`,
      { status: 'PAUSED' },
      adOwner,
    );
    expect(paused.status).toBe(200);
    expect(promotedIn(await feed(await viewer()))).toEqual([]);
  });
});

describe('several processes sharing Redis', () => {
  it("a write through A drops the signed-in page B serves, and A's topics order B's page", async () => {
    const redis = await startRedisServer();
    const options = { config: { redisUrl: redis.url } };
    const [a, b] = await Promise.all([
      buildTestApp(handle.db, options),
      buildTestApp(handle.db, options),
    ]);
    try {
      const read = async (app: TestApp, who: Who) => {
        const answer = await app.client.get<Pin[]>('/v3/feeds/home/?page_size=25', who);
        expect(answer.status).toBe(200);
        expect(answer.response.headers['cache-control']).toBe('private, no-store');
        return ids(answer.data);
      };
      const someone = await viewer();
      const board = await f.board(owner, { name: 'Shared' });
      const pin = await f.pin({ board, title: 'Shared loaf' });
      const edit = (title: string) =>
        a.client.resourceWrite('PinResource', 'update', { id: pin.id, title }, owner);
      expect((await edit('Shared, told')).status).toBe(200);
      const before = await read(b, someone);
      expect(before[0]).toBe(pin.id);
      // Written behind the app's back: both processes still serve the one stored page.
      const hidden = await f.pin({ board, title: 'Behind the cache' });
      expect(await read(b, someone)).toEqual(before);
      expect(await read(a, someone)).toEqual(before);
      expect((await edit('Shared, edited')).status).toBe(200);
      // No waiting: the generation moved in Redis before A answered.
      expect((await read(b, someone))[0]).toBe(hidden.id);

      const gardenBoard = await f.board(owner, { name: 'Shared garden' });
      const gardenPin = await f.pin({ board: gardenBoard, title: 'Shared beans' });
      await sql`INSERT INTO board_topics (board_id, topic) VALUES (${gardenBoard.id}, 'garden')`.execute(
        handle.db,
      );
      const bakes = await f.board(owner, { name: 'Shared bakes' });
      for (let index = 0; index < 26; index += 1) {
        await f.pin({ board: bakes, title: `Shared bun ${index}` });
      }
      expect((await edit('Shared, once more')).status).toBe(200);
      expect(await read(b, someone)).not.toContain(gardenPin.id);
      const chosen = await a.client.send(
        'PUT',
        '/v3/users/me/topics/',
        { topics: ['woodwork', 'garden'] },
        someone,
      );
      expect(chosen.status).toBe(200);
      expect((await read(b, someone))[0]).toBe(gardenPin.id);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await redis.stop();
    }
  });
});

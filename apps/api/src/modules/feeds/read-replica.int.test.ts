// DATABASE_REPLICA_URL (issue 13 "Scale out"; ADR 107): the read-only feed and search queries go
// to the replica, everything else to the primary. A second database with different rows stands
// in for the replica, so each answer shows which one it came from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import type { SearchAnswer, TypeaheadAnswer } from '@corkboard/shared/search/api';
import { loadConfig } from '../../config/config.ts';
import { createFixtures } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let primary: DbHandle;
let replica: DbHandle;
let routed: TestApp;
let plain: TestApp;

beforeAll(async () => {
  [primary, replica] = [await createTestDb(), await createTestDb()];
  for (const [handle, where] of [
    [primary, 'Primary'],
    [replica, 'Replica'],
  ] as const) {
    const f = createFixtures(handle.db);
    const owner = await f.user({ username: 'gardener' });
    const board = await f.board(owner, { name: `${where} flowers` });
    await f.pin({ board, title: `${where} marigold` });
  }
  routed = await buildTestApp(primary.db, { readDb: replica.db });
  plain = await buildTestApp(primary.db);
});

afterAll(async () => {
  await routed.close();
  await plain.close();
  await primary.close();
  await replica.close();
});

const titles = (pins: readonly { title: string }[]) => pins.map((pin) => pin.title);

describe('with a replica', () => {
  it('serves the home feed, search and typeahead from it', async () => {
    const feed = await routed.client.get<Pin[]>('/v3/feeds/home/', null);
    expect(titles(feed.data)).toEqual(['Replica marigold']);
    const search = await routed.client.get<SearchAnswer>('/v3/search/pins/?q=marigold', null);
    expect(search.data.results.map((pin) => ('title' in pin ? pin.title : ''))).toEqual([
      'Replica marigold',
    ]);
    const typeahead = await routed.client.resourceGet<TypeaheadAnswer>(
      'AdvancedTypeaheadResource',
      { term: 'flowers', count: 5, pin_scope: 'boards' },
      null,
    );
    expect(typeahead.data.items.map((item) => item.label)).toEqual(['Replica flowers']);
  });

  it('reads everything else from the primary', async () => {
    const profile = await routed.client.get<{ username: string }>('/v3/users/gardener/', null);
    expect(profile.status).toBe(200);
    const pins = await routed.client.get<Pin[]>('/v3/users/gardener/pins/', null);
    expect(titles(pins.data)).toEqual(['Primary marigold']);
  });
});

describe('without one', () => {
  it('reads the feed from the primary (control)', async () => {
    const feed = await plain.client.get<Pin[]>('/v3/feeds/home/', null);
    expect(titles(feed.data)).toEqual(['Primary marigold']);
  });

  it('a replica without a primary is a configuration error', () => {
    expect(() =>
      loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica.invalid:5432/corkboard' }),
    ).toThrow(/DATABASE_REPLICA_URL/);
  });
});

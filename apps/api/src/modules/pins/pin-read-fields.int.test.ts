// saving.md §3 Pin (read) fields on GET /v3/pins/{id}/ and PinResource get: isPromoted and
// promotedIsRemovable from the ads module's promotions, via pinner, embed (docs/decisions/132).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { PinDetail } from '@corkboard/shared/api-types';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type { QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
} from '@corkboard/shared/business/quick-promote';
import type { Who } from '../../test/api-client.ts';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let operator: UserFixture;
let stranger: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
  owner = await f.user({ username: 'read_owner' });
  operator = await f.user({ username: 'read_operator', isAdmin: true });
  stranger = await f.user({ username: 'read_stranger' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function read(pinId: string, who: Who): Promise<PinDetail> {
  const answer = await test.client.get<PinDetail>(`/v3/pins/${pinId}/`, who);
  expect(answer.status).toBe(200);
  return answer.data;
}

describe('isPromoted, promotedIsRemovable', () => {
  it('are set while an approved ad runs, removable only by the board writers', async () => {
    const created = await test.client.send<BusinessCreated>(
      'POST',
      '/v3/business/create/',
      { business_name: 'Read Co', country: 'US', language: 'en', advertising_intent: 'products' },
      owner,
    );
    const advertiserId = created.data.advertiser_id;
    const board = await f.board(owner, { name: 'Lamps' });
    const link = 'https://lamps.example/brass';
    const pin = await f.pin({ board, title: 'Brass lamp', link });
    expect(await read(pin.id, stranger)).toMatchObject({
      is_promoted: false,
      promoted_is_removable: false,
    });

    const values = {
      ...defaultQuickPromoteValues({
        advertiserId,
        country: 'US',
        pinTitle: 'Brass lamp',
        pinLink: link,
      }),
      is_ongoing: true,
    };
    const promoted = await test.client.send<QuickPromoteResult>(
      'POST',
      `/ads/v4/advertisers/${advertiserId}/pins/${pin.id}/quick_promote/`,
      quickPromotePayload(values, pin.id, 'US'),
      owner,
    );
    expect(promoted.status, JSON.stringify(promoted.data)).toBe(200);
    // Waiting for review: not running yet.
    expect((await read(pin.id, stranger)).is_promoted).toBe(false);

    const decided = await test.client.send(
      'POST',
      `/v3/admin/ads/${promoted.data.ad_id}/review/`,
      { status: 'APPROVED' },
      operator,
    );
    expect(decided.status).toBe(200);
    expect(await read(pin.id, stranger)).toMatchObject({
      is_promoted: true,
      promoted_is_removable: false,
    });
    expect(await read(pin.id, null)).toMatchObject({ is_promoted: true });
    expect(await read(pin.id, owner)).toMatchObject({
      is_promoted: true,
      promoted_is_removable: true,
    });
    const resource = await test.client.resourceGet<PinDetail>('PinResource', { id: pin.id }, owner);
    expect(resource.data).toMatchObject({ is_promoted: true, promoted_is_removable: true });

    // A paused campaign stops the promotion.
    await sql`UPDATE ad_campaigns SET status = 'PAUSED' WHERE id = ${promoted.data.campaign_id}`.execute(
      handle.db,
    );
    expect(await read(pin.id, owner)).toMatchObject({
      is_promoted: false,
      promoted_is_removable: false,
    });
  });
});

describe('via pinner', () => {
  it('names who saved the source pin while the viewer may see it', async () => {
    const maker = await f.user({ username: 'via_maker', firstName: 'Mara', lastName: 'Maker' });
    const saver = await f.user({ username: 'via_saver' });
    const source = await f.pin({ board: await f.board(maker, { name: 'Makes' }) });
    const repinned = await f.pin({ board: await f.board(saver, { name: 'Saves' }) });
    await handle.db
      .updateTable('pins')
      .set({ repin_of_id: source.id })
      .where('id', '=', repinned.id)
      .execute();

    expect((await read(repinned.id, stranger)).via_pinner).toEqual({
      id: maker.id,
      username: 'via_maker',
      full_name: 'Mara Maker',
      image_medium_url: null,
    });
    expect((await read(source.id, stranger)).via_pinner).toBeNull();

    // The source board turns secret: its pinner is no longer named to others.
    await handle.db
      .updateTable('boards')
      .set({ privacy: 'secret' })
      .where('id', '=', source.boardId)
      .execute();
    expect((await read(repinned.id, stranger)).via_pinner).toBeNull();
    expect((await read(repinned.id, maker)).via_pinner?.id).toBe(maker.id);
  });
});

describe('embed', () => {
  it('is the player of a video link, null for other links', async () => {
    const board = await f.board(owner, { name: 'Videos' });
    const video = await f.pin({ board, link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const page = await f.pin({ board, link: 'https://lamps.example/page' });
    expect((await read(video.id, null)).embed).toEqual({
      type: 'youtube',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect((await read(page.id, null)).embed).toBeNull();
  });
});

// business.md §6 "Unauthenticated visitors may see aggregate-save counts behind experiments"
// (docs/decisions/122): a signed-out visitor in the enabled group of
// web_unauth_aggregate_save_counts gets the pin's saves over every pin of its image; the control
// group and signed-in people get none; the visitor's read is logged as an exposure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { PinDetail } from '@corkboard/shared/api-types';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { answer } from '../../test/api-client.ts';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';

const EXPERIMENT = 'web_unauth_aggregate_save_counts';
const VISITOR = `${'a'.repeat(8)}${'v'.repeat(14)}`;

let handle: DbHandle;
let test: TestApp;
let person: UserFixture;
let operator: UserFixture;
let original: { id: string };
let repin: { id: string };

async function readPin(id: string, who: UserFixture | null, group?: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/v3/pins/${id}/${group ? `?exp=${EXPERIMENT}:${group}` : ''}`,
    headers: { accept: 'application/json', cookie: `${VISITOR_ID_COOKIE}=${VISITOR}`, ...as(who) },
  });
  expect(response.statusCode).toBe(200);
  return answer<PinDetail>(response).data;
}

async function setShares(enabled: number) {
  const set = await test.client.send(
    'PUT',
    `/v3/admin/experiments/${EXPERIMENT}/`,
    {
      groups: [
        { name: 'control', percent: 100 - enabled },
        { name: 'enabled', percent: enabled },
      ],
    },
    operator,
  );
  expect(set.status).toBe(200);
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { config: { experiments: {} } });
  const f = createFixtures(handle.db);
  person = await f.user();
  operator = await f.user({ isAdmin: true });
  const other = await f.user();
  const board = await f.board(person);
  const otherBoard = await f.board(other);
  const secretBoard = await f.board(other, { privacy: 'secret' });
  original = await f.pin({ board });
  // Saves of the same image elsewhere (a secret board's save counts too: only a number shows).
  const saveOf = async (boardId: string) =>
    handle.db
      .insertInto('pins')
      .columns(['pinner_id', 'board_id', 'image_id', 'title', 'dominant_color', 'repin_of_id'])
      .expression((eb) =>
        eb
          .selectFrom('pins')
          .select([
            eb.val(other.id).as('pinner_id'),
            eb.val(boardId).as('board_id'),
            'image_id',
            'title',
            'dominant_color',
            'id',
          ])
          .where('id', '=', original.id),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
  repin = await saveOf(otherBoard.id);
  await saveOf(secretBoard.id);
  await f.pin({ board });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('aggregate save counts for visitors', () => {
  it('are in the answer for a visitor in the enabled group: every pin of the image', async () => {
    await setShares(100);
    const read = await readPin(original.id, null);
    expect(read.aggregated_pin_data).toEqual({ aggregated_stats: { saves: 3 } });
    expect((await readPin(repin.id, null)).aggregated_pin_data?.aggregated_stats.saves).toBe(3);
    const exposures = await handle.db
      .selectFrom('experiment_exposures')
      .select(['subject', 'group_name'])
      .where('experiment', '=', EXPERIMENT)
      .execute();
    expect(exposures).toEqual([{ subject: `v:${VISITOR}`, group_name: 'enabled' }]);
  });

  it('are absent for the control group and for signed-in people (who are not exposed)', async () => {
    await setShares(0);
    expect((await readPin(original.id, null)).aggregated_pin_data).toBeUndefined();
    await setShares(100);
    expect((await readPin(original.id, person)).aggregated_pin_data).toBeUndefined();
    const personExposures = await handle.db
      .selectFrom('experiment_exposures')
      .select('subject')
      .where('experiment', '=', EXPERIMENT)
      .where('user_id', '=', person.id)
      .execute();
    expect(personExposures).toEqual([]);
  });

  it('follow a forced group in PinResource get too', async () => {
    await setShares(0);
    const response = await test.app.inject({
      method: 'GET',
      url: `/resource/PinResource/get/?options=${encodeURIComponent(JSON.stringify({ id: original.id }))}&exp=${EXPERIMENT}:enabled`,
      headers: { accept: 'application/json', cookie: `${VISITOR_ID_COOKIE}=${VISITOR}` },
    });
    expect(answer<PinDetail>(response).data.aggregated_pin_data).toEqual({
      aggregated_stats: { saves: 3 },
    });
  });
});

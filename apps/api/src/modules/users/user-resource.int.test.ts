// UserResource get, field_set_key save_behavior (saving.md §3 User, §7; docs/decisions/131).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { SaveBehaviorUser } from '@corkboard/shared/saving/api';
import { ApiClient } from '../../test/api-client.ts';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let api: ApiClient;
let alice: UserFixture;
let bob: UserFixture;
let newcomer: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  alice = await f.user({ username: 'Alice_sb', firstName: 'Alice', lastName: 'Liddell' });
  bob = await f.user({ username: 'bob_sb', firstName: 'Bob' });
  newcomer = await f.user({ username: 'new_sb' });
  await f.business(bob);
  const open = await f.board(alice);
  const hidden = await f.board(alice, { privacy: 'secret' });
  await f.pin({ board: open });
  await f.pin({ board: hidden });
  // Bob follows Alice.
  await handle.db
    .insertInto('user_follows')
    .values({ follower_id: bob.id, followee_id: alice.id })
    .execute();
  test = await buildTestApp(handle.db);
  await test.app.ready();
  api = new ApiClient(test.app);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

const get = (options: unknown, who: { id: string } | null) =>
  api.resourceGet<SaveBehaviorUser>('UserResource', options, who);

describe('UserResource get (save_behavior)', () => {
  it('answers the §3 User fields to the person themself, with the first-save state', async () => {
    const own = await get({ user_id: alice.id, field_set_key: 'save_behavior' }, alice);
    expect(own.status).toBe(200);
    expect(own.data).toEqual({
      ...own.data,
      id: alice.id,
      username: 'Alice_sb',
      full_name: 'Alice Liddell',
      first_name: 'Alice',
      image_medium_url: null,
      followed_by_me: false,
      is_auth: true,
      is_partner: false,
      pin_count: 2,
      next_save_is_first: false,
    });
    expect(Number.isNaN(Date.parse(own.data.created_at))).toBe(false);
    const fresh = await get({ username: 'NEW_SB', field_set_key: 'save_behavior' }, newcomer);
    expect(fresh.data).toMatchObject({ id: newcomer.id, is_auth: true, next_save_is_first: true });
  });

  it('answers others what they may see: follow state, partner flag, visible pins only', async () => {
    const byBob = await get({ username: 'alice_sb', field_set_key: 'save_behavior' }, bob);
    expect(byBob.data).toMatchObject({
      followed_by_me: true,
      is_auth: false,
      pin_count: 1,
      next_save_is_first: null,
    });
    const partner = await get({ user_id: Number(bob.id), field_set_key: 'save_behavior' }, null);
    expect(partner.data).toMatchObject({ id: bob.id, is_partner: true, followed_by_me: false });
  });

  it('refuses a missing person, a missing or unknown field set, and both or neither key', async () => {
    const missing = await get({ user_id: '999999999', field_set_key: 'save_behavior' }, alice);
    expect(missing.status).toBe(404);
    expect(missing.code).toBe(ERROR_CODES.USER_NOT_FOUND.code);
    for (const options of [
      { user_id: alice.id },
      { user_id: alice.id, field_set_key: 'detailed' },
      { field_set_key: 'save_behavior' },
      { user_id: alice.id, username: 'alice_sb', field_set_key: 'save_behavior' },
      { username: 'not a name', field_set_key: 'save_behavior' },
    ]) {
      const refused = await get(options, alice);
      expect(refused.status).toBe(400);
      expect(refused.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
    }
  });
});

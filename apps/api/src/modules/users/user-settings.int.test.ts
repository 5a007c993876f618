// GET /v3/users/settings: connected_to_instagram (false without a connection; claims.int.test.ts
// connects one) and listed_website_url.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { UserSettingsData } from '@corkboard/shared/saving/api';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let plain: UserFixture;
let withSite: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  plain = await f.user();
  withSite = await f.user();
  await handle.db
    .updateTable('users')
    .set({ listed_website_url: 'https://www.instagram.com/someone' })
    .where('id', '=', withSite.id)
    .execute();
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('GET /v3/users/settings', () => {
  it('answers the viewer’s own settings', async () => {
    const mine = await test.client.get<UserSettingsData>('/v3/users/settings', plain);
    expect(mine.data).toEqual({
      connected_to_instagram: false,
      listed_website_url: null,
      instagram_site_domains: ['instagram.com'],
    });
    const theirs = await test.client.get<UserSettingsData>('/v3/users/settings/', withSite);
    expect(theirs.data).toEqual({
      connected_to_instagram: false,
      listed_website_url: 'https://www.instagram.com/someone',
      instagram_site_domains: ['instagram.com'],
    });
  });

  it('needs a signed-in person', async () => {
    const result = await test.client.get('/v3/users/settings', null);
    expect(result.status).toBe(401);
    expect(result.code).toBe(ERROR_CODES.UNAUTHORIZED.code);
  });
});

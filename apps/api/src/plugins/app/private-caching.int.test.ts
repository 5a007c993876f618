// Issue 13: private answers carried no Cache-Control. A signed-in person's answers are now
// `private, no-store`; a visitor's public answers are not marked private.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { PRIVATE_CACHE_CONTROL } from './private-caching.ts';

let handle: DbHandle;
let test: TestApp;
let person: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  person = await createFixtures(handle.db).user();
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('Cache-Control on personal answers', () => {
  it('marks a signed-in answer private, no-store', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/v3/feeds/home/',
      headers: as(person),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });

  it('marks a signed-in error answer private too', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/v3/pins/999999999/',
      headers: as(person),
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("does not forbid storing a visitor's public answer", async () => {
    // A first visit sets cookies, so it is `private, no-cache` (ADR 144); a returning visitor's
    // answer is public (plugins/app/public-caching.int.test.ts). Neither is no-store.
    const response = await test.app.inject({ method: 'GET', url: '/v3/feeds/home/' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['cache-control'] ?? '')).not.toContain('no-store');
  });
});

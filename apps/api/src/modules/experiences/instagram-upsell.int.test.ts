// The Instagram upsell's experience (migration 2026-11-23T20-01; docs/decisions/129): every
// database has it in placement 5 and its test flag seeded on; it is shown once — after one
// recorded view the placement serves it no more to that person (across reloads and devices, as
// the server keeps the count), while someone else still gets it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { UserExperiencesAnswer } from '@corkboard/shared/experiences/experiences';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const INSTAGRAM_UPSELL = 5;
let handle: DbHandle;
let test: TestApp;

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

const ask = (person: UserFixture) =>
  test.client.resourceGet<UserExperiencesAnswer>(
    'UserExperienceResource',
    { placement_ids: [INSTAGRAM_UPSELL], extra_context: { page: 'pin_create' } },
    person,
  );

it('serves the migrated upsell once per person', async () => {
  const f = createFixtures(handle.db);
  const person = await f.user();
  const other = await f.user();
  const served = (await ask(person)).data.experiences[String(INSTAGRAM_UPSELL)];
  expect(served).toMatchObject({
    placement_id: INSTAGRAM_UPSELL,
    display_data: { kind: 'upsell', anchor: 'none' },
    metadata: { name: 'Instagram upsell', max_views_per_person: 1 },
  });
  const viewed = await test.client.send(
    'POST',
    '/resource/UserExperienceViewedResource/update/',
    { options: { placed_experience_id: served?.placed_experience_id, extra_context: {} } },
    person,
  );
  expect(viewed.status).toBe(200);
  expect((await ask(person)).data.experiences[String(INSTAGRAM_UPSELL)]).toBeNull();
  expect((await ask(other)).data.experiences[String(INSTAGRAM_UPSELL)]).not.toBeNull();
});

it('seeds its test flag, fully on', async () => {
  const groups = await handle.db
    .selectFrom('experiment_groups')
    .select(['name', 'basis_points'])
    .where('experiment', '=', 'web_instagram_upsell')
    .orderBy('position')
    .execute();
  expect(groups).toEqual([
    { name: 'control', basis_points: 0 },
    { name: 'enabled', basis_points: 10_000 },
  ]);
});

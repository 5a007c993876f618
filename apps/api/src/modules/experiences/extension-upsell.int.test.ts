// The extension upsell's experience (migration 2026-11-23T15-03; docs/decisions/083): every
// database has it, so the upsell keeps showing where the nag rule allows; once a person
// dismisses it, the placement serves it no more.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { UserExperiencesAnswer } from '@corkboard/shared/experiences/experiences';
import { createFixtures } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const EXTENSION_UPSELL = 4;
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

it('serves the migrated upsell to a person until they dismiss it', async () => {
  const person = await createFixtures(handle.db).user();
  const ask = () =>
    test.client.resourceGet<UserExperiencesAnswer>(
      'UserExperienceResource',
      { placement_ids: [EXTENSION_UPSELL], extra_context: { page: 'pin_create' } },
      person,
    );
  const served = (await ask()).data.experiences[String(EXTENSION_UPSELL)];
  expect(served).toMatchObject({
    placement_id: EXTENSION_UPSELL,
    display_data: { kind: 'upsell', anchor: 'none' },
    metadata: { name: 'Browser extension upsell' },
  });
  const dismissed = await test.client.send(
    'POST',
    '/resource/UserExperienceResource/delete/',
    { options: { placed_experience_id: served?.placed_experience_id } },
    person,
  );
  expect(dismissed.status).toBe(200);
  expect((await ask()).data.experiences[String(EXTENSION_UPSELL)]).toBeNull();
});

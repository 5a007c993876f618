import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { isCommonPassword } from '@corkboard/shared/auth/common-passwords.server';
import { validatePassword } from '@corkboard/shared/auth/password';
import { createFixtures } from '../../test/fixtures.ts';
import { DEMO_PASSWORD, setDemoPasswords } from './demo-credentials.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestBrowser } from '../../test/test-browser.ts';

let handle: DbHandle;
let test: TestApp;

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { viewer: 'session' });
});
afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('setDemoPasswords', () => {
  it('is a password the signup rules would accept', () => {
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
    expect(
      validatePassword(DEMO_PASSWORD, {
        minLength: 8,
        email: 'mira@demo.example',
        username: 'mira',
        isCommonPassword,
      }),
    ).toBeNull();
  });

  it('lets every seeded person log in with DEMO_PASSWORD, and runs once', async () => {
    const f = createFixtures(handle.db);
    const people = [
      await f.user({ username: 'demo_mira' }),
      await f.user({ username: 'demo_tomas' }),
    ];
    expect(await setDemoPasswords(handle.db)).toBe(2);
    expect(await setDemoPasswords(handle.db)).toBe(0);
    for (const person of people) {
      const response = await new TestBrowser(test.app).post('/v3/login/', {
        username_or_email: person.username,
        password: DEMO_PASSWORD,
      });
      expect(response.statusCode, person.username).toBe(200);
    }
  });
});

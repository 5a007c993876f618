// Issue 9 security fix (docs/decisions/042): ten wrong passwords from anyone used to lock the
// owner out for 30 minutes. Now strangers lock only strangers; a browser the owner logged in
// from before is counted, and locked, on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { ACCOUNT_FAILURE_LIMIT } from './limits.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  errorData,
  GOOD_PASSWORD,
  setCookies,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';
import { DEVICE_COOKIE } from '../account-security/devices.service.ts';

const CODES = ERROR_CODES;
let handle: DbHandle;
let test: TestApp;
let ipCounter = 0;

function browser(): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(test.app, `203.0.113.${ipCounter}`);
}

function login(b: TestBrowser, email: string, password = GOOD_PASSWORD) {
  return b.post('/v3/login/', { username_or_email: email, password });
}

/** An account whose owner logged in once from `owner` (then logged out). */
async function ownerWithTrustedBrowser(): Promise<{ email: string; owner: TestBrowser }> {
  const owner = browser();
  const email = uniqueEmail('device');
  const signup = await owner.post('/v3/register/', signupBody({ email }));
  expect(body<AuthSuccess>(signup).resource_response.data.user).toBeDefined();
  await owner.post('/v3/logout/');
  const first = await login(owner, email);
  expect(first.statusCode).toBe(200);
  const cookie = setCookies(first).find((c) => c.name === DEVICE_COOKIE);
  expect(cookie?.attributes).toMatchObject({ httponly: true, path: '/v3/' });
  await owner.post('/v3/logout/');
  expect(owner.cookies.has(DEVICE_COOKIE)).toBe(true);
  return { email, owner };
}

/** Wrong passwords from `b` until the lock answers; returns that answer. */
async function lockOut(b: TestBrowser, email: string) {
  for (let i = 1; i <= ACCOUNT_FAILURE_LIMIT; i += 1) {
    const response = await login(b, email, `wrong-password-${i}`);
    if (errorCode(response) === CODES.AUTH_LOGIN_RATE_LIMITED.code) return response;
  }
  throw new Error(`not locked after ${ACCOUNT_FAILURE_LIMIT} wrong passwords`);
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { viewer: 'session' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('the login lockout per client (device cookies)', () => {
  it("a stranger's wrong passwords lock strangers out, never the owner's browser", async () => {
    const { email, owner } = await ownerWithTrustedBrowser();
    const stranger = browser();
    const locked = await lockOut(stranger, email);
    expect(errorData(locked)).toMatchObject({ scope: 'unknown_clients', strange_activity: true });
    // Locked strangers are refused even with the right password.
    expect(errorCode(await login(stranger, email))).toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);
    expect(errorCode(await login(browser(), email))).toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);

    // The owner's browser is not locked, and its own mistakes count on their own.
    expect(errorCode(await login(owner, email, 'typo-password'))).toBe(
      CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code,
    );
    const ok = await login(owner, email);
    expect(ok.statusCode).toBe(200);
  });

  it('a trusted browser that keeps guessing is locked on its own', async () => {
    const { email, owner } = await ownerWithTrustedBrowser();
    const locked = await lockOut(owner, email);
    expect(errorData(locked)).toMatchObject({ scope: 'device', strange_activity: false });
    expect(errorCode(await login(owner, email))).toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);
    // Other clients are not affected by that browser's lock.
    expect((await login(browser(), email)).statusCode).toBe(200);
  });

  it('a made-up or copied-from-another-account device cookie is an unknown client', async () => {
    const { email } = await ownerWithTrustedBrowser();
    const other = await ownerWithTrustedBrowser();
    const forger = browser();
    forger.cookies.set(DEVICE_COOKIE, 'A'.repeat(43));
    await lockOut(forger, email);
    // A browser trusted for a different account is a stranger to this one.
    const borrowed = other.owner;
    expect(errorCode(await login(borrowed, email))).toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);
  });
});

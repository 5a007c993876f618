// Account switching (auth.md §2 "/add-account"; ADR 161): a browser logs in to a second account
// with isAccountSwitch, lists both, switches between them (only to sessions it holds), logs out
// of one or of all; tokens never appear in answers; the cap on accounts per browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthUser } from '@corkboard/shared/auth/api';
import {
  MAX_SWITCH_ACCOUNTS,
  type AccountLogoutResult,
  type SwitchAccountResult,
  type SwitcherAccounts,
} from '@corkboard/shared/auth/account-switching';
import type { DeactivationAnswer } from '@corkboard/shared/auth/settings';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { countSessions } from './auth.repository.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  GOOD_PASSWORD,
  newBrowser,
  signUp,
  type SignedUpPerson,
  type TestBrowser,
} from '../../test/test-browser.ts';

const CODES = ERROR_CODES;
const SESSION_COOKIE = 'corkboard.session_token';

let handle: DbHandle;
let test: TestApp;

const browser = (): TestBrowser => newBrowser(test.app);

type Account = Omit<SignedUpPerson, 'b'>;

/** A new account, signed out again: the tests log in to it where they need it. */
async function account(): Promise<Account> {
  const { b, ...created } = await signUp(test.app, 'switch');
  await b.post('/v3/logout/');
  return created;
}

function login(b: TestBrowser, who: Account, isAccountSwitch = false) {
  return b.post('/v3/login/', {
    username_or_email: who.email,
    password: GOOD_PASSWORD,
    isAccountSwitch,
  });
}

async function me(b: TestBrowser): Promise<string | null> {
  const response = await b.get('/v3/users/me/');
  return response.statusCode === 200 ? body<AuthUser>(response).resource_response.data.id : null;
}

async function accounts(b: TestBrowser): Promise<SwitcherAccounts> {
  const response = await b.get('/v3/users/me/accounts/');
  expect(response.statusCode).toBe(200);
  return body<SwitcherAccounts>(response).resource_response.data;
}

/** A browser logged in to `first`, then to `second` through the add-account page. */
async function twoAccounts(first: Account, second: Account): Promise<TestBrowser> {
  const b = browser();
  expect((await login(b, first)).statusCode).toBe(200);
  expect((await login(b, second, true)).statusCode).toBe(200);
  return b;
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { viewer: 'session' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('account switching', () => {
  it('lists both accounts (spec fields, active first) and never a token', async () => {
    const a = await account();
    const c = await account();
    const b = await twoAccounts(a, c);
    expect(await me(b)).toBe(c.id);
    const response = await b.get('/v3/users/me/accounts/');
    const data = body<SwitcherAccounts>(response).resource_response.data;
    expect(data.max).toBe(MAX_SWITCH_ACCOUNTS);
    expect(data.accounts.map((x) => [x.id, x.active])).toEqual([
      [c.id, true],
      [a.id, false],
    ]);
    expect(Object.keys(data.accounts[0] ?? {}).sort()).toEqual(
      ['active', 'email', 'fullName', 'id', 'imageLargeUrl', 'imageMediumUrl', 'username'].sort(),
    );
    expect(data.accounts[1]).toMatchObject({ username: a.username, email: a.email });
    // No session token of either account in the answer.
    const tokens = [...b.cookies]
      .filter(([name]) => name.startsWith(SESSION_COOKIE))
      .map(([, value]) => decodeURIComponent(value).split('.')[0] ?? '');
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    for (const token of tokens) expect(response.body).not.toContain(token);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('switches to a held account and back; lands on /{username}/', async () => {
    const a = await account();
    const c = await account();
    const b = await twoAccounts(a, c);
    const toA = await b.post('/v3/users/me/accounts/switch/', { user_id: a.id });
    expect(toA.statusCode).toBe(200);
    expect(body<SwitchAccountResult>(toA).resource_response.data.next).toBe(`/${a.username}/`);
    expect(await me(b)).toBe(a.id);
    expect((await accounts(b)).accounts.map((x) => [x.id, x.active])).toEqual([
      [a.id, true],
      [c.id, false],
    ]);
    const toC = await b.post('/v3/users/me/accounts/switch/', { user_id: c.id });
    expect(toC.statusCode).toBe(200);
    expect(await me(b)).toBe(c.id);
    expect(await countSessions(handle.db, a.id)).toBe(1);
    expect(await countSessions(handle.db, c.id)).toBe(1);
  });

  it('refuses to switch to an account this browser holds no session of, even one that exists', async () => {
    const a = await account();
    const c = await account();
    const stranger = await account();
    // The stranger is logged in elsewhere: the session exists, but not in this browser.
    expect((await login(browser(), stranger)).statusCode).toBe(200);
    const b = await twoAccounts(a, c);
    const response = await b.post('/v3/users/me/accounts/switch/', { user_id: stranger.id });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe(CODES.ACCOUNT_SWITCH_NOT_HELD.code);
    expect(await me(b)).toBe(c.id);
    // A browser holding one account cannot switch to another by id.
    const single = browser();
    await login(single, a);
    const byId = await single.post('/v3/users/me/accounts/switch/', { user_id: c.id });
    expect(errorCode(byId)).toBe(CODES.ACCOUNT_SWITCH_NOT_HELD.code);
    expect(await me(single)).toBe(a.id);
  });

  it('a multi-session cookie without a valid signature is not a held session', async () => {
    const a = await account();
    const c = await account();
    const b = await twoAccounts(a, c);
    const attacker = browser();
    await login(attacker, c);
    // The cookie names of b's sessions, with values not signed by the server.
    const names = [...b.cookies.keys()].filter((name) => name.includes('_multi-'));
    expect(names.length).toBe(2);
    for (const name of names) attacker.cookies.set(name, 'not-a-signed-value');
    const response = await attacker.post('/v3/users/me/accounts/switch/', { user_id: a.id });
    expect(errorCode(response)).toBe(CODES.ACCOUNT_SWITCH_NOT_HELD.code);
    expect(await me(attacker)).toBe(c.id);
  });

  it('needs a session, the CSRF header and a well-formed user id', async () => {
    const a = await account();
    const visitor = await browser().post('/v3/users/me/accounts/switch/', { user_id: a.id });
    expect(errorCode(visitor)).toBe(CODES.UNAUTHORIZED.code);
    const b = browser();
    await login(b, a);
    const noCsrf = await b.post(
      '/v3/users/me/accounts/switch/',
      { user_id: a.id },
      { csrf: false },
    );
    expect(errorCode(noCsrf)).toBe(CODES.CSRF_FAILED.code);
    const bad = await b.post('/v3/users/me/accounts/switch/', { user_id: 'me; drop' });
    expect(bad.statusCode).toBe(400);
    const extra = await b.post('/v3/users/me/accounts/logout/', { user_id: a.id, token: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  it('logs out of the active account: the other becomes active; its session is gone', async () => {
    const a = await account();
    const c = await account();
    const b = await twoAccounts(a, c);
    const response = await b.post('/v3/users/me/accounts/logout/', { user_id: c.id });
    expect(response.statusCode).toBe(200);
    expect(body<AccountLogoutResult>(response).resource_response.data.active).toEqual({
      id: a.id,
      username: a.username,
    });
    expect(await countSessions(handle.db, c.id)).toBe(0);
    expect(await me(b)).toBe(a.id);
    expect((await accounts(b)).accounts.map((x) => x.id)).toEqual([a.id]);
    // The last one: signed out.
    const last = await b.post('/v3/users/me/accounts/logout/', { user_id: a.id });
    expect(body<AccountLogoutResult>(last).resource_response.data.active).toBeNull();
    expect(await me(b)).toBeNull();
    expect(await countSessions(handle.db, a.id)).toBe(0);
  });

  it('logs out of an inactive account and stays on the active one', async () => {
    const a = await account();
    const c = await account();
    const b = await twoAccounts(a, c);
    const response = await b.post('/v3/users/me/accounts/logout/', { user_id: a.id });
    expect(body<AccountLogoutResult>(response).resource_response.data.active?.id).toBe(c.id);
    expect(await me(b)).toBe(c.id);
    expect(await countSessions(handle.db, a.id)).toBe(0);
    const again = await b.post('/v3/users/me/accounts/switch/', { user_id: a.id });
    expect(errorCode(again)).toBe(CODES.ACCOUNT_SWITCH_NOT_HELD.code);
  });

  it('deactivating the active account signs this browser out of that one only', async () => {
    const a = await account();
    const c = await account();
    const b = await twoAccounts(a, c);
    const done = await b.post('/v3/users/me/deactivate/', { password: GOOD_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(body<DeactivationAnswer>(done).resource_response.data.active).toEqual({
      id: a.id,
      username: a.username,
    });
    expect(await me(b)).toBe(a.id);
    expect((await accounts(b)).accounts.map((x) => x.id)).toEqual([a.id]);
    expect(await countSessions(handle.db, c.id)).toBe(0);
    // Alone in its browser, deactivating signs out: nothing is left active.
    const alone = await b.post('/v3/users/me/deactivate/', { password: GOOD_PASSWORD });
    expect(body<DeactivationAnswer>(alone).resource_response.data.active).toBeNull();
    expect(await me(b)).toBeNull();
  });

  it('POST /v3/logout/ logs out of every account in this browser', async () => {
    const a = await account();
    const c = await account();
    const b = await twoAccounts(a, c);
    expect((await b.post('/v3/logout/')).statusCode).toBe(200);
    expect(await me(b)).toBeNull();
    expect(await countSessions(handle.db, a.id)).toBe(0);
    expect(await countSessions(handle.db, c.id)).toBe(0);
    expect([...b.cookies.keys()].filter((name) => name.startsWith(SESSION_COOKIE))).toEqual([]);
  });

  it(`holds at most ${MAX_SWITCH_ACCOUNTS} accounts: one more is ACCOUNT_SWITCH_LIMIT`, async () => {
    const people: Account[] = [];
    for (let i = 0; i <= MAX_SWITCH_ACCOUNTS; i += 1) people.push(await account());
    const b = browser();
    const [first, ...rest] = people;
    if (!first) throw new Error('no account');
    await login(b, first);
    for (const person of rest.slice(0, MAX_SWITCH_ACCOUNTS - 1)) {
      expect((await login(b, person, true)).statusCode).toBe(200);
    }
    expect((await accounts(b)).accounts).toHaveLength(MAX_SWITCH_ACCOUNTS);
    const extra = rest[MAX_SWITCH_ACCOUNTS - 1];
    if (!extra) throw new Error('no extra account');
    const refused = await login(b, extra, true);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe(CODES.ACCOUNT_SWITCH_LIMIT.code);
    expect(await countSessions(handle.db, extra.id)).toBe(0);
    // Logging in again to a held account is allowed and keeps one session for it.
    expect((await login(b, first, true)).statusCode).toBe(200);
    expect(await countSessions(handle.db, first.id)).toBe(1);
    expect(await me(b)).toBe(first.id);
  });
});

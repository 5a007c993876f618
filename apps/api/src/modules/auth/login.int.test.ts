// Log-in, log-out, sessions and every login error of auth.md §8: wrong password (field),
// unknown account, login assistance, the 30-minute lockout (persisted across a restart), the IP
// rule, suspended, soft-banned and deactivated accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess, AuthUser } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { CSRF_COOKIE } from '../../plugins/app/csrf.ts';
import { RESURRECTION_WINDOW_MS } from '../../plugins/auth/auth-engine.ts';
import { deactivateAccount, softBanAccount, suspendAccount } from './account-status.service.ts';
import { countSessions } from './auth.repository.ts';
import {
  ACCOUNT_FAILURE_LIMIT,
  ACCOUNT_LOCK_MS,
  IP_FAILURE_LIMIT,
  LOGIN_ASSISTANCE_AFTER_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
} from './limits.ts';
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

const CODES = ERROR_CODES;
const SESSION_COOKIE = 'corkboard.session_token';

let handle: DbHandle;
let test: TestApp;
let ipCounter = 0;

function browser(app = test.app): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(app, `192.0.2.${ipCounter}`);
}

interface Account {
  id: string;
  email: string;
  username: string;
}

/** Signs up through the API, then logs that browser out: a stored account with a password. */
async function account(app = test.app): Promise<Account> {
  const b = browser(app);
  const email = uniqueEmail('login');
  const response = await b.post('/v3/register/', signupBody({ email }));
  expect(response.statusCode).toBe(200);
  const user = body<AuthSuccess>(response).resource_response.data.user;
  await b.post('/v3/logout/');
  return { id: user.id, email, username: user.username };
}

function login(
  b: TestBrowser,
  usernameOrEmail: string,
  password = GOOD_PASSWORD,
  extra: Record<string, unknown> = {},
) {
  return b.post('/v3/login/', { username_or_email: usernameOrEmail, password, ...extra });
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { viewer: 'session' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('POST /v3/login/', () => {
  it('logs in by email (any case) or username and answers data.user', async () => {
    const a = await account();
    for (const identifier of [
      a.email,
      a.email.toUpperCase(),
      a.username,
      a.username.toUpperCase(),
    ]) {
      const b = browser();
      const response = await login(b, identifier, GOOD_PASSWORD, { next: '/settings/' });
      expect(response.statusCode, identifier).toBe(200);
      const data = body<AuthSuccess>(response).resource_response.data;
      expect(data.user).toMatchObject({ id: a.id, username: a.username, email: a.email });
      expect(data.next).toBe('/settings/');
      expect(data.reactivated).toBe(false);
      expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
      expect(body<AuthUser>(await b.get('/v3/users/me/')).resource_response.data.id).toBe(a.id);
    }
  });

  it('rotates the CSRF token and refuses a next that leaves the site', async () => {
    const a = await account();
    const b = browser();
    await b.get('/v3/users/me/');
    const before = b.cookies.get(CSRF_COOKIE);
    const response = await login(b, a.email, GOOD_PASSWORD, { next: '//evil.example/login' });
    expect(body<AuthSuccess>(response).resource_response.data.next).toBeNull();
    expect(b.cookies.get(CSRF_COOKIE)).not.toBe(before);
  });

  it('needs the CSRF header', async () => {
    const a = await account();
    const response = await browser().post(
      '/v3/login/',
      { username_or_email: a.email, password: GOOD_PASSWORD },
      { csrf: false },
    );
    expect(errorCode(response)).toBe(CODES.CSRF_FAILED.code);
  });

  it('puts a wrong password on the password field', async () => {
    const a = await account();
    const response = await login(browser(), a.email, 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe(CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code);
    expect(errorData(response)['field']).toBe('password');
  });

  it('puts an unknown account on the email field', async () => {
    const response = await login(browser(), uniqueEmail('nobody'));
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe(CODES.AUTH_LOGIN_UNKNOWN_ACCOUNT.code);
    expect(errorData(response)['field']).toBe('email');
    const byName = await login(browser(), 'no_such_username');
    expect(errorCode(byName)).toBe(CODES.AUTH_LOGIN_UNKNOWN_ACCOUNT.code);
  });

  it('maps missing fields to their fields', async () => {
    const noEmail = await browser().post('/v3/login/', { password: 'whatever' });
    expect(errorCode(noEmail)).toBe(CODES.AUTH_EMAIL_INVALID.code);
    expect(errorData(noEmail)['field']).toBe('email');
    const noPassword = await browser().post('/v3/login/', { username_or_email: 'someone' });
    expect(errorCode(noPassword)).toBe(CODES.AUTH_PASSWORD_TOO_SHORT.code);
    expect(errorData(noPassword)['field']).toBe('password');
    const tooLong = await browser().post('/v3/login/', {
      username_or_email: 'someone',
      password: 'x'.repeat(200),
    });
    expect(errorCode(tooLong)).toBe(CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code);
  });

  it('offers login assistance after several failures, then locks the account for 30 minutes', async () => {
    const a = await account();
    const codes: number[] = [];
    for (let i = 1; i <= ACCOUNT_FAILURE_LIMIT; i++) {
      // From different addresses: the account limit is per account, not per IP.
      codes.push(errorCode(await login(browser(), a.email, `wrong-${i}`)));
    }
    const assistanceFrom = LOGIN_ASSISTANCE_AFTER_FAILURES - 1;
    expect(
      codes
        .slice(0, assistanceFrom)
        .every((code) => code === CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code),
    ).toBe(true);
    expect(
      codes.slice(assistanceFrom, -1).every((code) => code === CODES.AUTH_LOGIN_ASSISTANCE.code),
    ).toBe(true);
    expect(codes.at(-1)).toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);

    // Locked: even the right password is refused, with the spec's message and a Retry-After.
    const locked = await login(browser(), a.email);
    expect(locked.statusCode).toBe(429);
    expect(errorCode(locked)).toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);
    expect(body(locked).resource_response.error?.message).toBe(
      'You have reached the maximum number of login attempts. Try again in 30 minutes.',
    );
    expect(Number(locked.headers['retry-after'])).toBe(ACCOUNT_LOCK_MS / 1000);

    // The lock survives a restart: a new app on the same database still refuses.
    const restarted = await buildTestApp(handle.db, {
      viewer: 'session',
      clock: test.clock,
    });
    try {
      expect(errorCode(await login(browser(restarted.app), a.email))).toBe(
        CODES.AUTH_LOGIN_RATE_LIMITED.code,
      );
      test.clock.advance(ACCOUNT_LOCK_MS - 60_000);
      expect(errorCode(await login(browser(restarted.app), a.email))).toBe(
        CODES.AUTH_LOGIN_RATE_LIMITED.code,
      );
      test.clock.advance(60_001);
      const after = await login(browser(restarted.app), a.email);
      expect(after.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
    // A success clears the count: the next wrong password is an ordinary one again.
    expect(errorCode(await login(browser(), a.email, 'wrong-again'))).toBe(
      CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code,
    );
  });

  it('counts failures per window: spread-out failures never lock', async () => {
    const a = await account();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT + 2; i++) {
      const code = errorCode(await login(browser(), a.email, 'wrong'));
      expect(code).not.toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);
      if (i % 3 === 2) test.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1);
    }
  });

  it('asks one IP with too many failures for the step-up captcha (off here: it must wait)', async () => {
    const a = await account();
    const attacker = browser();
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      await login(attacker, uniqueEmail('spray'), 'guess');
    }
    const blocked = await login(attacker, a.email);
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe(CODES.AUTH_LOGIN_TOO_FAST_IP.code);
    expect(body(blocked).resource_response.error?.message).toBe(
      'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
    );
    expect(blocked.headers['retry-after']).toBeDefined();
    // Others are unaffected, and the address may try again after the window.
    expect((await login(browser(), a.email)).statusCode).toBe(200);
    test.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1);
    expect((await login(attacker, a.email)).statusCode).toBe(200);
  });

  it('a suspended account is told so only with the right password', async () => {
    const a = await account();
    const b = browser();
    await login(b, a.email);
    await suspendAccount(handle.db, a.id, 'community_guidelines', test.clock.now());
    // Suspension logs out every device.
    expect((await b.get('/v3/users/me/')).statusCode).toBe(401);

    expect(errorCode(await login(browser(), a.email, 'wrong'))).toBe(
      CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code,
    );
    const response = await login(browser(), a.email);
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(CODES.AUTH_ACCOUNT_SUSPENDED.code);
    expect(errorData(response)['reason']).toBe('community_guidelines');
    expect(await countSessions(handle.db, a.id)).toBe(0);
  });

  it('a soft-banned account has no password and no sessions until a reset', async () => {
    const a = await account();
    const b = browser();
    await login(b, a.email);
    await softBanAccount(handle.db, a.id, test.clock.now());
    expect((await b.get('/v3/users/me/')).statusCode).toBe(401);
    const response = await login(browser(), a.email);
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(CODES.AUTH_SOFT_BANNED.code);
    const credential = await handle.db
      .selectFrom('auth_accounts')
      .select('password')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(credential.password).toBeNull();
  });

  it('logging in within 28 days of deactivating reactivates the account', async () => {
    const a = await account();
    await deactivateAccount(handle.db, a.id, test.clock.now());
    test.clock.advance(RESURRECTION_WINDOW_MS - 60_000);
    const response = await login(browser(), a.username);
    expect(response.statusCode).toBe(200);
    expect(body<AuthSuccess>(response).resource_response.data.reactivated).toBe(true);
    const row = await handle.db
      .selectFrom('users')
      .select('deactivated_at')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.deactivated_at).toBeNull();
  });

  it('after the 28 days the account is gone (and purged)', async () => {
    const a = await account();
    await deactivateAccount(handle.db, a.id, test.clock.now());
    test.clock.advance(RESURRECTION_WINDOW_MS + 60_000);
    const response = await login(browser(), a.email);
    expect(errorCode(response)).toBe(CODES.AUTH_LOGIN_UNKNOWN_ACCOUNT.code);
    const exists = await browser().post('/v3/register/exists/', { email: a.email });
    expect(body(exists).resource_response.data).toBe(false);
    // The account-purge job deletes it with its media (settings.int.test.ts); until then a
    // sign-up with the address replaces the gone account. The address is free again.
    expect((await browser().post('/v3/register/', signupBody({ email: a.email }))).statusCode).toBe(
      200,
    );
  });

  it('logging in again while signed in replaces the old session; an account switch keeps it', async () => {
    const a = await account();
    const other = await account();
    const b = browser();
    await login(b, a.email);
    expect(await countSessions(handle.db, a.id)).toBe(1);
    await login(b, a.email);
    expect(await countSessions(handle.db, a.id)).toBe(1);
    // Adding another account (ADR 161) keeps the first one's session beside the new one...
    await login(b, other.email, GOOD_PASSWORD, { isAccountSwitch: true });
    expect(await countSessions(handle.db, a.id)).toBe(1);
    expect(await countSessions(handle.db, other.id)).toBe(1);
    // ...and adding an account the browser already holds replaces its session, never doubles it.
    await login(b, a.email, GOOD_PASSWORD, { isAccountSwitch: true });
    expect(await countSessions(handle.db, a.id)).toBe(1);
    expect(await countSessions(handle.db, other.id)).toBe(1);
  });
});

describe('sessions', () => {
  it('GET /v3/users/me/ is 401 UNAUTHORIZED for a visitor', async () => {
    const response = await browser().get('/v3/users/me/');
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe(CODES.UNAUTHORIZED.code);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('POST /v3/logout/ revokes the session: the old cookie is worthless afterwards', async () => {
    const a = await account();
    const b = browser();
    await login(b, a.email);
    const stolen = b.cookieHeader();
    const before = b.cookies.get(CSRF_COOKIE);
    const response = await b.post('/v3/logout/');
    expect(response.statusCode).toBe(200);
    expect(setCookies(response).find((c) => c.name === SESSION_COOKIE)?.attributes['max-age']).toBe(
      '0',
    );
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(b.cookies.get(CSRF_COOKIE)).not.toBe(before);
    expect(await countSessions(handle.db, a.id)).toBe(0);
    const replay = await test.app.inject({
      method: 'GET',
      url: '/v3/users/me/',
      headers: { accept: 'application/json', cookie: stolen },
    });
    expect(replay.statusCode).toBe(401);
    // Logging out twice is fine.
    expect((await b.post('/v3/logout/')).statusCode).toBe(200);
  });

  it('logout needs the CSRF header (no forced logouts from other sites)', async () => {
    const a = await account();
    const b = browser();
    await login(b, a.email);
    const response = await b.post('/v3/logout/', {}, { csrf: false });
    expect(errorCode(response)).toBe(CODES.CSRF_FAILED.code);
    expect(await countSessions(handle.db, a.id)).toBe(1);
  });

  it('a tampered session cookie is a visitor', async () => {
    const a = await account();
    const b = browser();
    await login(b, a.email);
    const token = b.cookies.get(SESSION_COOKIE) ?? '';
    b.cookies.set(SESSION_COOKIE, `${token.slice(0, -4)}AAAA`);
    expect((await b.get('/v3/users/me/')).statusCode).toBe(401);
  });

  it('marks the session cookie Secure (with the __Secure- prefix) under an https PUBLIC_URL', async () => {
    const secure = await buildTestApp(handle.db, {
      viewer: 'session',
      config: { publicUrl: 'https://corkboard.test' },
    });
    try {
      const response = await browser(secure.app).post('/v3/register/', signupBody());
      const session = setCookies(response).find((c) => c.name === `__Secure-${SESSION_COOKIE}`);
      expect(session?.attributes).toMatchObject({
        secure: true,
        httponly: true,
        samesite: 'Lax',
        path: '/',
      });
      const csrf = setCookies(response).find((c) => c.name === CSRF_COOKIE);
      expect(csrf?.attributes['secure']).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it("Better Auth's session endpoint is mounted; its sign-up and sign-in endpoints are not", async () => {
    const a = await account();
    const b = browser();
    await login(b, a.email);
    const session = await b.get('/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    expect(session.json<{ user: { id: string } }>().user.id).toBe(a.id);
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
      '/api/auth/update-user',
      // corkboard-login's session maker is server-only: only completeLogin calls it.
      '/api/auth/create-session-for-user',
    ]) {
      const response = await b.post(path, {
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        name: 'X',
      });
      expect(response.statusCode, path).toBe(404);
      expect(errorCode(response)).toBe(CODES.ROUTE_NOT_FOUND.code);
    }
    const signOut = await b.post(
      '/api/auth/sign-out',
      {},
      { headers: { origin: 'http://corkboard.test' } },
    );
    expect(signOut.statusCode).toBe(200);
    expect(await countSessions(handle.db, a.id)).toBe(0);
  });

  it('never looks up a session for /media/ or /assets/', async () => {
    const a = await account();
    const b = browser();
    await login(b, a.email);
    await handle.db.deleteFrom('auth_sessions').where('user_id', '=', a.id).execute();
    // Were the cookie read here, the stale session would be cleared with a Set-Cookie.
    const media = await b.get('/media/none.jpg');
    expect(setCookies(media).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    const api = await b.get('/v3/users/me/');
    expect(setCookies(api).find((c) => c.name === SESSION_COOKIE)?.attributes['max-age']).toBe('0');
  });
});

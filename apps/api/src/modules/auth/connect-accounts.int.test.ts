// Connecting Google, Facebook and LINE from the settings page (issue 9; docs/decisions/188), with
// real sessions against this file's own loopback peers (an OpenID Connect provider playing Google
// and LINE, the Graph API stand-in playing Facebook). The token is verified as log-in verifies it
// (a forged signature, another audience, another browser's nonce, a replay, a Facebook id that is
// not the token's are refused), re-authentication comes first (a wrong password leaves the token
// good for the retry), a provider account lets in one Corkboard account only, one account per
// provider, the same account again changes nothing; and the connected account then logs in.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { DEV_FACEBOOK, DEV_GOOGLE } from '@corkboard/dev-peers/credentials';
import type { FacebookPeer } from '@corkboard/dev-peers/facebook';
import { authorizeWithChoice } from '@corkboard/dev-peers/login-driver';
import type { OidcPeer } from '@corkboard/dev-peers/oidc';
import {
  FACEBOOK_TEST_USERS,
  GOOGLE_TEST_ACCOUNTS,
  LINE_TEST_ACCOUNTS,
} from '@corkboard/dev-peers/test-accounts';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type { ConnectedAccounts } from '@corkboard/shared/auth/settings';
import type { SocialNonceAnswer } from '@corkboard/shared/auth/social-api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import {
  startTestFacebookPeer,
  startTestOidcPeer,
  TEST_ORIGIN,
  testProviders,
} from '../../test/social-peers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  errorData,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';
import { REAUTH_WINDOW_MS } from '../account-security/security.service.ts';

const CODES = ERROR_CODES;
const CONNECTED = '/v3/users/me/connected_accounts';
const [ADA, GRACE, ALAN] = GOOGLE_TEST_ACCOUNTS;
const [HANAKO] = LINE_TEST_ACCOUNTS;
const [MAYA, LIAM] = FACEBOOK_TEST_USERS;
const FULL_SCOPES = ['email', 'user_birthday', 'user_gender', 'user_friends'];

let handle: DbHandle;
let oidc: OidcPeer;
let facebook: FacebookPeer;
let test: TestApp;
let ip = 0;

function browser(): TestBrowser {
  ip += 1;
  return new TestBrowser(test.app, `198.51.100.${ip}`);
}

interface Person {
  id: string;
  b: TestBrowser;
}

/** A person who signed up with e-mail and password, signed in in their own browser. */
async function person(): Promise<Person> {
  const b = browser();
  const response = await b.post('/v3/register/', signupBody({ email: uniqueEmail('connect') }));
  expect(response.statusCode).toBe(200);
  return { id: body<AuthSuccess>(response).resource_response.data.user.id, b };
}

/**
 * A person without a password (a LINE sign-up, say), whose session logged in `ago` ms before
 * the app's clock: the engine stamps sessions with the system clock, the app reads its own.
 */
async function socialOnly(ago = 0): Promise<Person> {
  const p = await person();
  await handle.db
    .updateTable('auth_accounts')
    .set({ password: null })
    .where('user_id', '=', p.id)
    .where('provider_id', '=', 'credential')
    .execute();
  await handle.db
    .insertInto('auth_accounts')
    .values({ user_id: p.id, provider_id: 'line', account_id: `line-${p.id}` })
    .execute();
  const loggedIn = new Date(test.clock.now().getTime() - ago);
  await sql`UPDATE auth_sessions SET created_at = ${loggedIn} WHERE user_id = ${p.id}`.execute(
    handle.db,
  );
  return p;
}

/** A Google ID token for `sub` carrying this browser's nonce (what the GIS button hands over). */
async function googleToken(
  b: TestBrowser,
  sub: string,
  claims?: Record<string, unknown>,
): Promise<string> {
  const answer = await b.post('/v3/auth/nonce/', { provider: 'google' });
  expect(answer.statusCode).toBe(200);
  return oidc.mintIdToken('google', {
    clientId: DEV_GOOGLE.clientId,
    sub,
    nonce: body<SocialNonceAnswer>(answer).resource_response.data.nonce,
    ...(claims ? { claims } : {}),
  });
}

/** LINE's pop-up as a browser walks it: authorize → the peer's chooser → callback → the token. */
async function lineToken(b: TestBrowser, sub: string): Promise<string> {
  const redirect = await b.get('/v3/line/authorize/');
  expect(redirect.statusCode).toBe(302);
  const back = await authorizeWithChoice(
    String(redirect.headers.location),
    { account: sub },
    (url) => url.origin === TEST_ORIGIN,
  );
  const page = await b.get(back.pathname + back.search);
  const token = /"credential":"([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error(`no token posted: ${page.body}`);
  return token;
}

function facebookToken(userId: string): string {
  return facebook.issueToken({ appId: DEV_FACEBOOK.appId, userId, scopes: FULL_SCOPES });
}

function connect(
  b: TestBrowser,
  provider: string,
  payload: Record<string, unknown>,
  options: { csrf?: boolean } = {},
) {
  return b.post(`${CONNECTED}/${provider}/`, payload, options);
}

function accountsOf(response: Awaited<ReturnType<typeof connect>>): ConnectedAccounts {
  return body<ConnectedAccounts>(response).resource_response.data;
}

async function rows(userId: string) {
  return handle.db
    .selectFrom('auth_accounts')
    .select(['provider_id', 'account_id'])
    .where('user_id', '=', userId)
    .where('provider_id', '!=', 'credential')
    .orderBy('provider_id')
    .execute();
}

async function owners(providerId: string, accountId: string): Promise<string[]> {
  const found = await handle.db
    .selectFrom('auth_accounts')
    .select('user_id')
    .where('provider_id', '=', providerId)
    .where('account_id', '=', accountId)
    .execute();
  return found.map((row) => row.user_id);
}

beforeAll(async () => {
  handle = await createTestDb();
  oidc = await startTestOidcPeer(['google', 'line']);
  facebook = await startTestFacebookPeer();
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { providers: testProviders({ oidc, facebook }) },
  });
});

afterAll(async () => {
  await test.close();
  await facebook.stop();
  await oidc.stop();
  await handle.close();
});

describe('connecting Google', () => {
  it('links the verified Google account to the signed-in person, who then logs in with it', async () => {
    const p = await person();
    const token = await googleToken(p.b, ADA!.sub);
    const response = await connect(p.b, 'google', { credential: token, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const accounts = accountsOf(response);
    expect(accounts.accounts.find((account) => account.provider === 'google')).toMatchObject({
      connected: true,
    });
    expect(await rows(p.id)).toEqual([{ provider_id: 'google', account_id: ADA!.sub }]);
    // No token or credential comes back.
    expect(response.body).not.toContain(token.slice(-20));

    // The same token again is a replay; the same Google account with a new token changes nothing.
    const replay = await connect(p.b, 'google', { credential: token, password: GOOD_PASSWORD });
    expect(errorCode(replay)).toBe(CODES.SOCIAL_TOKEN_REPLAYED.code);
    const again = await connect(p.b, 'google', {
      credential: await googleToken(p.b, ADA!.sub),
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
    expect(await rows(p.id)).toEqual([{ provider_id: 'google', account_id: ADA!.sub }]);

    // A fresh browser logs in with Google as this person.
    const elsewhere = browser();
    const login = await elsewhere.post('/v3/login/', {
      google_open_id_token: await googleToken(elsewhere, ADA!.sub),
    });
    expect(login.statusCode).toBe(200);
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(p.id);
  });

  it('refuses a provider account connected to another Corkboard account, saying nothing of whom', async () => {
    const owner = await person();
    const ownerConnect = await connect(owner.b, 'google', {
      credential: await googleToken(owner.b, GRACE!.sub),
      password: GOOD_PASSWORD,
    });
    expect(ownerConnect.statusCode).toBe(200);

    const other = await person();
    const response = await connect(other.b, 'google', {
      credential: await googleToken(other.b, GRACE!.sub),
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe(CODES.CONNECTED_ACCOUNT_LINKED_ELSEWHERE.code);
    expect(errorData(response)).toEqual({ provider: 'google' });
    expect(response.body).not.toContain(owner.id);
    expect(await rows(other.id)).toEqual([]);
    expect(await owners('google', GRACE!.sub)).toEqual([owner.id]);
  });

  it('allows one account per provider: a second Google account is refused', async () => {
    const p = await person();
    const first = await connect(p.b, 'google', {
      credential: await googleToken(p.b, ALAN!.sub),
      password: GOOD_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    // The peer has three Google accounts and the tests above hold Ada and Grace: free Ada.
    await handle.db
      .deleteFrom('auth_accounts')
      .where('provider_id', '=', 'google')
      .where('account_id', '=', ADA!.sub)
      .execute();
    const second = await connect(p.b, 'google', {
      credential: await googleToken(p.b, ADA!.sub),
      password: GOOD_PASSWORD,
    });
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe(CODES.CONNECTED_ACCOUNT_PROVIDER_TAKEN.code);
    expect(await rows(p.id)).toEqual([{ provider_id: 'google', account_id: ALAN!.sub }]);
    expect(await owners('google', ADA!.sub)).toEqual([]);
  });

  it('refuses tokens log-in refuses: a forged signature, another audience, another browser’s nonce', async () => {
    const p = await person();
    const token = await googleToken(p.b, ADA!.sub);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const bad = await connect(p.b, 'google', { credential: forged, password: GOOD_PASSWORD });
    expect(bad.statusCode).toBe(401);
    expect(errorCode(bad)).toBe(CODES.SOCIAL_TOKEN_INVALID.code);
    expect(errorData(bad)['reason']).toBe('signature');

    const audience = await connect(p.b, 'google', {
      credential: await googleToken(p.b, ADA!.sub, { aud: 'someone-else' }),
      password: GOOD_PASSWORD,
    });
    expect(errorData(audience)['reason']).toBe('audience');

    const theirs = browser();
    const stolen = await googleToken(theirs, ADA!.sub);
    const nonce = await connect(p.b, 'google', { credential: stolen, password: GOOD_PASSWORD });
    expect(errorCode(nonce)).toBe(CODES.SOCIAL_TOKEN_INVALID.code);
    expect(errorData(nonce)['reason']).toBe('nonce');

    const garbage = await connect(p.b, 'google', {
      credential: 'not.a.jwt',
      password: GOOD_PASSWORD,
    });
    expect(garbage.statusCode).toBe(401);
    expect(await rows(p.id)).toEqual([]);
  });
});

describe('re-authentication (ADR 188)', () => {
  it('needs the password; a wrong one leaves the token good for the retry', async () => {
    const p = await person();
    const token = await googleToken(p.b, ADA!.sub);
    const missing = await connect(p.b, 'google', { credential: token });
    expect(missing.statusCode).toBe(403);
    expect(errorCode(missing)).toBe(CODES.CONNECT_ACCOUNT_REAUTH_REQUIRED.code);
    expect(errorData(missing)).toMatchObject({ field: 'password', has_password: true });
    const wrong = await connect(p.b, 'google', { credential: token, password: 'wrong-horse-1' });
    expect(errorCode(wrong)).toBe(CODES.CONNECT_ACCOUNT_REAUTH_REQUIRED.code);
    expect(await rows(p.id)).toEqual([]);
    const right = await connect(p.b, 'google', { credential: token, password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(await rows(p.id)).toEqual([{ provider_id: 'google', account_id: ADA!.sub }]);
  });

  it('without a password: a session logged in within 10 minutes connects; an older one is refused', async () => {
    const stale = await socialOnly(REAUTH_WINDOW_MS + 60_000);
    const refused = await connect(stale.b, 'facebook', {
      credential: facebookToken(LIAM!.id),
      facebook_id: LIAM!.id,
    });
    expect(errorCode(refused)).toBe(CODES.CONNECT_ACCOUNT_REAUTH_REQUIRED.code);
    expect(errorData(refused)).toMatchObject({ has_password: false });
    expect(await rows(stale.id)).toEqual([{ provider_id: 'line', account_id: `line-${stale.id}` }]);

    const fresh = await socialOnly();
    const response = await connect(fresh.b, 'facebook', {
      credential: facebookToken(LIAM!.id),
      facebook_id: LIAM!.id,
    });
    expect(response.statusCode).toBe(200);
    expect(accountsOf(response).has_password).toBe(false);
    expect(await rows(fresh.id)).toEqual([
      { provider_id: 'facebook', account_id: LIAM!.id },
      { provider_id: 'line', account_id: `line-${fresh.id}` },
    ]);
  });
});

describe('connecting Facebook and LINE', () => {
  it('Facebook: the token checked through the Graph API; the SDK’s user id must be the token’s', async () => {
    const p = await person();
    const mismatch = await connect(p.b, 'facebook', {
      credential: facebookToken(MAYA!.id),
      facebook_id: LIAM!.id,
      password: GOOD_PASSWORD,
    });
    expect(errorCode(mismatch)).toBe(CODES.SOCIAL_TOKEN_INVALID.code);
    const unknown = await connect(p.b, 'facebook', {
      credential: 'EAAgarbage',
      password: GOOD_PASSWORD,
    });
    expect(errorCode(unknown)).toBe(CODES.SOCIAL_TOKEN_INVALID.code);
    expect(await rows(p.id)).toEqual([]);

    const token = facebookToken(MAYA!.id);
    const response = await connect(p.b, 'facebook', {
      credential: token,
      facebook_id: MAYA!.id,
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await rows(p.id)).toEqual([{ provider_id: 'facebook', account_id: MAYA!.id }]);
    const login = await browser().post('/v3/login/', {
      facebook_id: MAYA!.id,
      facebook_token: facebookToken(MAYA!.id),
    });
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(p.id);
  });

  it('LINE: the ID token from the pop-up, with this browser’s nonce', async () => {
    const p = await person();
    const token = await lineToken(p.b, HANAKO!.sub);
    const response = await connect(p.b, 'line', { credential: token, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(await rows(p.id)).toEqual([{ provider_id: 'line', account_id: HANAKO!.sub }]);
    const elsewhere = browser();
    const login = await elsewhere.post('/v3/login/', {
      line_id_token: await lineToken(elsewhere, HANAKO!.sub),
    });
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(p.id);
  });
});

describe('the edge: session, CSRF, input', () => {
  it('a visitor gets 401; a request without the CSRF header is refused and changes nothing', async () => {
    const visitor = browser();
    const signedOut = await connect(visitor, 'google', {
      credential: await googleToken(visitor, ALAN!.sub),
    });
    expect(signedOut.statusCode).toBe(401);
    expect(errorCode(signedOut)).toBe(CODES.UNAUTHORIZED.code);

    const p = await person();
    const noCsrf = await connect(
      p.b,
      'google',
      { credential: await googleToken(p.b, ALAN!.sub), password: GOOD_PASSWORD },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(errorCode(noCsrf)).toBe(CODES.CSRF_FAILED.code);
    expect(await rows(p.id)).toEqual([]);
  });

  it('bad input is a 400 in the envelope: no token, an unknown provider, an unknown field', async () => {
    const p = await person();
    const cases: [string, Record<string, unknown>][] = [
      ['google', { password: GOOD_PASSWORD }],
      ['google', { credential: '', password: GOOD_PASSWORD }],
      ['google', { credential: 'x'.repeat(9000), password: GOOD_PASSWORD }],
      ['sso', { credential: 'token', password: GOOD_PASSWORD }],
      ['facebook', { credential: 'EAA', facebook_id: 'not-digits', password: GOOD_PASSWORD }],
      ['google', { credential: 'token', password: GOOD_PASSWORD, user_id: '1' }],
    ];
    for (const [provider, payload] of cases) {
      const response = await connect(p.b, provider, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(response).resource_response.status).toBe('failure');
    }
  });
});

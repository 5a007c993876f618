// LINE Login against the OpenID Connect peer's LINE issuer (docs/decisions/137): the pop-up
// (authorize → the peer's chooser → callback → ID token), login with line_id_token (not found →
// sign-up with the birthday → login), token failures (wrong audience, expired, a nonce that is
// not this browser's, replay), the e-mail a LINE account lacks, and the JP-only button's country.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { DEV_LINE } from '@corkboard/dev-peers/credentials';
import { authorizeWithChoice } from '@corkboard/dev-peers/login-driver';
import type { OidcPeer } from '@corkboard/dev-peers/oidc';
import { LINE_TEST_ACCOUNTS } from '@corkboard/dev-peers/test-accounts';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type { AuthProvidersAnswer } from '@corkboard/shared/auth/social-api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { startTestOidcPeer, TEST_ORIGIN, testProviders } from '../../test/social-peers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ADULT_BIRTHDAY,
  body,
  errorCode,
  errorData,
  TestBrowser,
} from '../../test/test-browser.ts';

const [HANAKO, TARO] = LINE_TEST_ACCOUNTS;

let handle: DbHandle;
let peer: OidcPeer;
let test: TestApp;
let ip = 0;

function browser(): TestBrowser {
  ip += 1;
  return new TestBrowser(test.app, `198.51.100.${ip}`);
}

/** The pop-up as a browser walks it: authorize → chooser → callback page; the posted token. */
async function popupToken(b: TestBrowser, sub: string): Promise<string> {
  const redirect = await b.get('/v3/line/authorize/');
  expect(redirect.statusCode).toBe(302);
  const authorize = String(redirect.headers.location);
  expect(authorize).toContain('code_challenge_method=S256');
  const back = await authorizeWithChoice(
    authorize,
    { account: sub },
    (url) => url.origin === TEST_ORIGIN,
  );
  expect(back.pathname).toBe('/api/auth/callback/line');
  const page = await b.get(back.pathname + back.search);
  expect(page.statusCode).toBe(200);
  const token = /"credential":"([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error(`no token posted: ${page.body}`);
  return token;
}

beforeAll(async () => {
  handle = await createTestDb();
  peer = await startTestOidcPeer(['line']);
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { providers: testProviders({ oidc: peer }) },
  });
});

afterAll(async () => {
  await test.close();
  await peer.stop();
  await handle.close();
});

describe('LINE sign-up and log-in', () => {
  it('pop-up token: not found → sign-up with the birthday → a new pop-up logs in', async () => {
    const b = browser();
    const token = await popupToken(b, HANAKO!.sub);
    const missing = await b.post('/v3/login/', { line_id_token: token });
    expect(errorCode(missing)).toBe(ERROR_CODES.SOCIAL_ACCOUNT_NOT_FOUND.code);
    expect(errorData(missing)).toMatchObject({
      provider: 'line',
      profile: { email: HANAKO!.email, first_name: '山田', last_name: '花子' },
    });
    const signup = await b.post('/v3/register/', {
      type: 'line',
      line_id_token: token,
      birthday: ADULT_BIRTHDAY,
    });
    expect(signup.statusCode).toBe(200);
    const user = body<AuthSuccess>(signup).resource_response.data.user;
    const accounts = await handle.db
      .selectFrom('auth_accounts')
      .select(['provider_id', 'account_id'])
      .where('user_id', '=', user.id)
      .execute();
    expect(accounts).toEqual([{ provider_id: 'line', account_id: HANAKO!.sub }]);

    // The token signed someone in: it never works again.
    const replay = await b.post('/v3/login/', { line_id_token: token });
    expect(errorCode(replay)).toBe(ERROR_CODES.SOCIAL_TOKEN_REPLAYED.code);

    const again = browser();
    const login = await again.post('/v3/login/', {
      line_id_token: await popupToken(again, HANAKO!.sub),
    });
    expect(login.statusCode).toBe(200);
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(user.id);
  });

  it('a LINE account without an e-mail needs the collected one', async () => {
    const b = browser();
    const token = await popupToken(b, TARO!.sub);
    const without = await b.post('/v3/register/', {
      type: 'line',
      line_id_token: token,
      birthday: ADULT_BIRTHDAY,
    });
    expect(errorCode(without)).toBe(ERROR_CODES.SOCIAL_EMAIL_REQUIRED.code);
  });
});

describe('LINE token verification', () => {
  it("refuses another channel's token, an expired one and one whose nonce is not this browser's", async () => {
    const b = browser();
    await popupToken(b, TARO!.sub);
    const wrongAudience = await peer.mintIdToken('line', {
      clientId: '2000000999',
      sub: TARO!.sub,
      nonce: 'n',
    });
    const audience = await b.post('/v3/login/', { line_id_token: wrongAudience });
    expect(errorCode(audience)).toBe(ERROR_CODES.SOCIAL_TOKEN_INVALID.code);
    expect(errorData(audience)).toMatchObject({ reason: 'audience' });

    const expired = await peer.mintIdToken('line', {
      clientId: DEV_LINE.channelId,
      sub: TARO!.sub,
      nonce: 'n',
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
      expiresInSeconds: 60,
    });
    expect(errorCode(await b.post('/v3/login/', { line_id_token: expired }))).toBe(
      ERROR_CODES.SOCIAL_TOKEN_EXPIRED.code,
    );

    const foreign = await peer.mintIdToken('line', {
      clientId: DEV_LINE.channelId,
      sub: TARO!.sub,
      nonce: 'someone-elses-nonce',
    });
    const nonce = await b.post('/v3/login/', { line_id_token: foreign });
    expect(errorCode(nonce)).toBe(ERROR_CODES.SOCIAL_TOKEN_INVALID.code);
    expect(errorData(nonce)).toMatchObject({ reason: 'nonce' });
  });

  it("a callback whose state is not this browser's hands over nothing", async () => {
    const b = browser();
    await b.get('/v3/line/authorize/');
    const page = await b.get('/api/auth/callback/line?code=abc&state=forged');
    expect(page.body).toContain('"credential":null');
    expect(page.body).toContain('"error":"state"');
  });
});

describe('the JP-only button (ADR 032)', () => {
  it('offers LINE and names the country from Accept-Language', async () => {
    const jp = await test.app.inject({
      method: 'GET',
      url: '/v3/auth/providers/',
      headers: { 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    const data = (JSON.parse(jp.body) as { resource_response: { data: AuthProvidersAnswer } })
      .resource_response.data;
    expect(data.line).toEqual({ enabled: true });
    expect(data.country).toBe('JP');
    const us = await test.app.inject({
      method: 'GET',
      url: '/v3/auth/providers/',
      headers: { 'accept-language': 'en-US' },
    });
    expect(
      (JSON.parse(us.body) as { resource_response: { data: AuthProvidersAnswer } })
        .resource_response.data.country,
    ).toBe('US');
  });
});

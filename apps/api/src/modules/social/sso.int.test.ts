// SSO by e-mail domain against the real enterprise OpenID Connect peer (docs/decisions/033):
// POST /v3/sso/info/, the pop-up's authorization-code + PKCE round trip (driven over HTTP like a
// browser), the callback page's message, the code exchange, the business signup with
// sso_id_token, the log-in with sso_user_email + sso_auth_code, and the failures (wrong state,
// a code used twice, another e-mail than the flow's, a domain without SSO), and the pop-up's
// result kept for an opener whose message was lost (POST /v3/sso/popup-result/, ADR 213).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { authorizeWithChoice } from '@corkboard/dev-peers/login-driver';
import type { OidcPeer } from '@corkboard/dev-peers/oidc';
import { ENTERPRISE_TEST_ACCOUNTS } from '@corkboard/dev-peers/test-accounts';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import {
  SSO_POPUP_RESULT_PATH,
  type SsoInfoAnswer,
  type SsoPopupResultAnswer,
  type SsoTokensAnswer,
} from '@corkboard/shared/auth/social-api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { startTestOidcPeer, TEST_ORIGIN, testProviders } from '../../test/social-peers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ADULT_BIRTHDAY, body, errorCode, TestBrowser } from '../../test/test-browser.ts';

const [ALEX, SAM] = ENTERPRISE_TEST_ACCOUNTS;

let handle: DbHandle;
let peer: OidcPeer;
let test: TestApp;
let ip = 0;

function browser(): TestBrowser {
  ip += 1;
  return new TestBrowser(test.app, `198.51.100.${ip}`);
}

async function info(b: TestBrowser, email: string): Promise<SsoInfoAnswer> {
  const response = await b.post('/v3/sso/info/', { email });
  expect(response.statusCode).toBe(200);
  return body<SsoInfoAnswer>(response).resource_response.data;
}

/**
 * The pop-up: our authorize URL (sets the flow cookie, redirects to the IdP), the IdP's chooser,
 * back to our callback; answers the callback's query and its page.
 */
async function popup(b: TestBrowser, email: string, sub: string, attempt?: string) {
  const start = (await info(b, email)).authorization_uri;
  if (!start) throw new Error('no authorization_uri');
  const url = new URL(start);
  if (attempt) url.searchParams.set('attempt', attempt);
  const redirect = await b.get(url.pathname + url.search);
  expect(redirect.statusCode).toBe(302);
  const idp = String(redirect.headers.location);
  expect(idp).toContain('code_challenge_method=S256');
  const back = await authorizeWithChoice(
    idp,
    { account: sub },
    (url) => url.origin === TEST_ORIGIN,
  );
  const page = await b.get(back.pathname + back.search);
  return { callback: back, page };
}

beforeAll(async () => {
  handle = await createTestDb();
  peer = await startTestOidcPeer(['enterprise']);
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

describe('POST /v3/sso/info/', () => {
  it('answers is_sso with the authorization and exchange URLs for the domain', async () => {
    const answer = await info(browser(), ALEX!.email!);
    expect(answer).toEqual({
      is_sso: true,
      existing_user: false,
      existing_user_is_sso: false,
      authorization_uri: `${TEST_ORIGIN}/v3/sso/authorize/?email=${encodeURIComponent(ALEX!.email!)}`,
      redirect_uri: `${TEST_ORIGIN}/api/auth/sso/callback/acme`,
      exchange_code_to_token_info_url: `${TEST_ORIGIN}/v3/sso/token/`,
    });
  });

  it('answers not SSO for another domain', async () => {
    expect(await info(browser(), 'someone@example.com')).toMatchObject({
      is_sso: false,
      authorization_uri: null,
    });
  });

  it('refuses a malformed e-mail in the envelope', async () => {
    const response = await browser().post('/v3/sso/info/', { email: 'not an email' });
    expect(response.statusCode).toBe(400);
  });
});

describe('SSO sign-up and log-in', () => {
  it('new user: code → exchange → business signup with sso_id_token; then log in with the code', async () => {
    const b = browser();
    const { callback, page } = await popup(b, ALEX!.email!, ALEX!.sub);
    const code = callback.searchParams.get('code');
    const state = callback.searchParams.get('state');
    expect(code).toBeTruthy();
    expect(page.statusCode).toBe(200);
    // The page hands the code to its opener, on our origin only.
    expect(page.body).toContain(JSON.stringify(code));
    expect(page.body).toContain(JSON.stringify(TEST_ORIGIN));

    const exchange = await b.post('/v3/sso/token/', { code, state });
    expect(exchange.statusCode).toBe(200);
    const tokens = body<SsoTokensAnswer>(exchange).resource_response.data;
    expect(tokens).toMatchObject({
      sso_id: ALEX!.sub,
      sso_email: ALEX!.email,
      sso_user_name: 'Alex Rivera',
    });

    const signup = await b.post('/v3/register/', {
      type: 'sso',
      sso_id_token: tokens.sso_id_token,
      birthday: ADULT_BIRTHDAY,
    });
    expect(signup.statusCode).toBe(200);
    const user = body<AuthSuccess>(signup).resource_response.data.user;
    expect(user).toMatchObject({ email: ALEX!.email, account_type: 'business', is_partner: true });

    await b.post('/v3/logout/');
    const again = browser();
    expect(await info(again, ALEX!.email!)).toMatchObject({
      existing_user: true,
      existing_user_is_sso: true,
    });
    const second = await popup(again, ALEX!.email!, ALEX!.sub);
    const login = await again.post('/v3/login/', {
      sso_user_email: ALEX!.email,
      sso_auth_code: second.callback.searchParams.get('code'),
    });
    expect(login.statusCode).toBe(200);
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(user.id);
  });

  it('log-in of an e-mail without an account answers SOCIAL_ACCOUNT_NOT_FOUND', async () => {
    const b = browser();
    const { callback } = await popup(b, SAM!.email!, SAM!.sub);
    const login = await b.post('/v3/login/', {
      sso_user_email: SAM!.email,
      sso_auth_code: callback.searchParams.get('code'),
    });
    expect(errorCode(login)).toBe(ERROR_CODES.SOCIAL_ACCOUNT_NOT_FOUND.code);
  });

  it('a code is traded once: the second exchange answers "No tokens returned"', async () => {
    const b = browser();
    const { callback } = await popup(b, SAM!.email!, SAM!.sub);
    const code = callback.searchParams.get('code');
    const state = callback.searchParams.get('state');
    expect((await b.post('/v3/sso/token/', { code, state })).statusCode).toBe(200);
    const twice = await b.post('/v3/sso/token/', { code, state });
    expect(errorCode(twice)).toBe(ERROR_CODES.SSO_NO_TOKENS.code);
    expect(body(twice).resource_response.error?.message).toBe('No tokens returned');
  });

  it('refuses another state, another e-mail than the flow, and a browser without the flow', async () => {
    const b = browser();
    const { callback } = await popup(b, SAM!.email!, SAM!.sub);
    const code = callback.searchParams.get('code');
    const wrongState = await b.post('/v3/sso/token/', { code, state: 'forged' });
    expect(errorCode(wrongState)).toBe(ERROR_CODES.SSO_STATE_INVALID.code);
    const otherEmail = await b.post('/v3/login/', {
      sso_user_email: ALEX!.email,
      sso_auth_code: code,
    });
    expect(errorCode(otherEmail)).toBe(ERROR_CODES.SSO_STATE_INVALID.code);
    const stranger = await browser().post('/v3/sso/token/', {
      code,
      state: callback.searchParams.get('state'),
    });
    expect(errorCode(stranger)).toBe(ERROR_CODES.SSO_STATE_INVALID.code);
  });

  it("the callback with a state that isn't this browser's posts an error, not the code", async () => {
    const b = browser();
    const { callback } = await popup(b, SAM!.email!, SAM!.sub);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged');
    const page = await b.get(forged.pathname + forged.search);
    expect(page.body).toContain('"error":"state"');
    expect(page.body).not.toContain(String(callback.searchParams.get('code')));
  });
});

// ADR 213: on a slow machine the callback page's message can reach the opener after it already
// saw the pop-up closed, or never. The flow keeps the result for the attempt that started it.
describe('POST /v3/sso/popup-result/', () => {
  const ATTEMPT = 'attempt-aaaaaaaaaaaaaaaa';
  const result = (b: TestBrowser, attempt: string) => b.post(SSO_POPUP_RESULT_PATH, { attempt });
  const answer = (response: Awaited<ReturnType<typeof result>>) =>
    body<SsoPopupResultAnswer>(response).resource_response.data;
  const notFinished = { finished: false, code: null, state: null, error: null };

  it("answers the callback's code and state to the attempt that opened the pop-up, and the opener goes on with them", async () => {
    const b = browser();
    // Before the IdP sent the pop-up back: nothing yet.
    expect(answer(await result(b, ATTEMPT))).toEqual(notFinished);
    const { callback } = await popup(b, SAM!.email!, SAM!.sub, ATTEMPT);
    const response = await result(b, ATTEMPT);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(answer(response)).toEqual({
      finished: true,
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      error: null,
    });
    // What it answers is what the message carries: the exchange goes on as usual.
    const { code, state } = answer(response);
    const exchange = await b.post('/v3/sso/token/', { code, state });
    expect(exchange.statusCode).toBe(200);
    expect(body<SsoTokensAnswer>(exchange).resource_response.data.sso_email).toBe(SAM!.email);
  });

  it('answers nothing to another attempt, another browser, or after a new pop-up started', async () => {
    const b = browser();
    await popup(b, SAM!.email!, SAM!.sub, ATTEMPT);
    expect(answer(await result(b, 'another-attempt-bbbbbbbb'))).toEqual(notFinished);
    expect(answer(await result(browser(), ATTEMPT))).toEqual(notFinished);
    // A new pop-up (its authorize request) replaces the flow, and the old result with it.
    const start = (await info(b, SAM!.email!)).authorization_uri!;
    const again = new URL(start);
    again.searchParams.set('attempt', 'second-attempt-cccccccc');
    expect((await b.get(again.pathname + again.search)).statusCode).toBe(302);
    expect(answer(await result(b, ATTEMPT))).toEqual(notFinished);
    expect(answer(await result(b, 'second-attempt-cccccccc'))).toEqual(notFinished);
  });

  it("keeps the IdP's refusal, and nothing for a callback whose state isn't the flow's", async () => {
    const b = browser();
    const start = (await info(b, SAM!.email!)).authorization_uri!;
    const url = new URL(start);
    url.searchParams.set('attempt', ATTEMPT);
    const redirect = await b.get(url.pathname + url.search);
    const state = new URL(String(redirect.headers.location)).searchParams.get('state')!;
    // A forged callback (another state) changes nothing.
    await b.get(`/api/auth/sso/callback/acme?code=forged&state=forged-state`);
    expect(answer(await result(b, ATTEMPT))).toEqual(notFinished);
    const denied = await b.get(
      `/api/auth/sso/callback/acme?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(denied.body).toContain('"error":"denied"');
    expect(answer(await result(b, ATTEMPT))).toEqual({
      finished: true,
      code: null,
      state: null,
      error: 'denied',
    });
  });

  it('refuses a malformed attempt with 400 in the envelope, and an authorize URI with one', async () => {
    const b = browser();
    for (const attempt of ['short', 'x'.repeat(65), 'has spaces in it, sixteen+']) {
      const response = await result(b, attempt);
      expect(response.statusCode).toBe(400);
      expect(body(response).resource_response.status).toBe('failure');
    }
    expect((await b.post(SSO_POPUP_RESULT_PATH, {})).statusCode).toBe(400);
    const start = (await info(b, SAM!.email!)).authorization_uri!;
    const bad = await b.get(`${new URL(start).pathname}${new URL(start).search}&attempt=bad`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a request without the CSRF header', async () => {
    const b = browser();
    await b.get('/v3/auth/providers/');
    const response = await test.app.inject({
      method: 'POST',
      url: SSO_POPUP_RESULT_PATH,
      headers: { cookie: b.cookieHeader(), 'content-type': 'application/json' },
      payload: { attempt: ATTEMPT },
    });
    expect(response.statusCode).toBe(403);
  });
});

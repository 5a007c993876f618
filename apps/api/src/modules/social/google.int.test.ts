// Google sign-in against the real OpenID Connect peer (docs/decisions/030): the nonce endpoint,
// login with google_open_id_token (account not found → signup with the birthday → login), every
// token failure (bad signature, wrong audience, expired, unknown issuer, wrong or missing nonce,
// replay), the Google-only account's e-mail login, and an unconfigured Google.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { DEV_GOOGLE } from '@corkboard/dev-peers/credentials';
import { authorizeWithChoice } from '@corkboard/dev-peers/login-driver';
import type { OidcPeer } from '@corkboard/dev-peers/oidc';
import { GOOGLE_TEST_ACCOUNTS } from '@corkboard/dev-peers/test-accounts';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type { AuthProvidersAnswer, SocialNonceAnswer } from '@corkboard/shared/auth/social-api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { startTestOidcPeer, TEST_ORIGIN, testProviders } from '../../test/social-peers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ADULT_BIRTHDAY,
  body,
  errorCode,
  errorData,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
} from '../../test/test-browser.ts';

const [ADA, GRACE, ALAN] = GOOGLE_TEST_ACCOUNTS;

let handle: DbHandle;
let peer: OidcPeer;
let test: TestApp;
let ip = 0;

function browser(): TestBrowser {
  ip += 1;
  return new TestBrowser(test.app, `198.51.100.${ip}`);
}

async function nonce(b: TestBrowser): Promise<string> {
  const response = await b.post('/v3/auth/nonce/', { provider: 'google' });
  expect(response.statusCode).toBe(200);
  return body<SocialNonceAnswer>(response).resource_response.data.nonce;
}

/** A GIS credential for `sub`, carrying this browser's nonce unless told otherwise. */
async function credential(
  b: TestBrowser,
  sub: string,
  options: {
    nonce?: string;
    claims?: Record<string, unknown>;
    issuedAt?: number;
    ttl?: number;
  } = {},
): Promise<string> {
  return peer.mintIdToken('google', {
    clientId: DEV_GOOGLE.clientId,
    sub,
    nonce: options.nonce ?? (await nonce(b)),
    ...(options.claims ? { claims: options.claims } : {}),
    ...(options.issuedAt !== undefined ? { issuedAt: options.issuedAt } : {}),
    ...(options.ttl !== undefined ? { expiresInSeconds: options.ttl } : {}),
  });
}

function googleLogin(b: TestBrowser, token: string, extra: Record<string, unknown> = {}) {
  return b.post('/v3/login/', { google_open_id_token: token, ...extra });
}

function googleSignup(b: TestBrowser, token: string, extra: Record<string, unknown> = {}) {
  return b.post('/v3/register/', {
    type: 'google',
    google_open_id_token: token,
    birthday: ADULT_BIRTHDAY,
    ...extra,
  });
}

beforeAll(async () => {
  handle = await createTestDb();
  peer = await startTestOidcPeer(['google']);
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

describe('GET /v3/auth/providers/', () => {
  it('names the Google client and the Identity Services script', async () => {
    const response = await browser().get('/v3/auth/providers/');
    expect(response.statusCode).toBe(200);
    const data = body<AuthProvidersAnswer>(response).resource_response.data;
    expect(data.google).toEqual({
      client_id: DEV_GOOGLE.clientId,
      gsi_client_url: `${peer.issuers['google']?.issuer}/gsi/client`,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("allows the script's directory in the Content-Security-Policy", async () => {
    const response = await browser().get('/v3/auth/providers/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${peer.issuers['google']?.issuer}/gsi/`);
    // The chooser pop-up answers this page with postMessage: the opener must stay reachable.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('Google sign-up and log-in', () => {
  it('answers SOCIAL_ACCOUNT_NOT_FOUND with the profile, then signs up with the birthday, then logs in', async () => {
    const b = browser();
    const token = await credential(b, ADA!.sub);
    const missing = await googleLogin(b, token);
    expect(errorCode(missing)).toBe(ERROR_CODES.SOCIAL_ACCOUNT_NOT_FOUND.code);
    expect(errorData(missing)).toMatchObject({
      provider: 'google',
      email_taken: false,
      profile: { email: ADA!.email, first_name: 'Ada', last_name: 'Lovelace' },
    });

    // The same token signs up: a login that found no account did not use it.
    const signup = await googleSignup(b, token);
    expect(signup.statusCode).toBe(200);
    const user = body<AuthSuccess>(signup).resource_response.data.user;
    expect(user.email).toBe(ADA!.email);
    expect(user.first_name).toBe('Ada');
    const account = await handle.db
      .selectFrom('auth_accounts')
      .select(['provider_id', 'account_id', 'password'])
      .where('user_id', '=', user.id)
      .execute();
    expect(account).toEqual([{ provider_id: 'google', account_id: ADA!.sub, password: null }]);
    const row = await handle.db
      .selectFrom('users')
      .select(['email_verified', 'birthday'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(true);

    // Signed in: the session answers the person.
    const me = await b.get('/v3/users/me/');
    expect(me.statusCode).toBe(200);

    await b.post('/v3/logout/');
    const again = browser();
    const login = await googleLogin(again, await credential(again, ADA!.sub));
    expect(login.statusCode).toBe(200);
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(user.id);
  });

  it('refuses a second signup for the same Google account, and one for a taken e-mail', async () => {
    const b = browser();
    const signup = await googleSignup(b, await credential(b, GRACE!.sub));
    expect(signup.statusCode).toBe(200);
    const twice = browser();
    const again = await googleSignup(twice, await credential(twice, GRACE!.sub));
    expect(errorCode(again)).toBe(ERROR_CODES.AUTH_EMAIL_TAKEN.code);

    // Alan's address already has an e-mail account: Google does not take it over.
    const owner = browser();
    expect((await owner.post('/v3/register/', signupBody({ email: ALAN!.email }))).statusCode).toBe(
      200,
    );
    const alan = browser();
    const taken = await googleSignup(alan, await credential(alan, ALAN!.sub));
    expect(errorCode(taken)).toBe(ERROR_CODES.AUTH_EMAIL_TAKEN.code);
    const hint = browser();
    const notFound = await googleLogin(hint, await credential(hint, ALAN!.sub));
    expect(errorData(notFound)).toMatchObject({ email_taken: true });
  });

  it("tells a Google-only account's e-mail login to use Google", async () => {
    const response = await browser().post('/v3/login/', {
      username_or_email: ADA!.email,
      password: GOOD_PASSWORD,
    });
    expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_GOOGLE_ONLY_ACCOUNT.code);
    expect(body(response).resource_response.error?.message).toBe(
      'Your account is already linked to Google. To log in with email, set a password.',
    );
  });

  it('requires the birthday to sign up', async () => {
    const b = browser();
    const response = await b.post('/v3/register/', {
      type: 'google',
      google_open_id_token: await credential(b, ADA!.sub),
    });
    expect(errorCode(response)).toBe(ERROR_CODES.AUTH_BIRTHDAY_MISSING.code);
  });
});

describe('ID token verification', () => {
  const reason = (response: Awaited<ReturnType<typeof googleLogin>>) =>
    errorData(response)['reason'];

  it('refuses a token whose signature does not verify', async () => {
    const b = browser();
    const token = await credential(b, ADA!.sub);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const response = await googleLogin(b, forged);
    expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_TOKEN_INVALID.code);
    expect(reason(response)).toBe('signature');
  });

  it('refuses another audience', async () => {
    const b = browser();
    const response = await googleLogin(
      b,
      await credential(b, ADA!.sub, { claims: { aud: 'someone-else' } }),
    );
    expect(reason(response)).toBe('audience');
  });

  it('refuses an unknown issuer', async () => {
    const b = browser();
    const response = await googleLogin(
      b,
      await credential(b, ADA!.sub, { claims: { iss: 'https://issuer.invalid' } }),
    );
    expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_TOKEN_INVALID.code);
    expect(reason(response)).toBe('issuer');
  });

  it('refuses an expired token', async () => {
    const b = browser();
    const hourAgo = Math.floor(Date.now() / 1000) - 3 * 3600;
    const response = await googleLogin(
      b,
      await credential(b, ADA!.sub, { issuedAt: hourAgo, ttl: 3600 }),
    );
    expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_TOKEN_EXPIRED.code);
  });

  it("refuses a token without this browser's nonce (another browser's, or none)", async () => {
    const mine = browser();
    const theirs = browser();
    const stolen = await credential(theirs, ADA!.sub);
    await nonce(mine);
    const response = await googleLogin(mine, stolen);
    expect(reason(response)).toBe('nonce');
    const noCookie = browser();
    expect(reason(await googleLogin(noCookie, stolen))).toBe('nonce');
  });

  it('refuses a replayed token, and another token with a used nonce', async () => {
    const b = browser();
    const used = await nonce(b);
    const token = await credential(b, ADA!.sub, { nonce: used });
    expect((await googleLogin(b, token)).statusCode).toBe(200);
    const replay = await googleLogin(b, token);
    expect(errorCode(replay)).toBe(ERROR_CODES.SOCIAL_TOKEN_REPLAYED.code);
    const sameNonce = await credential(b, ADA!.sub, { nonce: used });
    expect(errorCode(await googleLogin(b, sameNonce))).toBe(ERROR_CODES.SOCIAL_TOKEN_REPLAYED.code);
  });

  it('refuses a malformed token with 401, not 500', async () => {
    const b = browser();
    await nonce(b);
    const response = await googleLogin(b, 'not.a.jwt');
    expect(response.statusCode).toBe(401);
    expect(reason(response)).toBe('malformed');
  });
});

describe("'Connect with Google' pop-up (ADR 136)", () => {
  /** The ID token the callback page posts to its opener, or null. */
  function postedCredential(html: string): string | null {
    return /"credential":"([^"]+)"/.exec(html)?.[1] ?? null;
  }

  it('authorize → Google → callback hands over an ID token that logs in once', async () => {
    const b = browser();
    // Ada has an account from the sign-up test above.
    const redirect = await b.get('/v3/google/authorize/');
    expect(redirect.statusCode).toBe(302);
    const authorize = String(redirect.headers.location);
    expect(authorize).toContain('code_challenge_method=S256');
    expect(authorize).toContain('prompt=select_account');
    const back = await authorizeWithChoice(
      authorize,
      { account: ADA!.sub },
      (url) => url.origin === TEST_ORIGIN,
    );
    expect(back.pathname).toBe('/api/auth/callback/google');
    const page = await b.get(back.pathname + back.search);
    expect(page.statusCode).toBe(200);
    const token = postedCredential(page.body);
    expect(token).not.toBeNull();
    const login = await googleLogin(b, token ?? '');
    expect(login.statusCode).toBe(200);
    expect(body<AuthSuccess>(login).resource_response.data.user.email).toBe(ADA!.email);
    expect(errorCode(await googleLogin(browser(), token ?? ''))).toBe(
      ERROR_CODES.SOCIAL_TOKEN_INVALID.code,
    );
  });

  it("a callback whose state is not this browser's hands over nothing", async () => {
    const b = browser();
    await b.get('/v3/google/authorize/');
    const page = await b.get('/api/auth/callback/google?code=abc&state=forged');
    expect(page.statusCode).toBe(200);
    expect(postedCredential(page.body)).toBeNull();
    expect(page.body).toContain('"error":"state"');
    const denied = await b.get('/api/auth/callback/google?error=access_denied&state=x');
    expect(denied.body).toContain('"error":"denied"');
  });
});

describe('without Google configured', () => {
  it('answers SOCIAL_PROVIDER_UNAVAILABLE', async () => {
    const bare = await buildTestApp(handle.db, { viewer: 'session' });
    try {
      const b = new TestBrowser(bare.app, '198.51.100.250');
      const providersAnswer = await b.get('/v3/auth/providers/');
      expect(body<AuthProvidersAnswer>(providersAnswer).resource_response.data.google).toBeNull();
      const nonceAnswer = await b.post('/v3/auth/nonce/', { provider: 'google' });
      expect(errorCode(nonceAnswer)).toBe(ERROR_CODES.SOCIAL_PROVIDER_UNAVAILABLE.code);
      const login = await b.post('/v3/login/', { google_open_id_token: 'a.b.c' });
      expect(errorCode(login)).toBe(ERROR_CODES.SOCIAL_PROVIDER_UNAVAILABLE.code);
    } finally {
      await bare.close();
    }
  });
});

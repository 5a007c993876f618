// Facebook log-in and sign-up against the Graph API peer (docs/decisions/135): the token is
// checked with debug_token and /me — an unparsable token, another app's token, an expired and a
// revoked token are refused; profile_data answers the verified profile (silhouette skipped,
// full-name split, whole birthdays only, no e-mail without the permission); login → not found →
// signup → login; the connected-account error; an unconfigured Facebook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { DEV_FACEBOOK } from '@corkboard/dev-peers/credentials';
import type { FacebookPeer } from '@corkboard/dev-peers/facebook';
import { FACEBOOK_TEST_USERS } from '@corkboard/dev-peers/test-accounts';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type { AuthProvidersAnswer, FacebookProfileData } from '@corkboard/shared/auth/social-api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { startTestFacebookPeer, TEST_ORIGIN, testProviders } from '../../test/social-peers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ADULT_BIRTHDAY,
  body,
  errorCode,
  errorData,
  signupBody,
  TestBrowser,
} from '../../test/test-browser.ts';
import { facebookBirthday, facebookNames } from './facebook.ts';

const [MAYA, LIAM, NOOR, JUN, , ANA] = FACEBOOK_TEST_USERS;
const OTHER_APP = {
  appId: '100000000000999',
  appSecret: 'other-secret',
  name: 'Other app',
  redirectUris: [`${TEST_ORIGIN}/other/`],
};
const FULL_SCOPES = ['email', 'user_birthday', 'user_gender', 'user_friends'];

let handle: DbHandle;
let peer: FacebookPeer;
let test: TestApp;
let ip = 0;

function browser(): TestBrowser {
  ip += 1;
  return new TestBrowser(test.app, `198.51.100.${ip}`);
}

function token(userId: string, scopes = FULL_SCOPES, appId: string = DEV_FACEBOOK.appId): string {
  return peer.issueToken({ appId, userId, scopes });
}

function facebookLogin(b: TestBrowser, userId: string, accessToken: string) {
  return b.post('/v3/login/', { facebook_id: userId, facebook_token: accessToken });
}

function facebookSignup(b: TestBrowser, accessToken: string, extra: Record<string, unknown> = {}) {
  return b.post('/v3/register/', {
    type: 'facebook',
    facebook_token: accessToken,
    birthday: ADULT_BIRTHDAY,
    ...extra,
  });
}

function profileData(b: TestBrowser, accessToken: string, extra: Record<string, unknown> = {}) {
  return b.post('/v3/facebook/profile_data/', { access_token: accessToken, ...extra });
}

beforeAll(async () => {
  handle = await createTestDb();
  peer = await startTestFacebookPeer([OTHER_APP]);
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { providers: testProviders({ facebook: peer }) },
  });
});

afterAll(async () => {
  await test.close();
  await peer.stop();
  await handle.close();
});

describe('GET /v3/auth/providers/', () => {
  it('names the Facebook app, the SDK host, the dialog host and the Graph version', async () => {
    const response = await browser().get('/v3/auth/providers/');
    expect(body<AuthProvidersAnswer>(response).resource_response.data.facebook).toEqual({
      app_id: DEV_FACEBOOK.appId,
      sdk_base_url: peer.url,
      dialog_url: peer.url,
      graph_version: 'v2.7',
    });
  });

  it("allows the SDK's host for scripts and the dialog's for frames in the CSP", async () => {
    const response = await browser().get('/v3/auth/providers/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${peer.url}`);
    expect(csp).toContain(`frame-src ${peer.url}`);
  });
});

describe('token verification', () => {
  it('refuses a token Facebook does not know', async () => {
    const b = browser();
    const response = await facebookLogin(b, MAYA!.id, 'EAAgarbage');
    expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_TOKEN_INVALID.code);
    expect(errorData(response)).toMatchObject({ provider: 'facebook', reason: 'token' });
    expect(errorCode(await profileData(b, 'EAAgarbage'))).toBe(
      ERROR_CODES.SOCIAL_TOKEN_INVALID.code,
    );
  });

  it("refuses another app's token for the same person", async () => {
    const response = await facebookLogin(
      browser(),
      MAYA!.id,
      token(MAYA!.id, FULL_SCOPES, OTHER_APP.appId),
    );
    expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_TOKEN_INVALID.code);
    expect(errorData(response)).toMatchObject({ reason: 'audience' });
  });

  it('refuses an expired token and a revoked one', async () => {
    const old = token(MAYA!.id);
    peer.expireToken(old);
    expect(errorCode(await facebookLogin(browser(), MAYA!.id, old))).toBe(
      ERROR_CODES.SOCIAL_TOKEN_EXPIRED.code,
    );
    const revoked = token(MAYA!.id);
    peer.revokeToken(revoked, 'deauthorized');
    expect(errorCode(await facebookSignup(browser(), revoked))).toBe(
      ERROR_CODES.SOCIAL_TOKEN_INVALID.code,
    );
  });

  it("refuses a token that is someone else's than the facebook_id sent", async () => {
    const response = await facebookLogin(browser(), LIAM!.id, token(MAYA!.id));
    expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_TOKEN_INVALID.code);
    expect(errorData(response)).toMatchObject({ reason: 'subject' });
  });

  it('refuses a malformed facebook_id before asking Facebook', async () => {
    const response = await facebookLogin(browser(), 'not-a-number', token(MAYA!.id));
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /v3/facebook/profile_data/', () => {
  it('answers the verified profile with a whole-date birthday', async () => {
    const response = await profileData(browser(), token(MAYA!.id), {
      pii_safe_birthday: true,
      fields: 'picture,id,first_name,last_name,email,gender',
    });
    expect(response.statusCode).toBe(200);
    const data = body<FacebookProfileData>(response).resource_response.data;
    expect(data).toMatchObject({
      id: MAYA!.id,
      first_name: 'Maya',
      last_name: 'Okafor',
      email: MAYA!.email,
      gender: 'female',
      birthday: Date.UTC(1990, 3, 12) / 1000,
    });
    expect(data.picture).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('skips the silhouette picture, splits the full name, and has no e-mail without the scope', async () => {
    const noor = body<FacebookProfileData>(await profileData(browser(), token(NOOR!.id)));
    expect(noor.resource_response.data.picture).toBeNull();
    const ana = body<FacebookProfileData>(await profileData(browser(), token(ANA!.id)));
    expect(ana.resource_response.data).toMatchObject({
      first_name: 'Ana',
      last_name: 'María de la Cruz',
    });
    const declined = await profileData(browser(), token(MAYA!.id, ['user_birthday']));
    expect(body<FacebookProfileData>(declined).resource_response.data.email).toBeNull();
    const jun = body<FacebookProfileData>(await profileData(browser(), token(JUN!.id)));
    expect(jun.resource_response.data.birthday).toBeNull();
  });

  it('refuses unknown field names', async () => {
    const response = await profileData(browser(), token(MAYA!.id), { fields: 'id,password' });
    expect(response.statusCode).toBe(400);
  });
});

describe('Facebook sign-up and log-in', () => {
  it('answers SOCIAL_ACCOUNT_NOT_FOUND, signs up with the token, then logs in', async () => {
    const b = browser();
    const accessToken = token(MAYA!.id);
    const missing = await facebookLogin(b, MAYA!.id, accessToken);
    expect(errorCode(missing)).toBe(ERROR_CODES.SOCIAL_ACCOUNT_NOT_FOUND.code);
    expect(errorData(missing)).toMatchObject({
      provider: 'facebook',
      email_taken: false,
      profile: { email: MAYA!.email, first_name: 'Maya', last_name: 'Okafor' },
    });

    const signup = await facebookSignup(b, accessToken, { facebook_id: MAYA!.id });
    expect(signup.statusCode).toBe(200);
    const user = body<AuthSuccess>(signup).resource_response.data.user;
    expect(user.email).toBe(MAYA!.email);
    const accounts = await handle.db
      .selectFrom('auth_accounts')
      .select(['provider_id', 'account_id', 'password'])
      .where('user_id', '=', user.id)
      .execute();
    expect(accounts).toEqual([{ provider_id: 'facebook', account_id: MAYA!.id, password: null }]);

    // The same Facebook account cannot sign up twice (auth.md §8).
    const twice = await facebookSignup(browser(), token(MAYA!.id));
    expect(errorCode(twice)).toBe(ERROR_CODES.SOCIAL_FACEBOOK_CONNECTED.code);

    const again = browser();
    const login = await facebookLogin(again, MAYA!.id, token(MAYA!.id));
    expect(login.statusCode).toBe(200);
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(user.id);
    expect((await again.get('/v3/users/me/')).statusCode).toBe(200);
  });

  it('needs an e-mail when Facebook gave none, and takes the collected one', async () => {
    const accessToken = token(LIAM!.id);
    const without = await facebookSignup(browser(), accessToken);
    expect(errorCode(without)).toBe(ERROR_CODES.SOCIAL_EMAIL_REQUIRED.code);
    const withEmail = await facebookSignup(browser(), accessToken, {
      email: 'liam.novak@example.org',
    });
    expect(withEmail.statusCode).toBe(200);
    const user = body<AuthSuccess>(withEmail).resource_response.data.user;
    expect(user.email).toBe('liam.novak@example.org');
  });

  it('says when the e-mail already has an account Facebook is not connected to', async () => {
    const owner = browser();
    expect((await owner.post('/v3/register/', signupBody({ email: JUN!.email }))).statusCode).toBe(
      200,
    );
    const missing = await facebookLogin(browser(), JUN!.id, token(JUN!.id));
    expect(errorData(missing)).toMatchObject({ provider: 'facebook', email_taken: true });
    expect(errorCode(await facebookSignup(browser(), token(JUN!.id)))).toBe(
      ERROR_CODES.AUTH_EMAIL_TAKEN.code,
    );
  });
});

describe('without a Facebook app', () => {
  it('answers SOCIAL_PROVIDER_UNAVAILABLE', async () => {
    const bare = await buildTestApp(handle.db, { viewer: 'session' });
    try {
      const b = new TestBrowser(bare.app, '198.51.100.250');
      const response = await b.post('/v3/facebook/profile_data/', { access_token: 'EAAx' });
      expect(errorCode(response)).toBe(ERROR_CODES.SOCIAL_PROVIDER_UNAVAILABLE.code);
    } finally {
      await bare.close();
    }
  });
});

describe('profile rules', () => {
  it('keeps only whole birth dates and splits full names at the first word', () => {
    expect(facebookBirthday('04/12/1990')).toBe(Date.UTC(1990, 3, 12) / 1000);
    expect(facebookBirthday('07/22')).toBeNull();
    expect(facebookBirthday('1990')).toBeNull();
    expect(facebookBirthday('02/30/1990')).toBeNull();
    expect(facebookNames({ name: 'Ana María de la Cruz' })).toEqual({
      firstName: 'Ana',
      lastName: 'María de la Cruz',
    });
    expect(facebookNames({ first_name: 'Jun', last_name: 'Park' })).toEqual({
      firstName: 'Jun',
      lastName: 'Park',
    });
  });
});

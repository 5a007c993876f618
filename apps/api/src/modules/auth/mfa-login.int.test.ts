// The loginMfa step after every first factor (docs/decisions/189): an account with an SMS second
// factor logs in with its password, Google, Facebook, LINE or SSO (the real peers: the OpenID
// Connect peer for Google, LINE and the enterprise IdP, the Graph API stand-in, the Twilio
// stand-in), gets AUTH_MFA_REQUIRED with the phone's last digits, and finishes with
// POST /v3/login/mfa/ — the code read from the SMS peer, never the first factor again. Also:
// 'resend the code', no pending log-in, a malformed code, the spent first factor, the pending
// log-in bound to its first factor, and factors removed while the step is open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { DEV_FACEBOOK, DEV_GOOGLE } from '@corkboard/dev-peers/credentials';
import type { FacebookPeer } from '@corkboard/dev-peers/facebook';
import { authorizeWithChoice } from '@corkboard/dev-peers/login-driver';
import type { OidcPeer } from '@corkboard/dev-peers/oidc';
import type { SmsPeer } from '@corkboard/dev-peers/sms';
import {
  ENTERPRISE_TEST_ACCOUNTS,
  FACEBOOK_TEST_USERS,
  GOOGLE_TEST_ACCOUNTS,
  LINE_TEST_ACCOUNTS,
} from '@corkboard/dev-peers/test-accounts';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type {
  SocialNonceAnswer,
  SsoInfoAnswer,
  SsoTokensAnswer,
} from '@corkboard/shared/auth/social-api';
import { VERIFICATION_CODE_COPY } from '@corkboard/shared/auth/verification-code';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import {
  startTestFacebookPeer,
  startTestOidcPeer,
  startTestSmsPeer,
  TEST_ORIGIN,
  testProviders,
} from '../../test/social-peers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ADULT_BIRTHDAY,
  body,
  errorCode,
  errorData,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';
import { MFA_CHALLENGE_COOKIE, MFA_RESEND_INTERVAL_MS } from '../account-security/mfa.service.ts';

const CODES = ERROR_CODES;
const SESSION_COOKIE = 'corkboard.session_token';
const SECURITY = '/v3/users/me/security';
const MFA_STEP = '/v3/login/mfa/';
const [ADA] = GOOGLE_TEST_ACCOUNTS;
const [HANAKO] = LINE_TEST_ACCOUNTS;
const [ALEX, SAM] = ENTERPRISE_TEST_ACCOUNTS;
const [MAYA] = FACEBOOK_TEST_USERS;
const FULL_SCOPES = ['email', 'user_birthday', 'user_gender', 'user_friends'];

let handle: DbHandle;
let oidc: OidcPeer;
let facebook: FacebookPeer;
let sms: SmsPeer;
let test: TestApp;
let ip = 0;
let phoneCounter = 0;

function browser(): TestBrowser {
  ip += 1;
  return new TestBrowser(test.app, `198.51.100.${ip}`);
}

/** A phone number of its own per person, so each test reads only its own texts. */
function newPhone(): string {
  phoneCounter += 1;
  return `+1555555${String(1000 + phoneCounter)}`;
}

function codeIn(text: string): string {
  const code = /(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in "${text}"`);
  return code;
}

/** The newest text to `phone` (sent by the request just answered). */
async function lastCode(phone: string): Promise<string> {
  const before = sms.messages({ to: phone }).length;
  if (before === 0) return codeIn((await sms.waitForMessage({ to: phone })).body);
  return codeIn(sms.messages({ to: phone })[before - 1]?.body ?? '');
}

/** Turns on SMS codes for the signed-in browser `b` (re-authenticated by `reauth` first). */
async function enrolSms(b: TestBrowser, reauth: Record<string, string> | null): Promise<string> {
  if (reauth) expect((await b.post(`${SECURITY}/reauth/`, reauth)).statusCode).toBe(200);
  const phone = newPhone();
  const started = await b.post(`${SECURITY}/sms/`, { phone_number: phone });
  expect(started.statusCode).toBe(200);
  const code = codeIn((await sms.waitForMessage({ to: phone })).body);
  expect((await b.post(`${SECURITY}/sms/verify/`, { code })).statusCode).toBe(200);
  return phone;
}

/** The first step answered AUTH_MFA_REQUIRED with the phone's last digits, and no session. */
function expectMfaRequired(
  b: TestBrowser,
  response: Awaited<ReturnType<TestBrowser['post']>>,
  phone: string,
): void {
  expect(response.statusCode).toBe(401);
  expect(errorCode(response)).toBe(CODES.AUTH_MFA_REQUIRED.code);
  expect(errorData(response)).toMatchObject({
    phone_number_end: phone.slice(-4),
    code_sent: true,
    factors: ['sms', 'backup_code'],
  });
  expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(true);
  expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
}

/** The loginMfa step with the texted code: signed in as `userId`, the pending log-in gone. */
async function finishWithCode(b: TestBrowser, phone: string, userId: string): Promise<void> {
  const done = await b.post(MFA_STEP, { mfa_token: await lastCode(phone) });
  expect(done.statusCode).toBe(200);
  expect(body<AuthSuccess>(done).resource_response.data.user.id).toBe(userId);
  expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
  expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(false);
  const me = await b.get('/v3/users/me/');
  expect(body<{ id: string }>(me).resource_response.data.id).toBe(userId);
}

// ---- the first factors -------------------------------------------------------------------------

async function googleToken(b: TestBrowser, sub: string): Promise<string> {
  const answer = await b.post('/v3/auth/nonce/', { provider: 'google' });
  const nonce = body<SocialNonceAnswer>(answer).resource_response.data.nonce;
  return oidc.mintIdToken('google', { clientId: DEV_GOOGLE.clientId, sub, nonce });
}

async function lineToken(b: TestBrowser, sub: string): Promise<string> {
  const redirect = await b.get('/v3/line/authorize/');
  const back = await authorizeWithChoice(
    String(redirect.headers.location),
    { account: sub },
    (url) => url.origin === TEST_ORIGIN,
  );
  const page = await b.get(back.pathname + back.search);
  const token = /"credential":"([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error(`no LINE token posted: ${page.body}`);
  return token;
}

/** The SSO pop-up for `email`: our authorize URL, the IdP's chooser, our callback's code. */
async function ssoCode(b: TestBrowser, email: string, sub: string) {
  const info = await b.post('/v3/sso/info/', { email });
  const start = body<SsoInfoAnswer>(info).resource_response.data.authorization_uri;
  if (!start) throw new Error('no authorization_uri');
  const redirect = await b.get(new URL(start).pathname + new URL(start).search);
  const back = await authorizeWithChoice(
    String(redirect.headers.location),
    { account: sub },
    (url) => url.origin === TEST_ORIGIN,
  );
  await b.get(back.pathname + back.search);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

function signedUpId(response: Awaited<ReturnType<TestBrowser['post']>>): string {
  expect(response.statusCode).toBe(200);
  return body<AuthSuccess>(response).resource_response.data.user.id;
}

beforeAll(async () => {
  handle = await createTestDb();
  oidc = await startTestOidcPeer(['google', 'line', 'enterprise']);
  facebook = await startTestFacebookPeer();
  sms = await startTestSmsPeer();
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { providers: testProviders({ oidc, facebook, sms }) },
  });
});

afterAll(async () => {
  await test.close();
  await sms.stop();
  await facebook.stop();
  await oidc.stop();
  await handle.close();
});

describe('POST /v3/login/mfa/ after each first factor', () => {
  it('e-mail and password: the code alone finishes the log-in', async () => {
    const signup = browser();
    const email = uniqueEmail('mfa-step');
    const userId = signedUpId(await signup.post('/v3/register/', signupBody({ email })));
    const phone = await enrolSms(signup, { password: GOOD_PASSWORD });

    const b = browser();
    const first = await b.post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD });
    expectMfaRequired(b, first, phone);
    await finishWithCode(b, phone, userId);
  });

  it('Google: the ID token is spent at the first step, the code finishes it', async () => {
    const signup = browser();
    const userId = signedUpId(
      await signup.post('/v3/register/', {
        type: 'google',
        google_open_id_token: await googleToken(signup, ADA!.sub),
        birthday: ADULT_BIRTHDAY,
      }),
    );
    // No password: the fresh log-in is the re-authentication (ADR 150, 189).
    const phone = await enrolSms(signup, null);

    const b = browser();
    const token = await googleToken(b, ADA!.sub);
    expectMfaRequired(b, await b.post('/v3/login/', { google_open_id_token: token }), phone);
    // The token opened the pending log-in; presented again it is a replay.
    const again = await b.post('/v3/login/', { google_open_id_token: token });
    expect(errorCode(again)).toBe(CODES.SOCIAL_TOKEN_REPLAYED.code);
    await finishWithCode(b, phone, userId);
  });

  it('Facebook: the code finishes the log-in', async () => {
    const signup = browser();
    const userId = signedUpId(
      await signup.post('/v3/register/', {
        type: 'facebook',
        facebook_token: facebook.issueToken({
          appId: DEV_FACEBOOK.appId,
          userId: MAYA!.id,
          scopes: FULL_SCOPES,
        }),
        birthday: ADULT_BIRTHDAY,
      }),
    );
    const phone = await enrolSms(signup, null);

    const b = browser();
    const first = await b.post('/v3/login/', {
      facebook_id: MAYA!.id,
      facebook_token: facebook.issueToken({
        appId: DEV_FACEBOOK.appId,
        userId: MAYA!.id,
        scopes: FULL_SCOPES,
      }),
    });
    expectMfaRequired(b, first, phone);
    await finishWithCode(b, phone, userId);
  });

  it('LINE: the code finishes the log-in', async () => {
    const signup = browser();
    const userId = signedUpId(
      await signup.post('/v3/register/', {
        type: 'line',
        line_id_token: await lineToken(signup, HANAKO!.sub),
        birthday: ADULT_BIRTHDAY,
      }),
    );
    const phone = await enrolSms(signup, null);

    const b = browser();
    const token = await lineToken(b, HANAKO!.sub);
    expectMfaRequired(b, await b.post('/v3/login/', { line_id_token: token }), phone);
    await finishWithCode(b, phone, userId);
  });

  it('SSO: the authorization code is traded once, and the step never needs it again', async () => {
    const signup = browser();
    const popup = await ssoCode(signup, ALEX!.email!, ALEX!.sub);
    const exchange = await signup.post('/v3/sso/token/', popup);
    const tokens = body<SsoTokensAnswer>(exchange).resource_response.data;
    const userId = signedUpId(
      await signup.post('/v3/register/', {
        type: 'sso',
        sso_id_token: tokens.sso_id_token,
        birthday: ADULT_BIRTHDAY,
      }),
    );
    const phone = await enrolSms(signup, null);

    const b = browser();
    const { code } = await ssoCode(b, ALEX!.email!, ALEX!.sub);
    const credential = { sso_user_email: ALEX!.email, sso_auth_code: code };
    expectMfaRequired(b, await b.post('/v3/login/', credential), phone);
    // What the web used to do — send the first factor again with the code — cannot work for
    // SSO: the IdP trades a code once.
    const resent = await b.post('/v3/login/', { ...credential, mfa_token: await lastCode(phone) });
    expect(errorCode(resent)).toBe(CODES.SSO_NO_TOKENS.code);
    await finishWithCode(b, phone, userId);
  });
});

describe('POST /v3/login/mfa/', () => {
  async function pendingPerson() {
    const signup = browser();
    const email = uniqueEmail('mfa-step');
    const userId = signedUpId(await signup.post('/v3/register/', signupBody({ email })));
    const phone = await enrolSms(signup, { password: GOOD_PASSWORD });
    const b = browser();
    const first = await b.post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD });
    expectMfaRequired(b, first, phone);
    return { userId, email, phone, b, signup };
  }

  it("'resend the code' texts a new code (not within a minute); the new one finishes", async () => {
    const { userId, phone, b } = await pendingPerson();
    const tooSoon = await b.post(MFA_STEP, { mfa_resend: true });
    expect(tooSoon.statusCode).toBe(429);
    expect(errorCode(tooSoon)).toBe(CODES.AUTH_MFA_RESEND_LIMITED.code);

    test.clock.advance(MFA_RESEND_INTERVAL_MS);
    const sent = sms.messages({ to: phone }).length;
    const resent = await b.post(MFA_STEP, { mfa_resend: true });
    expect(errorCode(resent)).toBe(CODES.AUTH_MFA_REQUIRED.code);
    expect(errorData(resent)).toMatchObject({ code_sent: true, phone_number_end: phone.slice(-4) });
    expect(sms.messages({ to: phone })).toHaveLength(sent + 1);
    await finishWithCode(b, phone, userId);
  });

  it('a wrong code counts down; without a pending log-in the step is expired', async () => {
    const { phone, b } = await pendingPerson();
    const right = await lastCode(phone);
    const wrong = await b.post(MFA_STEP, { mfa_token: right === '000000' ? '111111' : '000000' });
    expect(errorCode(wrong)).toBe(CODES.AUTH_MFA_CODE_INVALID.code);
    expect(errorData(wrong)).toMatchObject({ field: 'code', attempts_left: 4 });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);

    const stranger = browser();
    const none = await stranger.post(MFA_STEP, { mfa_token: right });
    expect(none.statusCode).toBe(400);
    expect(errorCode(none)).toBe(CODES.AUTH_MFA_CHALLENGE_EXPIRED.code);
    expect(stranger.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(errorCode(await stranger.post(MFA_STEP, { mfa_resend: true }))).toBe(
      CODES.AUTH_MFA_CHALLENGE_EXPIRED.code,
    );
  });

  it('answers a malformed code with the view’s message and an empty step with VALIDATION_FAILED', async () => {
    const { b } = await pendingPerson();
    const malformed = await b.post(MFA_STEP, { mfa_token: '12' });
    expect(malformed.statusCode).toBe(400);
    expect(errorCode(malformed)).toBe(CODES.AUTH_MFA_CODE_INVALID.code);
    expect(body(malformed).resource_response.error?.message_detail).toBe(
      VERIFICATION_CODE_COPY.invalid,
    );
    expect(errorCode(await b.post(MFA_STEP, {}))).toBe(CODES.VALIDATION_FAILED.code);
    expect(errorCode(await b.post(MFA_STEP, { mfa_resend: false }))).toBe(
      CODES.VALIDATION_FAILED.code,
    );
  });

  it('never becomes a session without a second factor, even when the factors went meanwhile', async () => {
    const { phone, b, signup } = await pendingPerson();
    const code = await lastCode(phone);
    expect((await signup.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await signup.delete(`${SECURITY}/factors/sms/`)).statusCode).toBe(200);
    const after = await b.post(MFA_STEP, { mfa_token: code });
    expect(errorCode(after)).toBe(CODES.AUTH_MFA_CHALLENGE_EXPIRED.code);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(false);
  });
});

describe('the pending log-in is bound to its first factor', () => {
  it('a code from an SSO log-in does not finish a password log-in', async () => {
    // Sam has a password, and SSO for the domain connects to the account by e-mail.
    const signup = browser();
    const userId = signedUpId(
      await signup.post('/v3/register/', signupBody({ email: SAM!.email })),
    );
    const phone = await enrolSms(signup, { password: GOOD_PASSWORD });

    const b = browser();
    const { code } = await ssoCode(b, SAM!.email!, SAM!.sub);
    expectMfaRequired(
      b,
      await b.post('/v3/login/', { sso_user_email: SAM!.email, sso_auth_code: code }),
      phone,
    );
    const crossed = await b.post('/v3/login/', {
      username_or_email: SAM!.email,
      password: GOOD_PASSWORD,
      mfa_token: await lastCode(phone),
    });
    expect(errorCode(crossed)).toBe(CODES.AUTH_MFA_CHALLENGE_EXPIRED.code);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);

    // A pending log-in of its own (the password's) finishes with its own code.
    test.clock.advance(MFA_RESEND_INTERVAL_MS);
    const own = browser();
    const first = await own.post('/v3/login/', {
      username_or_email: SAM!.email,
      password: GOOD_PASSWORD,
    });
    expectMfaRequired(own, first, phone);
    await finishWithCode(own, phone, userId);
  });
});

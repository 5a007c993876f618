// Two-factor sign-in end to end through the API (docs/decisions/041): re-authentication,
// authenticator-app enrolment (QR, confirm, backup codes once), SMS enrolment through the
// Twilio stand-in, the log-in's second step (AUTH_MFA_REQUIRED with phone_number_end,
// mfa_token, mfa_resend), the code limits, removal, and viewerMeetsMfaRequirement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { SmsPeer } from '@corkboard/dev-peers/sms';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { startTestSmsPeer, testProviders } from '../../test/social-peers.ts';
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
import {
  MFA_CHALLENGE_COOKIE,
  MFA_MAX_ATTEMPTS,
  MFA_MAX_WRONG_CODES_PER_HOUR,
  MFA_RESEND_INTERVAL_MS,
  viewerMeetsMfaRequirement,
} from './mfa.service.ts';
import { REAUTH_WINDOW_MS } from './security.service.ts';
import { totpCodeAt, TOTP_PERIOD_SECONDS } from './totp.ts';

const CODES = ERROR_CODES;
const SESSION_COOKIE = 'corkboard.session_token';
const SECURITY = '/v3/users/me/security';
const PHONE = '+15555550123';

let handle: DbHandle;
let test: TestApp;
let sms: SmsPeer;
let ipCounter = 0;

function browser(): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(test.app, `198.51.100.${ipCounter}`);
}

interface Person {
  id: string;
  email: string;
  /** Signed in (the browser that signed up). */
  b: TestBrowser;
}

async function person(): Promise<Person> {
  const b = browser();
  const email = uniqueEmail('mfa');
  const response = await b.post('/v3/register/', signupBody({ email }));
  expect(response.statusCode).toBe(200);
  return { id: body<AuthSuccess>(response).resource_response.data.user.id, email, b };
}

function login(b: TestBrowser, email: string, extra: Record<string, unknown> = {}) {
  return b.post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD, ...extra });
}

/** The next TOTP step's code: a step already used is never accepted twice. */
function nextStepCode(secret: string): string {
  test.clock.advance(TOTP_PERIOD_SECONDS * 1000);
  return totpCodeAt(secret, test.clock.now());
}

async function enrolTotp(p: Person): Promise<{ secret: string; backupCodes: string[] }> {
  expect((await p.b.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD })).statusCode).toBe(200);
  const started = await p.b.post(`${SECURITY}/totp/`);
  expect(started.statusCode).toBe(200);
  const { secret } = body<{ secret: string }>(started).resource_response.data;
  const confirmed = await p.b.post(`${SECURITY}/totp/verify/`, {
    code: totpCodeAt(secret, test.clock.now()),
  });
  expect(confirmed.statusCode).toBe(200);
  const codes = body<{ backup_codes: string[] }>(confirmed).resource_response.data.backup_codes;
  return { secret, backupCodes: codes };
}

beforeAll(async () => {
  handle = await createTestDb();
  sms = await startTestSmsPeer();
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { providers: testProviders({ sms }) },
  });
});

afterAll(async () => {
  await test.close();
  await sms.stop();
  await handle.close();
});

describe('authenticator-app enrolment', () => {
  it('needs a re-authentication; a wrong password is REAUTH_FAILED', async () => {
    const p = await person();
    const early = await p.b.post(`${SECURITY}/totp/`);
    expect(early.statusCode).toBe(403);
    expect(errorCode(early)).toBe(CODES.REAUTH_REQUIRED.code);
    const wrong = await p.b.post(`${SECURITY}/reauth/`, { password: 'not-my-password' });
    expect(errorCode(wrong)).toBe(CODES.REAUTH_FAILED.code);
    const right = await p.b.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(body<{ reauthenticated_until: string }>(right).resource_response.data).toMatchObject({
      totp_enabled: false,
      has_password: true,
    });
    // The re-authentication lasts REAUTH_WINDOW_MS on this session only.
    expect((await p.b.post(`${SECURITY}/totp/`)).statusCode).toBe(200);
    test.clock.advance(REAUTH_WINDOW_MS + 1000);
    expect(errorCode(await p.b.post(`${SECURITY}/totp/`))).toBe(CODES.REAUTH_REQUIRED.code);
  });

  it('answers a secret and an SVG QR code; a right code turns it on with ten backup codes, once', async () => {
    const p = await person();
    await p.b.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD });
    const started = await p.b.post(`${SECURITY}/totp/`);
    const data = body<{ secret: string; otpauth_uri: string; qr_code: string }>(started)
      .resource_response.data;
    expect(data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Corkboard:.+\?.*secret=/);
    expect(data.qr_code.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(data.qr_code.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(started.headers['cache-control']).toBe('no-store');

    const wrong = await p.b.post(`${SECURITY}/totp/verify/`, { code: '000000' });
    expect(errorCode(wrong)).toBe(CODES.AUTH_MFA_CODE_INVALID.code);
    const right = await p.b.post(`${SECURITY}/totp/verify/`, {
      code: totpCodeAt(data.secret, test.clock.now()),
    });
    const codes = body<{ backup_codes: string[] }>(right).resource_response.data.backup_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const state = await p.b.get(`${SECURITY}/`);
    expect(body(state).resource_response.data).toMatchObject({
      totp_enabled: true,
      backup_codes_left: 10,
    });
    // A second app while one is on: remove it first.
    await p.b.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD });
    expect(errorCode(await p.b.post(`${SECURITY}/totp/`))).toBe(CODES.MFA_FACTOR_EXISTS.code);
  });

  it('is for signed-in people only, with the CSRF header', async () => {
    const b = browser();
    expect(errorCode(await b.get(`${SECURITY}/`))).toBe(CODES.UNAUTHORIZED.code);
    const p = await person();
    const noCsrf = await p.b.post(
      `${SECURITY}/reauth/`,
      { password: GOOD_PASSWORD },
      { csrf: false },
    );
    expect(errorCode(noCsrf)).toBe(CODES.CSRF_FAILED.code);
  });
});

describe('log-in with a second factor', () => {
  it('asks for the code, then logs in with the app code, once per step', async () => {
    const p = await person();
    const { secret } = await enrolTotp(p);
    const b = browser();
    const first = await login(b, p.email);
    expect(first.statusCode).toBe(401);
    expect(errorCode(first)).toBe(CODES.AUTH_MFA_REQUIRED.code);
    expect(errorData(first)).toMatchObject({ factors: ['totp', 'backup_code'] });
    expect(errorData(first)).not.toHaveProperty('phone_number_end');
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(true);

    const wrong = await login(b, p.email, { mfa_token: '000000' });
    expect(errorCode(wrong)).toBe(CODES.AUTH_MFA_CODE_INVALID.code);
    expect(errorData(wrong)).toMatchObject({ attempts_left: MFA_MAX_ATTEMPTS - 1 });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);

    const code = nextStepCode(secret);
    const ok = await login(b, p.email, { mfa_token: code });
    expect(ok.statusCode).toBe(200);
    expect(body<AuthSuccess>(ok).resource_response.data.user.id).toBe(p.id);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(false);

    // The same code in another browser's log-in is spent.
    const other = browser();
    await login(other, p.email);
    const replay = await login(other, p.email, { mfa_token: code });
    expect(errorCode(replay)).toBe(CODES.AUTH_MFA_CODE_INVALID.code);
  });

  it('needs the right password first, and a pending log-in for a code', async () => {
    const p = await person();
    const { secret } = await enrolTotp(p);
    const b = browser();
    const noChallenge = await login(b, p.email, { mfa_token: nextStepCode(secret) });
    expect(errorCode(noChallenge)).toBe(CODES.AUTH_MFA_CHALLENGE_EXPIRED.code);
    const wrongPassword = await b.post('/v3/login/', {
      username_or_email: p.email,
      password: 'not-my-password',
      mfa_token: nextStepCode(secret),
    });
    expect(errorCode(wrongPassword)).toBe(CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('takes each backup code once', async () => {
    const p = await person();
    const { backupCodes } = await enrolTotp(p);
    const code = backupCodes[0] ?? '';
    const b = browser();
    await login(b, p.email);
    expect((await login(b, p.email, { mfa_token: code })).statusCode).toBe(200);
    const again = browser();
    await login(again, p.email);
    expect(errorCode(await login(again, p.email, { mfa_token: code }))).toBe(
      CODES.AUTH_MFA_CODE_INVALID.code,
    );
    expect(body(await p.b.get(`${SECURITY}/`)).resource_response.data).toMatchObject({
      backup_codes_left: 9,
    });
  });

  it(`drops the pending log-in after ${MFA_MAX_ATTEMPTS} wrong codes and refuses codes after ${MFA_MAX_WRONG_CODES_PER_HOUR} an hour`, async () => {
    const p = await person();
    const { secret } = await enrolTotp(p);
    const b = browser();
    await login(b, p.email);
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i += 1) {
      expect(errorCode(await login(b, p.email, { mfa_token: '000000' }))).toBe(
        CODES.AUTH_MFA_CODE_INVALID.code,
      );
    }
    const last = await login(b, p.email, { mfa_token: '000000' });
    expect(errorCode(last)).toBe(CODES.AUTH_MFA_CHALLENGE_EXPIRED.code);
    expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(false);

    // A new pending log-in gets codes until the person's hourly total is reached.
    await login(b, p.email);
    for (let i = MFA_MAX_ATTEMPTS; i < MFA_MAX_WRONG_CODES_PER_HOUR; i += 1) {
      await login(b, p.email, { mfa_token: '000000' });
      if (!b.cookies.has(MFA_CHALLENGE_COOKIE)) await login(b, p.email);
    }
    const limited = await login(b, p.email, { mfa_token: nextStepCode(secret) });
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe(CODES.AUTH_MFA_TOO_MANY_CODES.code);
    test.clock.advance(60 * 60_000 + 1000);
    await login(b, p.email);
    expect((await login(b, p.email, { mfa_token: nextStepCode(secret) })).statusCode).toBe(200);
  });

  it('turning the app off (re-auth needed) ends the second step', async () => {
    const p = await person();
    await enrolTotp(p);
    test.clock.advance(REAUTH_WINDOW_MS + 1000);
    expect(errorCode(await p.b.delete(`${SECURITY}/factors/totp/`))).toBe(
      CODES.REAUTH_REQUIRED.code,
    );
    await p.b.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD });
    const off = await p.b.delete(`${SECURITY}/factors/totp/`);
    expect(off.statusCode).toBe(200);
    expect(body(off).resource_response.data).toMatchObject({
      totp_enabled: false,
      backup_codes_left: 0,
    });
    expect((await login(browser(), p.email)).statusCode).toBe(200);
    expect(errorCode(await p.b.delete(`${SECURITY}/factors/totp/`))).toBe(
      CODES.MFA_FACTOR_NOT_FOUND.code,
    );
  });
});

describe('SMS codes (Twilio stand-in)', () => {
  it('enrols a phone with a texted code, then texts a code at log-in; mfa_resend sends a new one', async () => {
    const p = await person();
    await p.b.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD });
    expect(errorCode(await p.b.post(`${SECURITY}/sms/`, { phone_number: '555-0123' }))).toBe(
      CODES.SMS_NUMBER_INVALID.code,
    );
    sms.clear();
    const started = await p.b.post(`${SECURITY}/sms/`, { phone_number: '+1 (555) 555-0123' });
    expect(body(started).resource_response.data).toEqual({ phone_number_end: '0123' });
    const enrolText = await sms.waitForMessage({ to: PHONE });
    const enrolCode = /(\d{6})/.exec(enrolText.body)?.[1] ?? '';
    const confirmed = await p.b.post(`${SECURITY}/sms/verify/`, { code: enrolCode });
    expect(confirmed.statusCode).toBe(200);
    expect(
      body<{ backup_codes: string[] }>(confirmed).resource_response.data.backup_codes,
    ).toHaveLength(10);

    sms.clear();
    const b = browser();
    const first = await login(b, p.email);
    expect(errorCode(first)).toBe(CODES.AUTH_MFA_REQUIRED.code);
    expect(errorData(first)).toMatchObject({ phone_number_end: '0123', code_sent: true });
    const firstText = await sms.waitForMessage({ to: PHONE });

    const tooSoon = await login(b, p.email, { mfa_resend: true });
    expect(errorCode(tooSoon)).toBe(CODES.AUTH_MFA_RESEND_LIMITED.code);
    test.clock.advance(MFA_RESEND_INTERVAL_MS);
    sms.clear();
    const resent = await login(b, p.email, { mfa_resend: true });
    expect(errorCode(resent)).toBe(CODES.AUTH_MFA_REQUIRED.code);
    expect(errorData(resent)).toMatchObject({ code_sent: true });
    const secondText = await sms.waitForMessage({ to: PHONE });
    const oldCode = /(\d{6})/.exec(firstText.body)?.[1] ?? '';
    const newCode = /(\d{6})/.exec(secondText.body)?.[1] ?? '';
    if (oldCode !== newCode) {
      expect(errorCode(await login(b, p.email, { mfa_token: oldCode }))).toBe(
        CODES.AUTH_MFA_CODE_INVALID.code,
      );
    }
    const ok = await login(b, p.email, { mfa_token: newCode });
    expect(ok.statusCode).toBe(200);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});

describe('viewerMeetsMfaRequirement', () => {
  it('is true only for a viewer with a verified second factor', async () => {
    const deps = { db: handle.db };
    const p = await person();
    expect(await viewerMeetsMfaRequirement(deps, null)).toBe(false);
    expect(await viewerMeetsMfaRequirement(deps, { id: p.id })).toBe(false);
    await p.b.post(`${SECURITY}/reauth/`, { password: GOOD_PASSWORD });
    await p.b.post(`${SECURITY}/totp/`);
    // Started but not confirmed: not yet.
    expect(await viewerMeetsMfaRequirement(deps, { id: p.id })).toBe(false);
    const q = await person();
    await enrolTotp(q);
    expect(await viewerMeetsMfaRequirement(deps, { id: q.id })).toBe(true);
  });
});

// Email sign-up and the email lookups: every signup error code of auth.md §8, the shared rules
// on the server, the experiment-dependent password length, the under-age cookie, the Korea
// consent step, per-IP limits, and what a successful signup leaves behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { UNDERAGE_COOKIE, type AuthSuccess, type AuthUser } from '@corkboard/shared/auth/api';
import { birthdayFromCalendarDate } from '@corkboard/shared/auth/birthday';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { CSRF_COOKIE } from '../../plugins/app/csrf.ts';
import { createFixtures } from '../../test/fixtures.ts';
import { LOOKUP_RULE, SIGNUP_RULE } from './limits.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  errorData,
  setCookies,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';
import { USERNAME_PATTERN } from './username.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let test: TestApp;
let ipCounter = 0;

/** A browser from its own address, so per-IP limits of one test never leak into another. */
function browser(app = test.app): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(app, `198.51.100.${ipCounter}`);
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { viewer: 'session' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('POST /v3/register/exists/', () => {
  it('answers false for a free email and true once it is taken (any case)', async () => {
    const b = browser();
    const email = uniqueEmail('exists');
    const free = await b.post('/v3/register/exists/', { email });
    expect(free.statusCode).toBe(200);
    expect(body(free).resource_response.data).toBe(false);

    await browser().post('/v3/register/', signupBody({ email }));
    const taken = await b.post('/v3/register/exists/', { email: email.toUpperCase() });
    expect(body(taken).resource_response.data).toBe(true);
  });

  it('answers AUTH_EMAIL_INVALID with the server sentence for a bad address', async () => {
    for (const email of ['not-an-email', 'someone@gmial.com', '']) {
      const response = await browser().post('/v3/register/exists/', { email });
      expect(response.statusCode, email).toBe(400);
      expect(errorCode(response)).toBe(CODES.AUTH_EMAIL_INVALID.code);
      expect(body(response).resource_response.error?.message_detail).toBe(
        "Sorry, this doesn't look like a valid email",
      );
      expect(errorData(response)['field']).toBe('email');
    }
  });

  it('is limited per IP (shared with /v3/email/validation/) and says when to retry', async () => {
    const b = browser();
    for (let i = 0; i < LOOKUP_RULE.max; i++) {
      const url = i % 2 === 0 ? '/v3/register/exists/' : '/v3/email/validation/';
      expect((await b.post(url, { email: uniqueEmail() })).statusCode).toBe(200);
    }
    const limited = await b.post('/v3/register/exists/', { email: uniqueEmail() });
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe(CODES.RATE_LIMITED.code);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect(
      (await browser().post('/v3/email/validation/', { email: uniqueEmail() })).statusCode,
    ).toBe(200);
    // The window ends.
    test.clock.advance(LOOKUP_RULE.windowMs + 1);
    expect((await b.post('/v3/register/exists/', { email: uniqueEmail() })).statusCode).toBe(200);
  });

  it('needs the CSRF header like every POST', async () => {
    const response = await browser().post(
      '/v3/register/exists/',
      { email: uniqueEmail() },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(CODES.CSRF_FAILED.code);
  });
});

describe('POST /v3/email/validation/', () => {
  it('answers is_valid by the shared email rules, never a 400 for the value', async () => {
    const cases: Array<[string, boolean]> = [
      ['ann.lee@example.test', true],
      ['  ann.lee@example.test  ', true],
      ['ann@gmial.com', false],
      ['test@test.com', false],
      ['no-at-sign', false],
      ['ünï@example.test', false],
      ['', false],
    ];
    for (const [email, valid] of cases) {
      const response = await browser().post('/v3/email/validation/', { email });
      expect(response.statusCode, email).toBe(200);
      expect(body<{ is_valid: boolean }>(response).resource_response.data.is_valid, email).toBe(
        valid,
      );
    }
  });
});

describe('POST /v3/register/', () => {
  it('creates the account, logs it in, and answers the user', async () => {
    const b = browser();
    await b.get('/v3/captcha/config/');
    const csrfBefore = b.cookies.get(CSRF_COOKIE);
    const email = uniqueEmail('Mixed.Case');
    const response = await b.post(
      '/v3/register/',
      signupBody({ email, first_name: 'Zoë', last_name: "O'Neill", next: '/pin/12/' }),
    );
    expect(response.statusCode).toBe(200);
    const data = body<AuthSuccess>(response).resource_response.data;
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Zoë',
      last_name: "O'Neill",
      full_name: "Zoë O'Neill",
      has_password: true,
      is_partner: false,
      country: 'US',
    });
    expect(data.user.username).toMatch(USERNAME_PATTERN);
    expect(data.user.username.startsWith('zoeoneill')).toBe(true);
    expect(data.next).toBe('/pin/12/');
    // A new CSRF token comes with the new session.
    expect(b.cookies.get(CSRF_COOKIE)).not.toBe(csrfBefore);

    const me = await b.get('/v3/users/me/');
    expect(me.statusCode).toBe(200);
    expect(body<AuthUser>(me).resource_response.data.id).toBe(data.user.id);

    const row = await handle.db
      .selectFrom('users')
      .select(['birthday', 'email_verified', 'marketing_notifs_opt_out'])
      .where('id', '=', data.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      birthday: '1990-05-01',
      email_verified: false,
      marketing_notifs_opt_out: false,
    });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie without Secure under http', async () => {
    const response = await browser().post('/v3/register/', signupBody());
    const session = setCookies(response).find(
      (cookie) => cookie.name === 'corkboard.session_token',
    );
    expect(session).toBeDefined();
    expect(session?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    expect(session?.attributes['secure']).toBeUndefined();
    expect(Number(session?.attributes['max-age'])).toBeGreaterThan(24 * 60 * 60);
  });

  it('gives two people with the same name different usernames', async () => {
    const first = await browser().post(
      '/v3/register/',
      signupBody({ first_name: 'Sam', last_name: 'Twin' }),
    );
    const second = await browser().post(
      '/v3/register/',
      signupBody({ first_name: 'Sam', last_name: 'Twin' }),
    );
    const a = body<AuthSuccess>(first).resource_response.data.user.username;
    const b = body<AuthSuccess>(second).resource_response.data.user.username;
    expect(a).not.toBe(b);
    expect(a.toLowerCase()).toMatch(/^samtwin/);
    expect(b.toLowerCase()).toMatch(/^samtwin\d+$/);
  });

  it('never follows a next that leaves the site', async () => {
    for (const next of [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
    ]) {
      const response = await browser().post('/v3/register/', signupBody({ next }));
      expect(body<AuthSuccess>(response).resource_response.data.next, next).toBeNull();
    }
  });

  it('AUTH_EMAIL_TAKEN for an existing email, whatever its case', async () => {
    const email = uniqueEmail('taken');
    await browser().post('/v3/register/', signupBody({ email }));
    const response = await browser().post(
      '/v3/register/',
      signupBody({ email: email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe(CODES.AUTH_EMAIL_TAKEN.code);
    expect(errorData(response)['field']).toBe('email');
  });

  it('AUTH_EMAIL_INVALID for missing, malformed and known-bad addresses', async () => {
    for (const email of [undefined, '', 'nope', 'someone@hotmial.com', 'ann@example.con']) {
      const response = await browser().post('/v3/register/', signupBody({ email }));
      expect(response.statusCode, String(email)).toBe(400);
      expect(errorCode(response)).toBe(CODES.AUTH_EMAIL_INVALID.code);
      expect(errorData(response)['field']).toBe('email');
    }
  });

  it('AUTH_EMAIL_CONTAINS_PRODUCT_NAME for an address with "corkboard" in it', async () => {
    for (const email of ['corkboard.support@example.test', 'ann@CorkBoard-help.example']) {
      const response = await browser().post('/v3/register/', signupBody({ email }));
      expect(response.statusCode, email).toBe(400);
      expect(errorCode(response)).toBe(CODES.AUTH_EMAIL_CONTAINS_PRODUCT_NAME.code);
    }
  });

  it('password rules: too short, too long, not ASCII, same as identity, common', async () => {
    const email = uniqueEmail('rules');
    const cases: Array<[unknown, number, string]> = [
      ['', CODES.AUTH_PASSWORD_TOO_SHORT.code, 'required'],
      ['abc12', CODES.AUTH_PASSWORD_TOO_SHORT.code, 'too_short'],
      ['x'.repeat(129), CODES.AUTH_PASSWORD_TOO_LONG.code, 'too_long'],
      ['pässwörd-long', CODES.AUTH_PASSWORD_NOT_ASCII.code, 'not_ascii'],
      [email, CODES.AUTH_PASSWORD_SAME_AS_IDENTITY.code, 'same_as_identity'],
      [email.split('@')[0], CODES.AUTH_PASSWORD_SAME_AS_IDENTITY.code, 'same_as_identity'],
      ['password1', CODES.AUTH_PASSWORD_COMMON.code, 'common'],
      ['Corkboard123', CODES.AUTH_PASSWORD_COMMON.code, 'common'],
    ];
    for (const [password, code, reason] of cases) {
      const response = await browser().post('/v3/register/', signupBody({ email, password }));
      expect(response.statusCode, String(password)).toBe(400);
      expect(errorCode(response), String(password)).toBe(code);
      expect(errorData(response)).toMatchObject({ field: 'password', reason });
    }
    const short = await browser().post('/v3/register/', signupBody({ password: 'abc12' }));
    expect(body(short).resource_response.error?.message_detail).toBe(
      'Your password is too short! You need 6+ characters.',
    );
    expect(errorData(short)['min_length']).toBe(6);
  });

  it('needs 8 characters in the web_increased_min_password_length experiment', async () => {
    const sevenChars = 'qz7!kp2';
    const forced = await browser().post(
      '/v3/register/?exp=web_increased_min_password_length:enabled',
      signupBody({ password: sevenChars }),
    );
    expect(errorCode(forced)).toBe(CODES.AUTH_PASSWORD_TOO_SHORT.code);
    expect(errorData(forced)['min_length']).toBe(8);
    expect(body(forced).resource_response.error?.message_detail).toBe(
      'Your password is too short! You need 8+ characters.',
    );
    const control = await browser().post(
      '/v3/register/?exp=web_increased_min_password_length:control',
      signupBody({ password: sevenChars }),
    );
    expect(control.statusCode).toBe(200);
  });

  it('reads forced groups from the EXPERIMENTS setting too', async () => {
    const configured = await buildTestApp(handle.db, {
      viewer: 'session',
      config: { experiments: { web_increased_min_password_length: 'enabled' } },
    });
    try {
      const response = await browser(configured.app).post(
        '/v3/register/',
        signupBody({ password: 'qz7!kp2' }),
      );
      expect(errorCode(response)).toBe(CODES.AUTH_PASSWORD_TOO_SHORT.code);
    } finally {
      await configured.close();
    }
  });

  it('birthday rules: missing, invalid, over age', async () => {
    const thisYear = new Date().getUTCFullYear();
    const cases: Array<[unknown, number]> = [
      [undefined, CODES.AUTH_BIRTHDAY_MISSING.code],
      [null, CODES.AUTH_BIRTHDAY_MISSING.code],
      [1.5, CODES.AUTH_BIRTHDAY_INVALID.code],
      [
        birthdayFromCalendarDate({ year: thisYear, month: 3, day: 1 }),
        CODES.AUTH_BIRTHDAY_INVALID.code,
      ],
      [
        birthdayFromCalendarDate({ year: thisYear - 130, month: 1, day: 1 }),
        CODES.AUTH_OVERAGE.code,
      ],
    ];
    for (const [birthday, code] of cases) {
      const response = await browser().post('/v3/register/', signupBody({ birthday }));
      expect(response.statusCode, String(birthday)).toBe(400);
      expect(errorCode(response), String(birthday)).toBe(code);
      expect(errorData(response)['field']).toBe('birthday');
    }
  });

  it('AUTH_UNDERAGE sets the ineligible cookie, which then blocks signup until cleared', async () => {
    const b = browser();
    const thisYear = new Date().getUTCFullYear();
    const child = birthdayFromCalendarDate({ year: thisYear - 10, month: 1, day: 1 });
    const response = await b.post('/v3/register/', signupBody({ birthday: child }));
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe(CODES.AUTH_UNDERAGE.code);
    const cookie = setCookies(response).find((c) => c.name === UNDERAGE_COOKIE);
    expect(cookie?.value).toBe('1');
    expect(cookie?.attributes['httponly']).toBeUndefined();
    expect(Number(cookie?.attributes['max-age'])).toBe(24 * 60 * 60);

    const again = await b.post('/v3/register/', signupBody());
    expect(errorCode(again)).toBe(CODES.AUTH_UNDERAGE.code);
    // 'Edit' clears the marker on the client; then an adult birthday goes through.
    b.cookies.delete(UNDERAGE_COOKIE);
    expect((await b.post('/v3/register/', signupBody())).statusCode).toBe(200);
  });

  it('AUTH_CONSENT_REQUIRED for Korea without the privacy consent, and records it when given', async () => {
    const refused = await browser().post('/v3/register/', signupBody({ country: 'KR' }));
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe(CODES.AUTH_CONSENT_REQUIRED.code);
    expect(errorData(refused)['field']).toBe('consent');

    // The country can come from Accept-Language when the form sends none.
    const byLanguage = await browser().post('/v3/register/', signupBody({ country: undefined }), {
      headers: { 'accept-language': 'ko-KR,ko;q=0.9' },
    });
    expect(errorCode(byLanguage)).toBe(CODES.AUTH_CONSENT_REQUIRED.code);

    const accepted = await browser().post(
      '/v3/register/',
      signupBody({
        country: 'KR',
        kr_privacy_consent_opt_in: true,
        marketing_notifs_opt_out: true,
      }),
    );
    expect(accepted.statusCode).toBe(200);
    const id = body<AuthSuccess>(accepted).resource_response.data.user.id;
    const row = await handle.db
      .selectFrom('users')
      .select(['kr_privacy_consent_at', 'marketing_notifs_opt_out', 'country'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.kr_privacy_consent_at).toBeInstanceOf(Date);
    expect(row.marketing_notifs_opt_out).toBe(true);
    expect(row.country).toBe('KR');

    // With the kill switch off the step does not apply.
    const off = await browser().post(
      '/v3/register/?exp=web_kr_privacy_consent_step:control',
      signupBody({ country: 'KR' }),
    );
    expect(off.statusCode).toBe(200);
  });

  it('other malformed fields are VALIDATION_FAILED', async () => {
    const response = await browser().post('/v3/register/', signupBody({ signupSource: 'nowhere' }));
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(CODES.VALIDATION_FAILED.code);
    const social = await browser().post('/v3/register/', signupBody({ type: 'google' }));
    expect(errorCode(social)).toBe(CODES.VALIDATION_FAILED.code);
  });

  it('does not let a signup pick its username or account status', async () => {
    const response = await browser().post(
      '/v3/register/',
      signupBody({ username: 'chosen_name', suspendedAt: null, account_type: 'business' }),
    );
    expect(response.statusCode).toBe(200);
    const user = body<AuthSuccess>(response).resource_response.data.user;
    expect(user.username).not.toBe('chosen_name');
    expect(user.account_type).toBe('personal');
  });

  it('is limited to a few new accounts per IP per hour', async () => {
    const b = browser();
    for (let i = 0; i < SIGNUP_RULE.max; i++) {
      expect((await b.post('/v3/register/', signupBody())).statusCode).toBe(200);
    }
    const limited = await b.post('/v3/register/', signupBody());
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe(CODES.RATE_LIMITED.code);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('needs the CSRF header', async () => {
    const response = await browser().post('/v3/register/', signupBody(), { csrf: false });
    expect(errorCode(response)).toBe(CODES.CSRF_FAILED.code);
  });

  it('passes an existing account with a hand-made mixed-case email as taken', async () => {
    const fixture = await createFixtures(handle.db).user({ username: 'Legacy_Case' });
    await handle.db
      .updateTable('users')
      .set({ email: 'Legacy.Case@Example.test' })
      .where('id', '=', fixture.id)
      .execute();
    const response = await browser().post(
      '/v3/register/',
      signupBody({ email: 'legacy.case@example.test' }),
    );
    expect(errorCode(response)).toBe(CODES.AUTH_EMAIL_TAKEN.code);
  });
});

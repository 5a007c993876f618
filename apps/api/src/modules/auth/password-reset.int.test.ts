// Password reset by e-mail, received over a real SMTP server on 127.0.0.1: the same answer for
// known and unknown accounts, the link, single use, one-hour expiry, other sessions revoked,
// soft ban and lockout lifted; and the dev mailbox when no SMTP server is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { softBanAccount } from './account-status.service.ts';
import { countSessions } from './auth.repository.ts';
import { ACCOUNT_FAILURE_LIMIT, RESET_MAIL_RULE } from './limits.ts';
import { PASSWORD_RESET_MAIL_JOB, RESET_TOKEN_TTL_MS } from './password-reset.service.ts';
import {
  plainText,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '../../test/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';

const CODES = ERROR_CODES;
const NEW_PASSWORD = 'violet-harbor-77';

function resetToken(mail: ReceivedMail): string {
  const match = /http:\/\/corkboard\.test\/password\/reset\/\?token=([A-Za-z0-9_%-]+)/.exec(
    plainText(mail.raw),
  );
  if (!match?.[1]) throw new Error(`no reset link in:\n${mail.raw}`);
  return decodeURIComponent(match[1]);
}

let handle: DbHandle;
let test: TestApp;
let smtp: SmtpSink;
const inbox: ReceivedMail[] = [];
let ipCounter = 0;

function browser(app = test.app): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(app, `100.64.0.${ipCounter}`);
}

async function account(): Promise<{ id: string; email: string; username: string }> {
  const b = browser();
  const email = uniqueEmail('reset');
  const response = await b.post('/v3/register/', signupBody({ email }));
  const user = body<AuthSuccess>(response).resource_response.data.user;
  await b.post('/v3/logout/');
  return { id: user.id, email, username: user.username };
}

async function loggedIn(email: string, password = GOOD_PASSWORD): Promise<TestBrowser> {
  const b = browser();
  const response = await b.post('/v3/login/', { username_or_email: email, password });
  expect(response.statusCode).toBe(200);
  return b;
}

/** What a worker does with the reset mails accepted so far (decision 143: mail is a job). */
async function sendQueuedMail(app = test.app): Promise<void> {
  await app.jobs.workDue(PASSWORD_RESET_MAIL_JOB);
}

/** Asks for a reset and answers the token from the mail that arrived. */
async function requestToken(identifier: string, b = browser()): Promise<string> {
  const before = inbox.length;
  const response = await b.post('/v3/users/forgot_password/', { username_or_email: identifier });
  expect(response.statusCode).toBe(200);
  await sendQueuedMail();
  const mail = inbox[before];
  if (inbox.length !== before + 1 || !mail) throw new Error('expected exactly one reset mail');
  return resetToken(mail);
}

beforeAll(async () => {
  smtp = await startSmtpSink(inbox);
  handle = await createTestDb();
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: {
      smtpUrl: smtp.url,
      mailFrom: 'Corkboard <no-reply@corkboard.test>',
    },
  });
});

afterAll(async () => {
  await test.close();
  await handle.close();
  await smtp.close();
});

describe('POST /v3/users/forgot_password/', () => {
  it('answers the same whether or not the account exists, and mails only a real one', async () => {
    const a = await account();
    const before = inbox.length;
    const unknown = await browser().post('/v3/users/forgot_password/', {
      username_or_email: uniqueEmail('ghost'),
    });
    const unknownName = await browser().post('/v3/users/forgot_password/', {
      username_or_email: 'ghost_user_x',
    });
    await sendQueuedMail();
    expect(inbox.length).toBe(before);
    const known = await browser().post('/v3/users/forgot_password/', {
      username_or_email: a.email,
    });
    for (const response of [unknown, unknownName, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(known.json());
    }
    await sendQueuedMail();
    expect(inbox.length).toBe(before + 1);
    const mail = inbox[before];
    expect(mail?.to).toEqual([a.email]);
    expect(mail?.raw).toContain('Subject: Reset your Corkboard password');
    expect(mail?.raw).toContain('From: Corkboard <no-reply@corkboard.test>');
    expect(resetToken(mail as ReceivedMail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts a username, and stores only a hash of the token', async () => {
    const a = await account();
    const token = await requestToken(a.username);
    const rows = await handle.db
      .selectFrom('auth_verifications')
      .select(['identifier', 'value'])
      .execute();
    expect(rows.some((row) => row.identifier.includes(token))).toBe(false);
    expect(
      rows.some((row) => row.value === a.id && row.identifier.startsWith('reset-password:')),
    ).toBe(true);
  });

  it('sends at most a few mails per account per hour, answering the same', async () => {
    const a = await account();
    const before = inbox.length;
    for (let i = 0; i < RESET_MAIL_RULE.max + 2; i++) {
      const response = await browser().post('/v3/users/forgot_password/', {
        username_or_email: a.email,
      });
      expect(response.statusCode).toBe(200);
    }
    await sendQueuedMail();
    expect(inbox.length - before).toBe(RESET_MAIL_RULE.max);
  });

  it('needs an identifier and the CSRF header', async () => {
    const empty = await browser().post('/v3/users/forgot_password/', { username_or_email: '' });
    expect(errorCode(empty)).toBe(CODES.AUTH_EMAIL_INVALID.code);
    const noCsrf = await browser().post(
      '/v3/users/forgot_password/',
      { username_or_email: 'x' },
      { csrf: false },
    );
    expect(errorCode(noCsrf)).toBe(CODES.CSRF_FAILED.code);
  });
});

describe('POST /v3/users/password/reset/', () => {
  it('sets the new password, revokes every session, and the old password stops working', async () => {
    const a = await account();
    const phone = await loggedIn(a.email);
    const laptop = await loggedIn(a.email);
    expect(await countSessions(handle.db, a.id)).toBe(2);

    const token = await requestToken(a.email);
    // A password that breaks a rule does not use the link up.
    const weak = await browser().post('/v3/users/password/reset/', {
      token,
      new_password: 'password1',
    });
    expect(errorCode(weak)).toBe(CODES.AUTH_PASSWORD_COMMON.code);
    const same = await browser().post('/v3/users/password/reset/', {
      token,
      new_password: a.username,
    });
    expect(errorCode(same)).toBe(CODES.AUTH_PASSWORD_SAME_AS_IDENTITY.code);

    const reset = await browser().post('/v3/users/password/reset/', {
      token,
      new_password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(body(reset).resource_response.data).toEqual({ username_or_email: a.email });
    expect(await countSessions(handle.db, a.id)).toBe(0);
    expect((await phone.get('/v3/users/me/')).statusCode).toBe(401);
    expect((await laptop.get('/v3/users/me/')).statusCode).toBe(401);

    const old = await browser().post('/v3/login/', {
      username_or_email: a.email,
      password: GOOD_PASSWORD,
    });
    expect(errorCode(old)).toBe(CODES.AUTH_LOGIN_INCORRECT_PASSWORD.code);
    const fresh = await browser().post('/v3/login/', {
      username_or_email: a.email,
      password: NEW_PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);

    // Single use.
    const again = await browser().post('/v3/users/password/reset/', {
      token,
      new_password: 'another-good-one-9',
    });
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe(CODES.AUTH_RESET_TOKEN_INVALID.code);
  });

  it('revokes every session, the one resetting too (issue 9)', async () => {
    const a = await account();
    const here = await loggedIn(a.email);
    const elsewhere = await loggedIn(a.email);
    const token = await requestToken(a.email, here);
    expect(
      (await here.post('/v3/users/password/reset/', { token, new_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect((await here.get('/v3/users/me/')).statusCode).toBe(401);
    expect((await elsewhere.get('/v3/users/me/')).statusCode).toBe(401);
    expect(await countSessions(handle.db, a.id)).toBe(0);
  });

  it('using any token invalidates every other outstanding token of the account (issue 9)', async () => {
    const a = await account();
    const other = await account();
    const older = await requestToken(a.email);
    const newer = await requestToken(a.email);
    const othersToken = await requestToken(other.email);
    expect(
      (
        await browser().post('/v3/users/password/reset/', {
          token: newer,
          new_password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const replay = await browser().post('/v3/users/password/reset/', {
      token: older,
      new_password: 'attacker-chosen-55',
    });
    expect(errorCode(replay)).toBe(CODES.AUTH_RESET_TOKEN_INVALID.code);
    // Only this account's tokens go.
    expect(
      (
        await browser().post('/v3/users/password/reset/', {
          token: othersToken,
          new_password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('expires after one hour', async () => {
    const a = await account();
    const b = await account();
    const early = await requestToken(a.email);
    const late = await requestToken(b.email);
    test.clock.advance(RESET_TOKEN_TTL_MS - 60_000);
    expect(
      (
        await browser().post('/v3/users/password/reset/', {
          token: early,
          new_password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    test.clock.advance(60_001);
    const expired = await browser().post('/v3/users/password/reset/', {
      token: late,
      new_password: 'another-good-one-9',
    });
    expect(errorCode(expired)).toBe(CODES.AUTH_RESET_TOKEN_INVALID.code);
  });

  it('refuses unknown and malformed tokens', async () => {
    for (const token of ['x'.repeat(43), '', 'y'.repeat(300)]) {
      const response = await browser().post('/v3/users/password/reset/', {
        token,
        new_password: NEW_PASSWORD,
      });
      expect(errorCode(response), token).toBe(CODES.AUTH_RESET_TOKEN_INVALID.code);
    }
  });

  it('lifts a soft ban and a lockout', async () => {
    const a = await account();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      await browser().post('/v3/login/', { username_or_email: a.email, password: `nope-${i}` });
    }
    await softBanAccount(handle.db, a.id, test.clock.now());
    expect(
      errorCode(
        await browser().post('/v3/login/', { username_or_email: a.email, password: GOOD_PASSWORD }),
      ),
    ).toBe(CODES.AUTH_LOGIN_RATE_LIMITED.code);
    const token = await requestToken(a.email);
    expect(
      (await browser().post('/v3/users/password/reset/', { token, new_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const response = await browser().post('/v3/login/', {
      username_or_email: a.email,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('dev mailbox (no SMTP_URL)', () => {
  it('stores the mail, shows it (escaped) at /dev/mailbox and as JSON', async () => {
    const dev = await buildTestApp(handle.db, { viewer: 'session' });
    try {
      const b = browser(dev.app);
      const email = uniqueEmail('devbox');
      await b.post('/v3/register/', signupBody({ email, first_name: '<b>Ann</b>' }));
      await b.post('/v3/logout/');
      expect(
        (await b.post('/v3/users/forgot_password/', { username_or_email: email })).statusCode,
      ).toBe(200);
      await sendQueuedMail(dev.app);

      const json = await b.get('/v3/dev/mailbox/');
      expect(json.statusCode).toBe(200);
      const messages =
        body<Array<{ to: string; subject: string; text: string }>>(json).resource_response.data;
      const mail = messages.find((message) => message.to === email);
      expect(mail?.subject).toBe('Reset your Corkboard password');
      expect(mail?.text).toMatch(
        /http:\/\/corkboard\.test\/password\/reset\/\?token=[A-Za-z0-9_-]{43}/,
      );

      const page = await b.get('/dev/mailbox', { accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.body).toContain('&lt;b&gt;Ann&lt;/b&gt;');
      expect(page.body).not.toContain('<b>Ann</b>');
      expect(page.body).not.toMatch(/<script|<link|src=/);
      expect(page.body).toMatch(/<a href="http:\/\/corkboard\.test\/password\/reset\/\?token=/);
    } finally {
      await dev.close();
    }
  });

  it('is 404 in production', async () => {
    const production = await buildTestApp(handle.db, {
      viewer: 'session',
      config: { nodeEnv: 'production' },
    });
    try {
      const b = browser(production.app);
      const json = await b.get('/v3/dev/mailbox/');
      expect(json.statusCode).toBe(404);
      expect(errorCode(json)).toBe(CODES.ROUTE_NOT_FOUND.code);
      const page = await b.get('/dev/mailbox', { accept: 'text/html' });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Dev mailbox');
    } finally {
      await production.close();
    }
  });
});

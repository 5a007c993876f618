// Issue 9 security fix: reset and invite tokens never reach the logs. A token read from a log
// line took over an account: the request log recorded `/password/reset/?token=…` and
// `/v3/board_invites/?token=…`, and the dev mailbox logged whole mails with their links. Each
// test captures every log line the app writes at `info` and looks for the secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { body, signupBody, TestBrowser, uniqueEmail } from '../../test/test-browser.ts';
import { PASSWORD_RESET_MAIL_JOB } from './password-reset.service.ts';

/** Collects every JSON log line the app writes. */
function logSink() {
  const lines: string[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        lines.push(line);
      },
    },
    text: () => lines.join(''),
  };
}

let handle: DbHandle;
const log = logSink();
let test: TestApp;

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { logLevel: 'info' },
    logStream: log.stream,
  });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('the request log', () => {
  it('records the reset page and the invite preview without their tokens', async () => {
    const resetSecret = 'resetSecretAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const inviteSecret = 'inviteSecretBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const b = new TestBrowser(test.app);
    await b.get(`/password/reset/?token=${resetSecret}`, { accept: 'text/html' });
    await b.get(`/v3/board_invites/?token=${inviteSecret}&x=1`);
    await b.get(`/invite/board/?token=${inviteSecret}`, { accept: 'text/html' });
    const text = log.text();
    // The requests were logged (the test would pass vacuously otherwise)…
    expect(text).toContain('/password/reset/?token=[redacted]');
    expect(text).toContain('/v3/board_invites/?token=[redacted]&x=1');
    // …without the secrets.
    expect(text).not.toContain(resetSecret);
    expect(text).not.toContain(inviteSecret);
  });
});

describe('the dev mailbox (no SMTP_URL)', () => {
  it('logs that a mail was stored, never its text or link', async () => {
    const b = new TestBrowser(test.app, '198.51.100.77');
    const email = uniqueEmail('logged');
    await b.post('/v3/register/', signupBody({ email }));
    await b.post('/v3/logout/');
    const before = log.lines.length;
    expect(
      (await b.post('/v3/users/forgot_password/', { username_or_email: email })).statusCode,
    ).toBe(200);
    // The worker's run (decision 143) is logged too: still no text, link or token.
    await test.app.jobs.workDue(PASSWORD_RESET_MAIL_JOB);
    const messages = body<Array<{ to: string; text: string }>>(await b.get('/v3/dev/mailbox/'))
      .resource_response.data;
    const mail = messages.find((message) => message.to === email);
    const token = /\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const written = log.lines.slice(before).join('');
    expect(written).toContain('dev mailbox');
    expect(written).not.toContain(token);
    expect(written).not.toContain('Open this link');
  });
});

describe('production without SMTP_URL', () => {
  it('says so loudly at start, and the forgot-password answer stays the same', async () => {
    const productionLog = logSink();
    const production = await buildTestApp(handle.db, {
      viewer: 'session',
      config: { logLevel: 'info', nodeEnv: 'production' },
      logStream: productionLog.stream,
    });
    try {
      await production.app.ready();
      const startLines = productionLog.lines.map(
        (line) => JSON.parse(line) as { level: number; msg: string },
      );
      // pino's error level is 50.
      expect(
        startLines.some((line) => line.level >= 50 && line.msg.includes('SMTP_URL is not set')),
      ).toBe(true);

      const b = new TestBrowser(production.app, '198.51.100.78');
      const email = uniqueEmail('nosmtp');
      await b.post('/v3/register/', signupBody({ email }));
      await b.post('/v3/logout/');
      const known = await b.post('/v3/users/forgot_password/', { username_or_email: email });
      const unknown = await b.post('/v3/users/forgot_password/', {
        username_or_email: uniqueEmail('ghost'),
      });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      await production.app.jobs.workDue(PASSWORD_RESET_MAIL_JOB);
      expect(productionLog.text()).not.toMatch(/password\/reset\/\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await production.close();
    }
  });
});

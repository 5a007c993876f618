// Reset mail as a durable job (decision 143), with a real SMTP server on 127.0.0.1: a mail
// accepted by a process that stops before sending it is sent by the next process on the same
// database; a mail the server refuses is retried with backoff by the worker until it goes
// through; the queue holds only the user id (never the address, token or link).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { JOB_SCHEMA } from '../../core/jobs/job-queue.ts';
import {
  plainText,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '../../test/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { body, signupBody, TestBrowser, uniqueEmail } from '../../test/test-browser.ts';
import { PASSWORD_RESET_MAIL_JOB } from './password-reset.service.ts';

let handle: DbHandle;
let smtp: SmtpSink;
const inbox: ReceivedMail[] = [];
/** Messages the sink still refuses (451) before it accepts again. */
let refusals = 0;
let refused = 0;
let ip = 0;

const smtpConfig = () => ({ smtpUrl: smtp.url, mailFrom: 'Corkboard <no-reply@corkboard.test>' });

async function account(app: TestApp): Promise<{ id: string; email: string }> {
  ip += 1;
  const b = new TestBrowser(app.app, `100.64.9.${ip}`);
  const email = uniqueEmail('queued');
  const response = await b.post('/v3/register/', signupBody({ email }));
  expect(response.statusCode, response.body).toBe(200);
  await b.post('/v3/logout/');
  return { id: body<AuthSuccess>(response).resource_response.data.user.id, email };
}

async function forgot(app: TestApp, identifier: string): Promise<void> {
  ip += 1;
  const b = new TestBrowser(app.app, `100.64.9.${ip}`);
  const response = await b.post('/v3/users/forgot_password/', { username_or_email: identifier });
  expect(response.statusCode).toBe(200);
}

const mailsTo = (email: string) => inbox.filter((mail) => mail.to.includes(email));

beforeAll(async () => {
  smtp = await startSmtpSink(inbox, {
    refuse: () => {
      if (refusals === 0) return false;
      refusals -= 1;
      refused += 1;
      return true;
    },
  });
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
  await smtp.close();
});

describe('the password-reset-mail job', () => {
  it('is sent by the next process when the one that accepted it stopped first', async () => {
    // A process that works no jobs (PROCESS_ROLE=api) accepts the request and goes away.
    const accepting = await buildTestApp(handle.db, { viewer: 'session', config: smtpConfig() });
    const person = await account(accepting);
    await forgot(accepting, person.email);
    await accepting.close();
    expect(mailsTo(person.email)).toEqual([]);
    // What rests in the queue: the user id, nothing a reader of the table could use.
    const rows = await sql<{ data: unknown }>`SELECT data FROM ${sql.id(JOB_SCHEMA, 'job')}
      WHERE name = ${PASSWORD_RESET_MAIL_JOB}`.execute(handle.db);
    expect(rows.rows.map((row) => row.data)).toContainEqual({ user_id: person.id });
    expect(JSON.stringify(rows.rows)).not.toContain(person.email);

    const working = await buildTestApp(handle.db, {
      viewer: 'session',
      config: { ...smtpConfig(), processRole: 'all' },
      jobPollingIntervalSeconds: 0.5,
    });
    try {
      await working.app.ready();
      await expect
        .poll(() => mailsTo(person.email).length, { timeout: 20_000, interval: 100 })
        .toBe(1);
      expect(plainText(mailsTo(person.email)[0]?.raw ?? '')).toMatch(
        /\/password\/reset\/\?token=[A-Za-z0-9_-]{43}/,
      );
    } finally {
      await working.close();
    }
  }, 120_000);

  it('is retried with backoff while the mail server refuses it, then delivered once', async () => {
    // A database of its own: a queue's retry settings are written when it is first created
    // (decision 139), and this one needs a 1 s first retry.
    const own = await createTestDb();
    const working = await buildTestApp(own.db, {
      viewer: 'session',
      config: { ...smtpConfig(), processRole: 'all', mailRetryDelaySeconds: 1 },
      jobPollingIntervalSeconds: 0.5,
    });
    try {
      await working.app.ready();
      const person = await account(working);
      refused = 0;
      refusals = 2;
      await forgot(working, person.email);
      await expect
        .poll(() => mailsTo(person.email).length, { timeout: 30_000, interval: 100 })
        .toBe(1);
      expect(refused).toBe(2);
      await expect
        .poll(() => working.app.jobs.pending(PASSWORD_RESET_MAIL_JOB), { timeout: 10_000 })
        .toBe(0);
      // Only the delivered mail's link works: the refused attempts' tokens were never sent.
      const resets = await own.db
        .selectFrom('auth_verifications')
        .select('identifier')
        .where('value', '=', person.id)
        .execute();
      expect(resets.length).toBeGreaterThanOrEqual(1);
    } finally {
      await working.close();
      await own.close();
    }
  }, 120_000);
});

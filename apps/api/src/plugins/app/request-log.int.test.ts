// Issue 13: one log line per request; a flood the limiter refuses writes one line per address per
// minute, not two per request; database errors reach the log without their values.
import { connect } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { loggerOptions } from './logging.ts';
import { RATE_LIMITED_LOG_WINDOW_MS } from './request-log.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestBrowser } from '../../test/test-browser.ts';
import { TEST_CSRF_TOKEN } from '../../test/api-client.ts';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { url: string };
  res?: { statusCode: number };
  suppressedSinceLastLine?: number;
  err?: Record<string, unknown>;
}

function logSink() {
  const lines: LogLine[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  };
}

let handle: DbHandle;
let test: TestApp;
const log = logSink();
const RATE_LIMIT = 3;

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, {
    config: { logLevel: 'info', rateLimitMax: RATE_LIMIT },
    logStream: log.stream,
  });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('the request log', () => {
  it('writes one line per request, when the answer is complete', async () => {
    const before = log.lines.length;
    const b = new TestBrowser(test.app, '198.51.100.1');
    expect((await b.get('/healthz')).statusCode).toBe(200);
    // Lines about requests (the media sweep at start logs on its own schedule).
    const lines = log.lines
      .slice(before)
      .filter((line) => line.req || line.msg.includes('request'));
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
    expect(lines[0]?.req?.url).toBe('/healthz');
    expect(lines[0]?.res?.statusCode).toBe(200);
  });

  it('writes the line, with its request id, for a cached page answered on arrival (ADR 202)', async () => {
    const b = new TestBrowser(test.app, '198.51.100.4');
    // The first visit stores the page and gets its cookies; the next two are hits on arrival.
    const answers = [await b.get('/v3/feeds/home/'), await b.get('/v3/feeds/home/')];
    answers.push(
      await b.get('/v3/feeds/home/', { 'if-none-match': String(answers[1]?.headers.etag) }),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 304]);
    for (const answer of answers) {
      const id = String(answer.headers['x-request-id']);
      const lines = log.lines.filter((line) => line.reqId === id);
      expect(lines.map((line) => [line.msg, line.req?.url, line.res?.statusCode])).toEqual([
        ['request completed', '/v3/feeds/home/', answer.statusCode],
      ]);
    }
  });

  it('logs a refused address once per window, then says how many refusals it skipped', async () => {
    const b = new TestBrowser(test.app, '198.51.100.2');
    const before = log.lines.length;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 20; i += 1)
      statuses.push((await b.get('/healthz')).statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const limited = log.lines.slice(before).filter((line) => line.res?.statusCode === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]).toMatchObject({ msg: 'request rate limited', suppressedSinceLastLine: 0 });

    // Another address is not silenced by the first one's window.
    const other = new TestBrowser(test.app, '198.51.100.3');
    for (let i = 0; i <= RATE_LIMIT; i += 1) await other.get('/healthz');
    expect(log.lines.slice(before).filter((line) => line.res?.statusCode === 429)).toHaveLength(2);

    // A window later (the limiter's own window has not passed: still refused) one more line.
    test.clock.advance(RATE_LIMITED_LOG_WINDOW_MS);
    const mark = log.lines.length;
    expect((await b.get('/healthz')).statusCode).toBe(429);
    expect(log.lines.slice(mark)).toMatchObject([
      { msg: 'request rate limited', suppressedSinceLastLine: 19 },
    ]);
  });
});

describe('database errors in the log', () => {
  it('keep the code, table and constraint, never the values', async () => {
    const email = 'leaky.person@example.com';
    const secret = 'not-a-uuid-but-a-secret';
    await sql`create temporary table logged_people (id int primary key, email text unique)`.execute(
      handle.db,
    );
    await sql`insert into logged_people values (1, ${email})`.execute(handle.db);
    const failures: unknown[] = [];
    for (const attempt of [
      sql`insert into logged_people values (2, ${email})`,
      sql`select ${secret}::uuid`,
    ]) {
      failures.push(await attempt.execute(handle.db).catch((error: unknown) => error));
    }
    const sink = logSink();
    const options = loggerOptions('info', sink.stream);
    if (options === false) throw new Error('logging is on at info');
    const logger = pino(options, sink.stream);
    const [duplicate, badUuid] = failures;
    logger.error({ err: duplicate }, 'request failed');
    // As the error handler logs an AppError wrapping a database error (errors.ts).
    logger.error(
      { err: new Error('wrapped', { cause: badUuid }), cause: badUuid },
      'request failed',
    );
    const text = JSON.stringify(sink.lines);
    // The lines carry what finds the fault…
    expect(sink.lines[0]?.err).toMatchObject({
      code: '23505',
      constraint: 'logged_people_email_key',
    });
    expect(sink.lines[1]?.err).toMatchObject({ message: 'wrapped', cause: { code: '22P02' } });
    // …and none of the values.
    expect(text).not.toContain(email);
    expect(text).not.toContain('leaky.person');
    expect(text).not.toContain(secret);
  });
});

describe('a client that hangs up mid-body', () => {
  // Its own app: a real socket comes from 127.0.0.1, whose 3-a-minute budget the other tests of
  // this file may have spent, and a refused request (429) never reaches the body it hangs up in.
  const hangupLog = logSink();
  let hangup: TestApp;
  beforeAll(async () => {
    hangup = await buildTestApp(handle.db, {
      config: { logLevel: 'info' },
      logStream: hangupLog.stream,
    });
  });
  afterAll(async () => {
    await hangup.close();
  });

  it('is logged as a closed request at info level, not as an unhandled error', async () => {
    const log = hangupLog;
    const address = await hangup.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const before = log.lines.length;
    const closed = new Promise<void>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => {
        socket.write(
          'POST /v3/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            `Cookie: csrftoken=${TEST_CSRF_TOKEN}\r\nX-CSRFToken: ${TEST_CSRF_TOKEN}\r\n` +
            'Content-Length: 5000\r\n\r\n{"username_or_email":"',
        );
        // Give the server the head and the first bytes, then go away with the body unfinished.
        setImmediate(() => socket.destroy());
      });
      socket.on('close', () => resolve());
    });
    await closed;
    await expect
      .poll(() => log.lines.slice(before).some((line) => line.msg === 'client closed the request'))
      .toBe(true);
    const levels = log.lines.slice(before) as (LogLine & { level?: number })[];
    expect(levels.filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
  });
});

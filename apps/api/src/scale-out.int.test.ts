// Issue 13 "Scale out", proved with real processes on loopback: two API processes
// (PROCESS_ROLE=api) and one worker (PROCESS_ROLE=worker) on one PostgreSQL database and one
// Redis. A session made through A works on B; the per-address budget is counted once across
// both; an image-from-URL job accepted by A completes after A is killed with -9 (the worker runs
// it, B reports it); a visitor page cached on both is dropped on both by a write through A
// (docs/decisions/144). Cross-process cache invalidation is also proved deterministically, with a
// frozen clock, in lib/shared-state.int.test.ts. Needs PostgreSQL (the roles refuse PGlite), so it runs in
// CI's PostgreSQL pass and with DATABASE_URL locally.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ImageIntakeJobData } from '@corkboard/shared/saving/api';
import { spawnServer, type SpawnedServer } from '@corkboard/testing-support/server';
import { jpegBytes } from './test/api-client.ts';
import { createFixtures } from './test/fixtures.ts';
import { addLoginUser, CRASH_USERNAME, logInCrashUser } from './test/crash-server.ts';
import { startLoopbackServer, type LoopbackServer } from './test/loopback-server.ts';
import { startRedisServer, type RedisServer } from './test/redis-server.ts';

/** The per-address budget of every process here; small, so the test spends a handful. */
const BUDGET = 30;
/** Requests of the budget part come "from" this address (TRUST_PROXY reads X-Forwarded-For). */
const CLIENT = { 'x-forwarded-for': '203.0.113.7' };
/** The cache part's visitor: its own address, so the budget part's count is not touched. */
const CLIENT_VISITOR = { 'x-forwarded-for': '203.0.113.8', accept: 'application/json' };

/** What apps/api/src/main.ts prints once a worker process runs. */
const WORKER_READY_LINE = 'Corkboard worker is running';

const onPostgres = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';

describe.runIf(onPostgres)('two API processes and a worker on PostgreSQL and Redis', () => {
  let handle: DbHandle;
  let redis: RedisServer;
  let site: LoopbackServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-scale-out-'));
  const processes: SpawnedServer[] = [];
  let a: SpawnedServer;
  let b: SpawnedServer;

  function start(role: 'api' | 'worker'): Promise<SpawnedServer> {
    return spawnServer({
      dataDir,
      stdout: 'ignore',
      // The worker has no HTTP server: it says when it runs.
      ...(role === 'worker' ? { readyLine: WORKER_READY_LINE } : {}),
      env: {
        PROCESS_ROLE: role,
        DATABASE_URL: handle.url ?? '',
        REDIS_URL: redis.url,
        AUTH_SECRET: 'scale-out-test-secret-0123456789abcdefghij',
        CAPTCHA_PROVIDER: 'off',
        RATE_LIMIT_MAX: String(BUDGET),
        TRUST_PROXY: 'true',
        FETCH_ALLOW_HOSTS: '127.0.0.1:*',
      },
    });
  }

  beforeAll(async () => {
    handle = await createTestDb();
    redis = await startRedisServer();
    const photo = await jpegBytes(31);
    site = await startLoopbackServer({
      '/photo.jpg': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      },
    });
    // A person to log in as (the database then is not empty, so no process seeds the demo).
    await addLoginUser(handle.db);
    [a, b] = await Promise.all([start('api'), start('api')]);
    processes.push(a, b, await start('worker'));
  }, 600_000);

  afterAll(async () => {
    for (const process of processes) await process.stop();
    await site.close();
    await redis.stop();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session made through A works on B', async () => {
    const headers = await logInCrashUser(a.url);
    const me = await fetch(`${b.url}/v3/users/me/`, { headers });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { resource_response: { data: { username: string } } };
    expect(body.resource_response.data.username).toBe(CRASH_USERNAME);
  });

  it('counts the per-address budget once across A and B', async () => {
    const statuses: number[] = [];
    // Alternating A and B: per process, each would allow BUDGET; shared, both stop at BUDGET.
    for (let index = 0; index < BUDGET + 2; index += 1) {
      const target = index % 2 === 0 ? a : b;
      const answer = await fetch(`${target.url}/v3/experiments/`, {
        headers: { ...CLIENT, accept: 'application/json' },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, BUDGET).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(BUDGET)).toEqual([429, 429]);
    const refused = await fetch(`${a.url}/v3/experiments/`, {
      headers: { ...CLIENT, accept: 'application/json' },
    });
    const envelope = (await refused.json()) as { resource_response: { code: number } };
    expect(envelope.resource_response.code).toBe(ERROR_CODES.RATE_LIMITED.code);
  });

  it('a visitor page cached on A and B is dropped on both by a write through A', async () => {
    const crash = await handle.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', CRASH_USERNAME)
      .executeTakeFirstOrThrow();
    const f = createFixtures(handle.db);
    const board = await f.board(crash);
    const pin = await f.pin({ board, title: 'Before' });
    const headers = await logInCrashUser(a.url);
    const edit = (title: string) =>
      fetch(`${a.url}/resource/PinResource/update/`, {
        method: 'POST',
        headers: { ...headers, ...CLIENT_VISITOR, 'content-type': 'application/json' },
        body: JSON.stringify({ options: { id: pin.id, title } }),
      });
    const feedOn = async (server: SpawnedServer): Promise<string[]> => {
      // A visitor: no session cookie.
      const answer = await fetch(`${server.url}/v3/feeds/home/`, { headers: CLIENT_VISITOR });
      expect(answer.status).toBe(200);
      const json = (await answer.json()) as { resource_response: { data: { id: string }[] } };
      return json.resource_response.data.map((item) => item.id);
    };

    expect((await edit('Cached')).status).toBe(200);
    const cached = await feedOn(a);
    expect(await feedOn(b)).toEqual(cached);
    // Written straight into the database: no process is told, so both serve the stored page.
    const unseen = await f.pin({ board, title: 'Behind the cache' });
    expect(await feedOn(a)).toEqual(cached);
    expect(await feedOn(b)).toEqual(cached);

    expect((await edit('After the write')).status).toBe(200);
    // No waiting: A's answer came after the shared generation moved.
    expect((await feedOn(b))[0]).toBe(unseen.id);
    expect((await feedOn(a))[0]).toBe(unseen.id);
  });

  it('an image-from-URL job accepted by A completes after A is killed with -9', async () => {
    const headers = await logInCrashUser(a.url);
    const put = await fetch(`${a.url}/v3/pins/image/`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: site.url('/photo.jpg') }),
    });
    expect(put.status).toBe(202);
    const accepted = (await put.json()) as { resource_response: { data: ImageIntakeJobData } };
    process.kill(a.pid, 'SIGKILL');

    const status = async (): Promise<ImageIntakeJobData['status']> => {
      const answer = await fetch(`${b.url}/v3/pins/image/${accepted.resource_response.data.id}/`, {
        headers,
      });
      const json = (await answer.json()) as { resource_response: { data: ImageIntakeJobData } };
      return json.resource_response.data.status;
    };
    await expect.poll(status, { timeout: 120_000, interval: 500 }).toBe('succeeded');
  });
});

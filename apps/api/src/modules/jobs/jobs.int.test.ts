// The jobs admin (decision 139): the access matrix (operator / signed-in person / visitor) of
// GET /v3/admin/jobs/, POST …/{id}/retry/ and DELETE …/{id}/; dead letters listed oldest first
// with their queue, data, retries and last error, paged; a retried one runs again on its queue
// (and, succeeding now, leaves the list); a deleted one is gone; unknown ids are JOB_NOT_FOUND.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queueConnectionOf, type DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { DeadJob } from '@corkboard/shared/jobs/api';
import { JobQueue } from '../../core/jobs/job-queue.ts';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let operator: UserFixture;
let person: UserFixture;
/** A worker process of its own on the same database, with a job that fails while `failing`. */
let worker: JobQueue;
let failing = true;
const succeeded: string[] = [];

const PROBE = 'probe-admin';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  operator = await f.user({ isAdmin: true });
  person = await f.user();
  test = await buildTestApp(handle.db);
  worker = new JobQueue({
    connection: queueConnectionOf(handle.db),
    log: pino({ level: 'silent' }),
    work: true,
    pollingIntervalSeconds: 0.5,
  });
  worker.define({
    name: PROBE,
    data: z.object({ n: z.number() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 1,
    expireInSeconds: 60,
    concurrency: 1,
    run: (data) => {
      if (failing) return Promise.reject(new Error(`probe ${data.n} failed`));
      succeeded.push(String(data.n));
      return Promise.resolve();
    },
  });
  await worker.start();
});

afterAll(async () => {
  await worker.stop();
  await test.close();
  await handle.close();
});

const list = (bookmark?: string) =>
  test.client.get<DeadJob[]>(
    `/v3/admin/jobs/?page_size=2${bookmark ? `&bookmark=${bookmark}` : ''}`,
    operator,
  );

async function deadJobsNow(): Promise<DeadJob[]> {
  return (await test.client.get<DeadJob[]>('/v3/admin/jobs/?page_size=50', operator)).data;
}

describe('the jobs admin', () => {
  it('refuses visitors (UNAUTHORIZED) and people who are not operators (ADMIN_REQUIRED)', async () => {
    const requests = [
      (who: UserFixture | null) => test.client.get('/v3/admin/jobs/', who),
      (who: UserFixture | null) =>
        test.client.send('POST', `/v3/admin/jobs/${UNKNOWN_ID}/retry/`, undefined, who),
      (who: UserFixture | null) =>
        test.client.send('DELETE', `/v3/admin/jobs/${UNKNOWN_ID}/`, undefined, who),
    ];
    for (const request of requests) {
      const visitor = await request(null);
      expect(visitor.status).toBe(401);
      expect(visitor.code).toBe(ERROR_CODES.UNAUTHORIZED.code);
      const someone = await request(person);
      expect(someone.status).toBe(403);
      expect(someone.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
      // The operator gets through to the rule itself.
      const admin = await request(operator);
      expect(admin.status === 200 || admin.code === ERROR_CODES.JOB_NOT_FOUND.code).toBe(true);
    }
  });

  it('lists dead letters oldest first, paged, with queue, data, retries and the last error', async () => {
    for (const n of [1, 2, 3]) {
      await worker.send(PROBE, { n });
      await expect.poll(async () => (await deadJobsNow()).length, { timeout: 20_000 }).toBe(n);
    }
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.data.map((job) => job.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(first.data[0]).toMatchObject({
      queue: PROBE,
      retry_count: 0,
      error: 'probe 1 failed',
    });
    expect(Date.parse(first.data[0]!.failed_at)).toBeGreaterThanOrEqual(
      Date.parse(first.data[0]!.accepted_at),
    );
    expect(first.bookmark).toBeDefined();
    const second = await list(first.bookmark);
    expect(second.data.map((job) => job.data)).toEqual([{ n: 3 }]);
    expect(second.bookmark).toBeUndefined();

    const bad = await list('not-a-bookmark');
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(ERROR_CODES.INVALID_BOOKMARK.code);
  });

  it('retries a dead letter onto its queue, deletes another, and answers JOB_NOT_FOUND after', async () => {
    const [one, two] = await deadJobsNow();
    failing = false;
    const retried = await test.client.send(
      'POST',
      `/v3/admin/jobs/${one!.id}/retry/`,
      undefined,
      operator,
    );
    expect(retried.status).toBe(200);
    expect(retried.data).toEqual({ id: one!.id });
    await expect.poll(() => succeeded, { timeout: 20_000 }).toEqual(['1']);

    const deleted = await test.client.send(
      'DELETE',
      `/v3/admin/jobs/${two!.id}/`,
      undefined,
      operator,
    );
    expect(deleted.status).toBe(200);
    expect((await deadJobsNow()).map((job) => job.data)).toEqual([{ n: 3 }]);

    for (const [method, url] of [
      ['POST', `/v3/admin/jobs/${one!.id}/retry/`],
      ['DELETE', `/v3/admin/jobs/${two!.id}/`],
      ['DELETE', `/v3/admin/jobs/${UNKNOWN_ID}/`],
    ] as const) {
      const again = await test.client.send(method, url, undefined, operator);
      expect(again.status).toBe(404);
      expect(again.code).toBe(ERROR_CODES.JOB_NOT_FOUND.code);
    }
    const malformed = await test.client.send(
      'POST',
      '/v3/admin/jobs/not-a-uuid/retry/',
      undefined,
      operator,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });
});

// The durable job queue (decision 139) on the test database (PGlite by default, PostgreSQL with
// DATABASE_URL): a job accepted by a process that stops before working it runs in the next
// process on the same database; a job that keeps failing is retried with growing delays and then
// dead-lettered, from where it can be retried (and then succeeds) or deleted.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queueConnectionOf, type DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { JobQueue, type JobDefinition } from './job-queue.ts';

let handle: DbHandle;
const log = pino({ level: 'silent' });
/** Fast polling so the tests wait for the work, not for the poll. */
const POLL = { pollingIntervalSeconds: 0.5 };

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

function queue(work: boolean): JobQueue {
  return new JobQueue({ connection: queueConnectionOf(handle.db), log, work, ...POLL });
}

const probeData = z.object({ label: z.string() });

function probe(
  name: string,
  run: JobDefinition<z.output<typeof probeData>>['run'],
  overrides: Partial<JobDefinition<z.output<typeof probeData>>> = {},
): JobDefinition<z.output<typeof probeData>> {
  return {
    name,
    data: probeData,
    retryLimit: 2,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 60,
    expireInSeconds: 60,
    concurrency: 1,
    run,
    ...overrides,
  };
}

describe('durable jobs', () => {
  it('runs a job accepted before the process stopped, in the next process', async () => {
    const before = queue(false);
    before.define(probe('probe-restart', () => Promise.reject(new Error('not in this process'))));
    const id = await before.send('probe-restart', { label: 'accepted' });
    await before.stop();

    const ran: { label: string; id: string }[] = [];
    const after = queue(true);
    after.define(
      probe('probe-restart', (data, context) => {
        ran.push({ label: data.label, id: context.id });
        return Promise.resolve();
      }),
    );
    await after.start();
    try {
      await expect.poll(() => ran, { timeout: 15_000, interval: 100 }).toHaveLength(1);
      expect(ran).toEqual([{ label: 'accepted', id }]);
      await expect.poll(() => after.pending('probe-restart'), { timeout: 10_000 }).toBe(0);
    } finally {
      await after.stop();
    }
  });

  it('retries with growing delays, dead-letters after the last retry, and retries or deletes a dead letter', async () => {
    let failing = true;
    const runs: { retryCount: number; at: number; label: string }[] = [];
    const worker = queue(true);
    worker.define(
      probe('probe-failing', (data, context) => {
        runs.push({ retryCount: context.retryCount, at: Date.now(), label: data.label });
        return failing
          ? Promise.reject(new Error(`attempt ${context.retryCount} failed`))
          : Promise.resolve();
      }),
    );
    await worker.start();
    try {
      const first = await worker.send('probe-failing', { label: 'one' });
      await expect
        .poll(() => worker.deadLetters({ limit: 10 }), { timeout: 30_000, interval: 200 })
        .toHaveLength(1);
      // The first run and two retries (retryLimit 2), nothing more.
      expect(runs.map((run) => run.retryCount)).toEqual([0, 1, 2]);
      // Backoff: a retry waits at least retryDelay × 2^(n−1) seconds after the failure before it.
      const [run0, run1, run2] = runs;
      expect(run1!.at - run0!.at).toBeGreaterThanOrEqual(1_000);
      expect(run2!.at - run1!.at).toBeGreaterThanOrEqual(2_000);

      const [dead] = await worker.deadLetters({ limit: 10 });
      expect(dead).toMatchObject({
        queue: 'probe-failing',
        data: { label: 'one' },
        retryCount: 2,
        error: 'attempt 2 failed',
      });
      expect(await worker.findDeadLetter(dead!.id)).toMatchObject({ queue: 'probe-failing' });

      // Retried from the dead letters, it runs again with all its retries and now succeeds.
      failing = false;
      expect(await worker.retryDeadLetter(dead!.id)).toBe(true);
      expect(await worker.deadLetters({ limit: 10 })).toEqual([]);
      await expect.poll(() => runs.length, { timeout: 15_000, interval: 100 }).toBe(4);
      expect(runs[3]).toMatchObject({ retryCount: 0, label: 'one' });
      expect(await worker.retryDeadLetter(dead!.id)).toBe(false);

      // A second job dies too; deleting its dead letter removes it for good.
      failing = true;
      const second = await worker.send('probe-failing', { label: 'two' });
      expect(second).not.toBe(first);
      await expect
        .poll(() => worker.deadLetters({ limit: 10 }), { timeout: 30_000, interval: 200 })
        .toHaveLength(1);
      const [secondDead] = await worker.deadLetters({ limit: 10 });
      expect(secondDead).toMatchObject({ data: { label: 'two' } });
      expect(await worker.deleteDeadLetter(secondDead!.id)).toBe(true);
      expect(await worker.deleteDeadLetter(secondDead!.id)).toBe(false);
      expect(await worker.deadLetters({ limit: 10 })).toEqual([]);
    } finally {
      await worker.stop();
    }
  }, 90_000);

  it('refuses a job nobody defined', async () => {
    const sender = queue(false);
    await expect(sender.send('nobody-defined-this', {})).rejects.toThrow(/not defined/);
    await sender.stop();
  });
});

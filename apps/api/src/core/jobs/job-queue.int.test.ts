// The durable job queue (decision 139) on the test database (PGlite by default, PostgreSQL with
// DATABASE_URL): a job accepted by a process that stops before working it runs in the next
// process on the same database; a job that keeps failing is retried with growing delays and then
// dead-lettered, from where it can be retried (and then succeeds) or deleted. Workers are woken,
// not polled (ADR 212): with pg-boss's timers stopped, a job sent in the process, a backlog left
// by an earlier process and a failed run's retry still run.
import pino from 'pino';
import { fromPglite, PgBoss, type Clock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queueConnectionOf, type DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { JOB_SCHEMA, JobQueue, type JobDefinition } from './job-queue.ts';

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

/**
 * pg-boss's clock with timers that never fire: no poll, no backstop, no maintenance. A job that
 * runs under it was started by a wake, not by a poll.
 */
const timersNeverFire: Clock = {
  now: () => Date.now(),
  setTimeout: () => ({}),
  clearTimeout: () => undefined,
  setInterval: () => ({}),
  clearInterval: () => undefined,
};

function unpolledQueue(): JobQueue {
  return new JobQueue({
    connection: queueConnectionOf(handle.db),
    log,
    work: true,
    clock: timersNeverFire,
  });
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

  it('starts a job sent in this process without waiting for a poll, on a queue created before wake-ups existed', async () => {
    // The queue exists already, without `notify` (every database before ADR 212).
    const connection = queueConnectionOf(handle.db);
    if (!connection) throw new Error('the test database has no queue connection');
    const old = new PgBoss(
      connection.kind === 'pglite'
        ? { schema: JOB_SCHEMA, db: fromPglite(connection.pglite), backend: 'pglite' }
        : { schema: JOB_SCHEMA, connectionString: connection.connectionString, max: 1 },
    );
    await old.start();
    await old.createQueue('probe-woken');
    expect((await old.getQueue('probe-woken'))?.notify).toBe(false);
    await old.stop({ graceful: false, close: true });

    const ran: string[] = [];
    const worker = unpolledQueue();
    worker.define(
      probe('probe-woken', (data) => {
        ran.push(data.label);
        return Promise.resolve();
      }),
    );
    await worker.start();
    try {
      // The worker's first fetch (at start) found nothing; its next poll never comes.
      await worker.send('probe-woken', { label: 'sent' });
      await expect.poll(() => ran, { timeout: 15_000, interval: 50 }).toEqual(['sent']);
      await worker.send('probe-woken', { label: 'again' });
      await expect.poll(() => ran, { timeout: 15_000, interval: 50 }).toEqual(['sent', 'again']);
    } finally {
      await worker.stop();
    }
  });

  it('drains a backlog accepted before the worker started, one run after another, without a poll', async () => {
    const sender = queue(false);
    sender.define(probe('probe-backlog', () => Promise.reject(new Error('not in this process'))));
    for (const label of ['one', 'two', 'three']) await sender.send('probe-backlog', { label });
    await sender.stop();

    const ran: string[] = [];
    const worker = unpolledQueue();
    // One run at a time: the first fetch takes one job; the rest need a fetch after each run.
    worker.define(
      probe('probe-backlog', (data) => {
        ran.push(data.label);
        return Promise.resolve();
      }),
    );
    await worker.start();
    try {
      await expect
        .poll(() => [...ran].sort(), { timeout: 20_000, interval: 50 })
        .toEqual(['one', 'three', 'two']);
      await expect.poll(() => worker.pending('probe-backlog')).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('runs a failed run’s retry when it falls due, without a poll', async () => {
    const runs: number[] = [];
    const worker = unpolledQueue();
    worker.define(
      probe('probe-retry-wake', (_data, context) => {
        runs.push(context.retryCount);
        return context.retryCount === 0
          ? Promise.reject(new Error('first run fails'))
          : Promise.resolve();
      }),
    );
    await worker.start();
    try {
      await worker.send('probe-retry-wake', { label: 'retried' });
      // retryDelaySeconds 1: the retry is due 1–2 s after the failure.
      await expect.poll(() => runs, { timeout: 20_000, interval: 100 }).toEqual([0, 1]);
      await expect.poll(() => worker.pending('probe-retry-wake')).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('refuses a job nobody defined', async () => {
    const sender = queue(false);
    await expect(sender.send('nobody-defined-this', {})).rejects.toThrow(/not defined/);
    await sender.stop();
  });
});

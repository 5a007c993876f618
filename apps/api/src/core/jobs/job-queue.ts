// The durable job queue (docs/decisions/139): pg-boss in the application's own database, on the
// embedded PGlite default (sharing its one connection; PGlite serialises statements and Kysely's
// transactions hold its lock) or on PostgreSQL (pg-boss's own small pool). Modules define their
// jobs while their routes register; the queue starts lazily for a process that only sends jobs
// (PROCESS_ROLE=api) and at start for one that works them (`all`, `worker`). A job that fails is
// retried with exponential backoff; after its last retry pg-boss copies it into one dead-letter
// queue, which the jobs admin lists, retries (redrive) and deletes.
//
// Waking workers (ADR 212): a working process LISTENs on pg-boss's channel and every queue is
// `notify`, so a job accepted by any process on the database (this one, or an API process apart)
// wakes the queue's workers at once through the NOTIFY its insert commits; the workers then poll
// only as a backstop (JOB_NOTIFY_BACKSTOP_SECONDS). What the NOTIFY does not cover is woken here:
// after a run the queue's workers fetch again at once (a backlog drains without waiting for the
// backstop), and a failed run's retry wakes them when it falls due. Without a listener (it could
// not be established) pg-boss polls every JOB_POLLING_INTERVAL_SECONDS as before.
import type { FastifyBaseLogger } from 'fastify';
import {
  fromPglite,
  PgBoss,
  type Clock,
  type ConstructorOptions,
  type JobWithMetadata,
} from 'pg-boss';
import type { z } from 'zod';
import type { QueueConnection } from '@corkboard/db/create-db';

/** The Postgres schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';
/** Where every job lands after its last retry. */
export const DEAD_LETTER_QUEUE = 'dead-letters';
/** Decision: a dead letter is kept this long for an operator to retry or delete (30 days). */
export const DEAD_LETTER_RETENTION_SECONDS = 30 * 24 * 60 * 60;
/**
 * Decision: an idle worker asks for new jobs this often when no LISTEN/NOTIFY listener could be
 * established (pg-boss's default).
 */
export const JOB_POLLING_INTERVAL_SECONDS = 2;
/**
 * Decision (ADR 212): with the listener up, an idle worker still asks for new jobs this often — a
 * backstop for what no NOTIFY and no local wake announces: a run expired or failed by another
 * process's supervisor (its retry), a retry of a run that failed in another process. Equal to
 * JOB_SUPERVISE_INTERVAL_SECONDS, the cadence at which such jobs appear anyway.
 */
export const JOB_NOTIFY_BACKSTOP_SECONDS = 10;
/**
 * Decision (ADR 212): after a failed run with retries left, the job's recorded retry time is read
 * this long after the failure (pg-boss records it right after the handler throws; the earliest
 * retry is 1 s away) and, should the failure not be recorded yet, read again as often, at most
 * JOB_RETRY_WAKE_READS times.
 */
export const JOB_RETRY_WAKE_READ_DELAY_MS = 500;
export const JOB_RETRY_WAKE_READS = 4;
/**
 * Decision (ADR 212): a retry wake fires this long after the recorded retry time — the database
 * keeps microseconds, a JavaScript date milliseconds, and a timer may fire a little early — so the
 * fetch it causes finds the retry due.
 */
export const JOB_RETRY_WAKE_SLACK_MS = 100;
/** Decision: pg-boss connections per process on PostgreSQL (the app's own pool has 10). */
export const JOB_POOL_SIZE = 3;
/**
 * Decision: how often a working process runs pg-boss's supervisor (expiring runs whose process
 * died, failing runs whose heartbeat stopped, retention); pg-boss's default is 60 s.
 */
export const JOB_SUPERVISE_INTERVAL_SECONDS = 10;
/**
 * Decision: running jobs get this long to finish when the process stops (inside main.ts's 10 s
 * shutdown budget); a job cut off is retried by the next worker.
 */
export const JOB_STOP_TIMEOUT_MS = 8_000;

export interface JobRunContext {
  id: string;
  /** Retries before this run (0 on the first). */
  retryCount: number;
  /** Aborted when the run expires or the process stops. */
  signal: AbortSignal;
}

export interface JobDefinition<T> {
  /** The queue name: letters, digits and dashes. */
  name: string;
  /** The job's data, checked before every run (a job whose data does not parse fails). */
  data: z.ZodType<T>;
  /** Runs after the first failure (so `retryLimit + 1` runs at most) before the dead letter. */
  retryLimit: number;
  /** Seconds before the first retry; each later one waits about twice as long (backoff). */
  retryDelaySeconds: number;
  /** The longest wait between two runs. */
  retryDelayMaxSeconds: number;
  /** A run still going after this long is failed (and retried), e.g. after a crash. */
  expireInSeconds: number;
  /**
   * When set, a running job's worker refreshes a heartbeat; a run whose heartbeat is this old
   * (its process died) is failed and retried without waiting for `expireInSeconds` (≥ 10).
   */
  heartbeatSeconds?: number;
  /** Runs of this job at once in one process. */
  concurrency: number;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  /**
   * pg-boss's queue policy (default `standard`). `stately`: at most one job waiting and one
   * running, so `sendUnlessQueued` can ask for a run from several processes and one is kept
   * (the 170x backfill, decision 143).
   */
  policy?: 'standard' | 'stately';
  run(data: T, context: JobRunContext): Promise<void>;
}

/** One job that failed its last retry, as the jobs admin shows it. */
export interface DeadLetter {
  id: string;
  /** The queue it failed on. */
  queue: string;
  data: unknown;
  /** Retries the job used before it was given up. */
  retryCount: number;
  /** The last run's error message, when it threw one. */
  error: string | null;
  /** When the job was first accepted. */
  acceptedAt: Date;
  /** When it was given up. */
  deadAt: Date;
}

export interface JobQueueOptions {
  /** Where the database lives (`queueConnectionOf(db)`); undefined makes every use throw. */
  connection: QueueConnection | undefined;
  log: FastifyBaseLogger;
  /** Work the jobs and run the schedules in this process (PROCESS_ROLE all | worker). */
  work: boolean;
  pollingIntervalSeconds?: number;
  /**
   * pg-boss's source of time and timers (its polls, maintenance and schedules); the system clock
   * by default. Tests pass one whose timers never fire, to show a job runs without any poll.
   */
  clock?: Clock;
}

type AnyDefinition = JobDefinition<unknown>;

function bossOptions(
  connection: QueueConnection,
  work: boolean,
  clock: Clock | undefined,
): ConstructorOptions {
  const common: ConstructorOptions = {
    schema: JOB_SCHEMA,
    // Only a process that works jobs listens (on PostgreSQL: one more connection, pg-boss's own).
    useListenNotify: work,
    ...(clock === undefined ? {} : { clock }),
    // Maintenance (expiring runs of crashed processes, retention) and cron only where jobs run.
    supervise: work,
    schedule: work,
    migrate: true,
    ...(work
      ? {
          superviseIntervalSeconds: JOB_SUPERVISE_INTERVAL_SECONDS,
          monitorIntervalSeconds: JOB_SUPERVISE_INTERVAL_SECONDS,
        }
      : {}),
  };
  return connection.kind === 'pglite'
    ? { ...common, db: fromPglite(connection.pglite), backend: 'pglite' }
    : { ...common, connectionString: connection.connectionString, max: JOB_POOL_SIZE };
}

function errorMessage(output: unknown): string | null {
  if (typeof output !== 'object' || output === null) return null;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message : null;
}

export class JobQueue {
  readonly #options: JobQueueOptions;
  readonly #definitions = new Map<string, AnyDefinition>();
  /** This process's pg-boss workers of each queue (`localConcurrency` of them). */
  readonly #workerIds = new Map<string, string[]>();
  /** Pending retry wakes, cleared on stop. */
  readonly #retryWakes = new Set<ReturnType<typeof setTimeout>>();
  #starting: Promise<PgBoss> | undefined;
  #stopped = false;

  constructor(options: JobQueueOptions) {
    this.#options = options;
  }

  /** Whether this process works jobs (and runs schedules). */
  get works(): boolean {
    return this.#options.work;
  }

  /** Declares a job; call before `start()` (modules do it while their routes register). */
  define<T>(definition: JobDefinition<T>): void {
    if (this.#definitions.has(definition.name)) {
      throw new Error(`job ${definition.name} is defined twice`);
    }
    // `run` only ever gets what the definition's own schema produced.
    this.#definitions.set(definition.name, definition);
  }

  /** Creates the queue's tables and queues, then starts the workers when this process works. */
  async start(): Promise<void> {
    await this.#boss();
  }

  /** Accepts a job: it is in the database when this resolves, and runs even after a crash. */
  async send(name: string, data: object): Promise<string> {
    if (!this.#definitions.has(name)) throw new Error(`job ${name} is not defined`);
    const boss = await this.#boss();
    const id = await boss.send(name, data);
    if (id === null) throw new Error(`job ${name} was not accepted`);
    return id;
  }

  /**
   * Like `send`, for a `stately` queue: resolves null, accepting nothing, when a job of that
   * queue is already waiting (another process asked first).
   */
  async sendUnlessQueued(name: string, data: object): Promise<string | null> {
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`job ${name} is not defined`);
    if (definition.policy !== 'stately') throw new Error(`job ${name} is not stately`);
    const boss = await this.#boss();
    return boss.send(name, data);
  }

  /**
   * Runs, in this process and one at a time, the jobs of `name` that are due now, until none is
   * left; answers how many ran (a failed run counts and goes to its retry or dead letter as with
   * a worker). For tests of processes that work no jobs (`PROCESS_ROLE=api`) and for scripts:
   * what a worker would do, without waiting for a poll.
   */
  async workDue(name: string): Promise<number> {
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`job ${name} is not defined`);
    const boss = await this.#boss();
    let ran = 0;
    for (;;) {
      const [job] = await boss.fetch(name, { batchSize: 1 });
      if (!job) return ran;
      ran += 1;
      try {
        const data = definition.data.parse(job.data);
        await definition.run(data, { id: job.id, retryCount: job.retryCount, signal: job.signal });
        await boss.complete(name, job.id);
      } catch (error) {
        this.#options.log.warn(
          { err: error, job: name, job_id: job.id, retryCount: job.retryCount },
          'job failed',
        );
        const message = error instanceof Error ? error.message : String(error);
        await boss.fail(name, job.id, { message });
      }
    }
  }

  /** Dead letters, oldest first, `limit` at most, after the dead letter `after` (a page's last). */
  async deadLetters(page: { limit: number; after?: string | undefined }): Promise<DeadLetter[]> {
    const boss = await this.#boss();
    const jobs = await boss.findJobs(DEAD_LETTER_QUEUE, {
      queued: true,
      limit: page.limit,
      ...(page.after === undefined ? {} : { after: page.after }),
    });
    return jobs.map((job) => this.#deadLetter(job));
  }

  async findDeadLetter(id: string): Promise<DeadLetter | null> {
    const boss = await this.#boss();
    const [job] = await boss.findJobs(DEAD_LETTER_QUEUE, { id, queued: true });
    return job ? this.#deadLetter(job) : null;
  }

  /** Sends a dead letter back to the queue it failed on (a fresh job with all its retries). */
  async retryDeadLetter(id: string): Promise<boolean> {
    const boss = await this.#boss();
    const letter = await this.findDeadLetter(id);
    const moved = await boss.redrive(DEAD_LETTER_QUEUE, { ids: [id], limit: 1 });
    // pg-boss's redrive sends no NOTIFY: this process's workers of the queue fetch it now (another
    // process's find it at their backstop poll).
    if (moved === 1 && letter) this.#wake(boss, letter.queue);
    return moved === 1;
  }

  async deleteDeadLetter(id: string): Promise<boolean> {
    const boss = await this.#boss();
    if (!(await this.findDeadLetter(id))) return false;
    await boss.deleteJob(DEAD_LETTER_QUEUE, id);
    return true;
  }

  /** Jobs of `name` waiting or running (tests poll this instead of sleeping). */
  async pending(name: string): Promise<number> {
    const boss = await this.#boss();
    const jobs = await boss.findJobs(name, { queued: true });
    return jobs.length;
  }

  /** Stops the workers (running jobs get JOB_STOP_TIMEOUT_MS) and closes pg-boss's connections. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#retryWakes) clearTimeout(timer);
    this.#retryWakes.clear();
    const starting = this.#starting;
    if (!starting) return;
    const boss = await starting.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: JOB_STOP_TIMEOUT_MS, close: true });
  }

  #deadLetter(job: JobWithMetadata<unknown>): DeadLetter {
    return {
      id: job.id,
      queue: job.sourceName ?? DEAD_LETTER_QUEUE,
      data: job.data,
      retryCount: job.sourceRetryCount ?? 0,
      error: errorMessage(job.sourceOutput),
      acceptedAt: job.sourceCreatedOn ?? job.createdOn,
      deadAt: job.createdOn,
    };
  }

  #boss(): Promise<PgBoss> {
    if (this.#stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.#starting ??= this.#open();
    return this.#starting;
  }

  async #open(): Promise<PgBoss> {
    const { connection, log, work } = this.#options;
    if (!connection) throw new Error('the job queue has no database connection');
    const boss = new PgBoss(bossOptions(connection, work, this.#options.clock));
    boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
    for (const definition of this.#definitions.values()) {
      const settings = {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: definition.retryDelayMaxSeconds,
        expireInSeconds: definition.expireInSeconds,
        ...(definition.heartbeatSeconds === undefined
          ? {}
          : { heartbeatSeconds: definition.heartbeatSeconds }),
        ...(definition.policy === undefined ? {} : { policy: definition.policy }),
      };
      await boss.createQueue(definition.name, {
        ...settings,
        deadLetter: DEAD_LETTER_QUEUE,
        notify: true,
      });
      // createQueue leaves an existing queue as it is: one created before ADR 212 gets `notify`.
      const queue = await boss.getQueue(definition.name);
      if (queue && !queue.notify) await boss.updateQueue(definition.name, { notify: true });
    }
    if (work) {
      for (const definition of this.#definitions.values()) await this.#work(boss, definition);
    }
    return boss;
  }

  async #work(boss: PgBoss, definition: AnyDefinition): Promise<void> {
    const { log } = this.#options;
    const pollingIntervalSeconds =
      this.#options.pollingIntervalSeconds ?? JOB_POLLING_INTERVAL_SECONDS;
    const { name } = definition;
    const workId = await boss.work(
      name,
      {
        pollingIntervalSeconds,
        notifyPollingIntervalSeconds: Math.max(JOB_NOTIFY_BACKSTOP_SECONDS, pollingIntervalSeconds),
        localConcurrency: definition.concurrency,
        batchSize: 1,
      },
      async ([job]) => {
        if (!job) return;
        const { retryCount } = job;
        try {
          const data = definition.data.parse(job.data);
          await definition.run(data, { id: job.id, retryCount, signal: job.signal });
        } catch (error) {
          log.warn({ err: error, job: name, job_id: job.id, retryCount }, 'job failed');
          if (retryCount < definition.retryLimit) this.#wakeForRetry(boss, name, job.id);
          throw error;
        } finally {
          // The worker that ran this fetches again as soon as pg-boss has settled the job, and an
          // idle one at once: a backlog (jobs accepted while this process was down, or sent while
          // the workers were busy) drains without waiting for the backstop poll.
          this.#wake(boss, name);
        }
      },
    );
    this.#workerIds.set(
      name,
      boss.getWipData().flatMap((worker) => (worker.workId === workId ? [worker.id] : [])),
    );
    if (definition.cron !== undefined) {
      await boss.schedule(definition.name, definition.cron, null, { tz: 'UTC' });
    }
  }

  /** Every worker of `name` in this process fetches now (a busy one right after its job). */
  #wake(boss: PgBoss, name: string): void {
    for (const id of this.#workerIds.get(name) ?? []) boss.notifyWorker(id);
  }

  /**
   * A failed run's retry is due at a time pg-boss draws (backoff with jitter) and records as the
   * job's start; no NOTIFY announces it. Read it once recorded and wake the queue's workers then,
   * so a retry runs when due rather than at the next backstop poll.
   */
  #wakeForRetry(boss: PgBoss, name: string, id: string, reads = 1): void {
    this.#later(JOB_RETRY_WAKE_READ_DELAY_MS, async () => {
      const [job] = await boss.findJobs(name, { id });
      if (!job) return;
      if (job.state === 'active') {
        // The failure is not recorded yet (a busy database): read again.
        if (reads < JOB_RETRY_WAKE_READS) this.#wakeForRetry(boss, name, id, reads + 1);
        return;
      }
      if (job.state !== 'retry' && job.state !== 'created') return;
      this.#wakeAt(boss, name, job.startAfter.getTime() + JOB_RETRY_WAKE_SLACK_MS);
    });
  }

  /** Wakes the queue's workers at `at` (epoch ms), not before (a timer may fire early). */
  #wakeAt(boss: PgBoss, name: string, at: number): void {
    this.#later(Math.max(0, at - Date.now()), () => {
      if (Date.now() < at) this.#wakeAt(boss, name, at);
      else this.#wake(boss, name);
      return Promise.resolve();
    });
  }

  #later(ms: number, task: () => Promise<void>): void {
    if (this.#stopped) return;
    const timer = setTimeout(() => {
      this.#retryWakes.delete(timer);
      if (this.#stopped) return;
      task().catch((error: unknown) => {
        // Only a wake is lost: the backstop poll still finds the retry.
        if (!this.#stopped) this.#options.log.warn({ err: error }, 'job retry wake failed');
      });
    }, ms);
    timer.unref();
    this.#retryWakes.add(timer);
  }
}

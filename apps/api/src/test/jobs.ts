// Job helpers for tests: what a worker would do, without waiting for polls or backoff.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { JOB_SCHEMA } from '../core/jobs/job-queue.ts';

/**
 * Makes the retries of `queue` due now (pg-boss keeps a retry's `start_after` in the future by
 * the backoff), so a test can run every retry with `jobs.workDue` and no waiting.
 */
export async function makeRetriesDue(db: Kysely<Database>, queue: string): Promise<void> {
  await sql`UPDATE ${sql.id(JOB_SCHEMA, 'job')} SET start_after = now()
    WHERE name = ${queue} AND state = 'retry'`.execute(db);
}

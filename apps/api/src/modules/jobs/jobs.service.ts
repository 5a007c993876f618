// The dead-letter list of the durable job queue (docs/decisions/139): jobs that failed their last
// retry, oldest first, for operators to retry (back onto their own queue, with all their retries)
// or delete. The queue itself lives in core/jobs (pg-boss); this module only reads and acts on it.
import { AppError } from '@corkboard/shared/app-error';
import type { DeadJob } from '@corkboard/shared/jobs/api';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Page } from '../../core/bookmarks.ts';
import type { DeadLetter } from '../../core/jobs/job-queue.ts';
import type { PageRequest } from '../../core/schemas.ts';

const BOOKMARK_PAYLOAD = /^job:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Longest bookmark decoded (`job:` + a UUID, base64url, is 55 characters). */
const MAX_BOOKMARK_LENGTH = 64;

function encodeBookmark(id: string): string {
  return Buffer.from(`job:${id}`, 'utf8').toString('base64url');
}

/** The dead letter to continue after; INVALID_BOOKMARK for anything we did not issue. */
function decodeBookmark(bookmark: string | undefined): string | undefined {
  if (bookmark === undefined || bookmark === '') return undefined;
  if (bookmark.length > MAX_BOOKMARK_LENGTH || !/^[A-Za-z0-9_-]+$/.test(bookmark)) {
    throw new AppError('INVALID_BOOKMARK');
  }
  const payload = Buffer.from(bookmark, 'base64url').toString('utf8');
  const id = BOOKMARK_PAYLOAD.exec(payload)?.[1];
  if (id === undefined || encodeBookmark(id) !== bookmark) throw new AppError('INVALID_BOOKMARK');
  return id;
}

function serialize(dead: DeadLetter): DeadJob {
  const data =
    typeof dead.data === 'object' && dead.data !== null && !Array.isArray(dead.data)
      ? (dead.data as Record<string, unknown>)
      : null;
  return {
    id: dead.id,
    queue: dead.queue,
    data,
    retry_count: dead.retryCount,
    error: dead.error,
    accepted_at: dead.acceptedAt.toISOString(),
    failed_at: dead.deadAt.toISOString(),
  };
}

export async function deadJobs(
  deps: Pick<AppDeps, 'jobs'>,
  page: PageRequest,
): Promise<Page<DeadJob>> {
  const after = decodeBookmark(page.bookmark);
  // The page's last dead letter may have been retried or deleted since: start again from the top
  // rather than fail (pg-boss refuses an `after` that no longer exists).
  const start = after !== undefined && (await deps.jobs.findDeadLetter(after)) ? after : undefined;
  const rows = await deps.jobs.deadLetters({ limit: page.pageSize + 1, after: start });
  const items = rows.slice(0, page.pageSize);
  const last = items.at(-1);
  return {
    items: items.map(serialize),
    bookmark: rows.length > page.pageSize && last ? encodeBookmark(last.id) : undefined,
  };
}

export async function retryDeadJob(deps: Pick<AppDeps, 'jobs' | 'log'>, id: string): Promise<void> {
  if (!(await deps.jobs.retryDeadLetter(id))) {
    throw new AppError('JOB_NOT_FOUND', { data: { field: 'id' } });
  }
  deps.log.info({ job_id: id }, 'dead job retried by an operator');
}

export async function deleteDeadJob(
  deps: Pick<AppDeps, 'jobs' | 'log'>,
  id: string,
): Promise<void> {
  if (!(await deps.jobs.deleteDeadLetter(id))) {
    throw new AppError('JOB_NOT_FOUND', { data: { field: 'id' } });
  }
  deps.log.info({ job_id: id }, 'dead job deleted by an operator');
}

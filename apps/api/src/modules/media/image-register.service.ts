// PUT /v3/pins/image/ (saving.md §7 "registers the pin image; asynchronous; result not shown") and
// GET /v3/pins/image/{id}/ (ours, docs/decisions/008). The PUT answers a job id at once (202);
// a bounded in-process queue downloads the image through the SSRF-safe fetcher and runs the media
// pipeline; a job that succeeds holds a `media_upload_id` the client can save as a pin.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ImageIntakeJobData } from '@corkboard/shared/saving/api';
import type { AppDeps } from '../../core/app-deps.ts';
import { WorkQueue } from '../../lib/work-queue.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { createMediaUpload, fetchImageBytes } from './image-intake.service.ts';
import {
  countUnfinishedJobs,
  deleteJob,
  findOwnJob,
  finishJob,
  insertJob,
  markJobProcessing,
  type ImageIntakeJobRow,
} from './media.repository.ts';

/** Decision: images processed at once per server (2 cores; sharp itself uses the thread pool). */
export const IMAGE_INTAKE_CONCURRENCY = 2;
/** Decision: images waiting per server before IMAGE_INTAKE_BUSY (≤ 50 × 32 MiB in flight at worst). */
export const IMAGE_INTAKE_QUEUE_MAX = 50;
/** Decision: unfinished registrations one person may have at a time. */
export const IMAGE_INTAKE_PER_USER_MAX = 5;
/**
 * A job still pending or processing after this long was lost (the server restarted or the
 * request that owned it died): it is answered as failed with URL_TIMEOUT.
 */
export const IMAGE_INTAKE_STALE_MS = 10 * 60_000;

const MESSAGES_BY_CODE = new Map<number, string>(
  Object.values(ERROR_CODES).map((definition) => [definition.code, definition.message]),
);

export function createIntakeQueue(log: FastifyBaseLogger): WorkQueue {
  return new WorkQueue({
    concurrency: IMAGE_INTAKE_CONCURRENCY,
    maxQueued: IMAGE_INTAKE_QUEUE_MAX,
    onError: (error) => log.error({ err: error }, 'image intake task failed'),
  });
}

function serializeJob(row: ImageIntakeJobRow, now: Date): ImageIntakeJobData {
  const unfinished = row.status === 'pending' || row.status === 'processing';
  const stale = unfinished && now.getTime() - row.updated_at.getTime() > IMAGE_INTAKE_STALE_MS;
  const errorCode = stale ? ERROR_CODES.URL_TIMEOUT.code : row.error_code;
  return {
    id: row.id,
    status: stale ? 'failed' : row.status,
    image_url: row.image_url,
    media_upload_id: row.media_upload_id,
    error:
      errorCode === null
        ? null
        : {
            api_error_code: errorCode,
            message: MESSAGES_BY_CODE.get(errorCode) ?? ERROR_CODES.INTERNAL.message,
          },
    created_at: row.created_at.toISOString(),
  };
}

async function runJob(
  deps: AppDeps,
  job: { id: string; userId: string; url: string },
  signal: AbortSignal,
): Promise<void> {
  await markJobProcessing(deps.db, job.id, deps.now());
  try {
    const bytes = await fetchImageBytes(deps.fetcher, job.url, signal);
    // Background work whose own queue is bounded: it waits for the image pool, never refused.
    const upload = await createMediaUpload(deps, job.userId, bytes, 'url', 'wait');
    await finishJob(
      deps.db,
      job.id,
      { status: 'succeeded', mediaUploadId: upload.media_upload_id },
      deps.now(),
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.httpStatus >= 500) {
      deps.log.warn({ err: error, job_id: job.id }, 'image intake job failed');
    }
    const code = error instanceof AppError ? error.code : ERROR_CODES.INTERNAL.code;
    await finishJob(deps.db, job.id, { status: 'failed', errorCode: code }, deps.now());
  }
}

/** PUT /v3/pins/image/: registers the job and queues it (IMAGE_INTAKE_BUSY when full). */
export async function registerImage(
  deps: AppDeps,
  viewer: Viewer,
  url: string,
): Promise<ImageIntakeJobData> {
  const queue = deps.imageIntake;
  const unfinished = await countUnfinishedJobs(
    deps.db,
    viewer.id,
    new Date(deps.now().getTime() - IMAGE_INTAKE_STALE_MS),
  );
  if (unfinished >= IMAGE_INTAKE_PER_USER_MAX) {
    throw new AppError('IMAGE_INTAKE_BUSY', { data: { scope: 'user' } });
  }
  const now = deps.now();
  const job = await insertJob(deps.db, { userId: viewer.id, imageUrl: url, now });
  const accepted = queue.enqueue(
    (signal) => runJob(deps, { id: job.id, userId: viewer.id, url }, signal),
    () =>
      finishJob(
        deps.db,
        job.id,
        { status: 'failed', errorCode: ERROR_CODES.IMAGE_INTAKE_BUSY.code },
        deps.now(),
      ),
  );
  if (!accepted) {
    // The queue is full: nothing was registered.
    await deleteJob(deps.db, job.id);
    throw new AppError('IMAGE_INTAKE_BUSY', { data: { scope: 'server' } });
  }
  return serializeJob(job, now);
}

/** GET /v3/pins/image/{id}/: the viewer's own job (someone else's is as unknown as a missing one). */
export async function imageJobStatus(
  deps: AppDeps,
  viewer: Viewer,
  jobId: string,
): Promise<ImageIntakeJobData> {
  const job = await findOwnJob(deps.db, viewer.id, jobId);
  if (!job) throw new AppError('NOT_FOUND', { data: { field: 'id' } });
  return serializeJob(job, deps.now());
}

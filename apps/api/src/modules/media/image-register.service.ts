// PUT /v3/pins/image/ (saving.md §7 "registers the pin image; asynchronous; result not shown") and
// GET /v3/pins/image/{id}/ (ours, docs/decisions/008). The PUT records the registration and
// accepts a durable `image-intake` job (decision 139) before it answers 202 with the job id; a
// worker downloads the image through the SSRF-safe fetcher and runs the media pipeline; a job
// that succeeds holds a `media_upload_id` the client can save as a pin (the client polls the GET).
// An accepted registration survives a crash: the job runs when a worker is back.
import { AppError } from '@corkboard/shared/app-error';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ImageIntakeJobData } from '@corkboard/shared/saving/api';
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import type { JobRunContext } from '../../core/jobs/job-queue.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { createMediaUpload, fetchImageBytes } from './image-intake.service.ts';
import {
  countUnfinishedJobs,
  deleteJob,
  findJob,
  findOwnJob,
  finishJob,
  insertJob,
  markJobProcessing,
  type ImageIntakeJobRow,
} from './media.repository.ts';

export const IMAGE_INTAKE_JOB = 'image-intake';
/** Decision: images downloaded at once per worker process (decoding is bounded by ImageWorkPool). */
export const IMAGE_INTAKE_CONCURRENCY = 2;
/** Decision (139): a download that fails for a reason other than the URL's own answer is retried. */
export const IMAGE_INTAKE_RETRY_LIMIT = 3;
export const IMAGE_INTAKE_RETRY_DELAY_SECONDS = 5;
const IMAGE_INTAKE_RETRY_DELAY_MAX_SECONDS = 60;
/** A run longer than this (a download has its own time limits) is treated as crashed. */
const IMAGE_INTAKE_EXPIRE_SECONDS = 5 * 60;
/**
 * Decision (139): a run whose worker stops beating for this long (killed) is retried by another,
 * within about this plus JOB_SUPERVISE_INTERVAL_SECONDS, instead of after the 5-minute expiry.
 */
export const IMAGE_INTAKE_HEARTBEAT_SECONDS = 15;
/** Decision: unfinished registrations one person may have at a time. */
export const IMAGE_INTAKE_PER_USER_MAX = 5;
/**
 * A registration still pending or processing after this long is answered as failed with
 * URL_TIMEOUT (no worker took it in time, e.g. none was running); a job that reaches a worker
 * later finds it so and does nothing, so the answer never changes afterwards.
 */
export const IMAGE_INTAKE_STALE_MS = 10 * 60_000;

const MESSAGES_BY_CODE = new Map<number, string>(
  Object.values(ERROR_CODES).map((definition) => [definition.code, definition.message]),
);

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

const intakeJobData = z.object({ job_id: z.string().regex(/^[1-9][0-9]*$/) });

function isStale(row: ImageIntakeJobRow, now: Date): boolean {
  return now.getTime() - row.updated_at.getTime() > IMAGE_INTAKE_STALE_MS;
}

/**
 * One run of an `image-intake` job. The URL's own answer (not an image, blocked, too large, …: an
 * AppError below 500) is final and recorded at once; anything else is thrown, so the queue
 * retries it, and recorded as failed on the last try.
 */
async function runIntakeJob(deps: AppDeps, jobId: string, context: JobRunContext): Promise<void> {
  const job = await findJob(deps.db, jobId);
  // Done already (a run that finished before its process died), or withdrawn.
  if (!job || job.status === 'succeeded' || job.status === 'failed') return;
  if (isStale(job, deps.now())) {
    await finishJob(
      deps.db,
      job.id,
      { status: 'failed', errorCode: ERROR_CODES.URL_TIMEOUT.code },
      deps.now(),
    );
    return;
  }
  await markJobProcessing(deps.db, job.id, deps.now());
  try {
    const bytes = await fetchImageBytes(deps.fetcher, job.image_url, context.signal);
    // Background work: it waits for the image pool, never refused.
    const upload = await createMediaUpload(deps, job.user_id, bytes, 'url', 'wait');
    await finishJob(
      deps.db,
      job.id,
      { status: 'succeeded', mediaUploadId: upload.media_upload_id },
      deps.now(),
    );
  } catch (error) {
    const final = error instanceof AppError && error.httpStatus < 500;
    if (final || context.retryCount >= IMAGE_INTAKE_RETRY_LIMIT) {
      const code = error instanceof AppError ? error.code : ERROR_CODES.INTERNAL.code;
      await finishJob(deps.db, job.id, { status: 'failed', errorCode: code }, deps.now());
    }
    if (!final) throw error;
  }
}

/** Declares the `image-intake` job (media.routes.ts, while the routes register). */
export function defineImageIntakeJob(deps: AppDeps): void {
  deps.jobs.define({
    name: IMAGE_INTAKE_JOB,
    data: intakeJobData,
    retryLimit: IMAGE_INTAKE_RETRY_LIMIT,
    retryDelaySeconds: IMAGE_INTAKE_RETRY_DELAY_SECONDS,
    retryDelayMaxSeconds: IMAGE_INTAKE_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: IMAGE_INTAKE_EXPIRE_SECONDS,
    heartbeatSeconds: IMAGE_INTAKE_HEARTBEAT_SECONDS,
    concurrency: IMAGE_INTAKE_CONCURRENCY,
    run: (data, context) => runIntakeJob(deps, data.job_id, context),
  });
}

/** PUT /v3/pins/image/: records the registration and accepts its durable job. */
export async function registerImage(
  deps: AppDeps,
  viewer: Viewer,
  url: string,
): Promise<ImageIntakeJobData> {
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
  try {
    await deps.jobs.send(IMAGE_INTAKE_JOB, { job_id: job.id });
  } catch (error) {
    // Not accepted: nothing was registered.
    await deleteJob(deps.db, job.id);
    throw error;
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

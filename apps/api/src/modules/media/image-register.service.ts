// PUT /v3/pins/image/ (saving.md §7 "registers the pin image; asynchronous; result not shown") and
// GET /v3/pins/image/{id}/ (ours, docs/decisions/008). The PUT answers a job id at once (202);
// a bounded in-process queue downloads the image through the SSRF-safe fetcher and runs the media
// pipeline; a job that succeeds holds a `media_upload_id` the client can save as a pin.
import type { Kysely } from 'kysely';
import type { Database, ImageIntakeJobsTable } from '@corkboard/db/schema';
import type { Selectable } from 'kysely';
import { AppError } from '@corkboard/shared/app-error';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { registerImageBodySchema, type ImageIntakeJobData } from '@corkboard/shared/saving/api';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireViewer } from '../../core/board-access.ts';
import type { SavingDeps } from '../../core/app-deps.ts';
import { parseSavingInput } from '../../core/input-errors.ts';
import { createMediaUpload, fetchImageBytes } from './image-intake.service.ts';
import { IntakeQueue } from './intake-queue.ts';

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

type JobRow = Selectable<ImageIntakeJobsTable>;

const MESSAGES_BY_CODE = new Map<number, string>(
  Object.values(ERROR_CODES).map((definition) => [definition.code, definition.message]),
);

export function createIntakeQueue(log: SavingDeps['log']): IntakeQueue {
  return new IntakeQueue({
    concurrency: IMAGE_INTAKE_CONCURRENCY,
    maxQueued: IMAGE_INTAKE_QUEUE_MAX,
    onError: (error) => log.error({ err: error }, 'image intake task failed'),
  });
}

function serializeJob(row: JobRow, now: Date): ImageIntakeJobData {
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

async function finishJob(
  db: Kysely<Database>,
  jobId: string,
  values: { status: 'succeeded' | 'failed'; mediaUploadId?: string; errorCode?: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable('image_intake_jobs')
    .set({
      status: values.status,
      media_upload_id: values.mediaUploadId ?? null,
      error_code: values.errorCode ?? null,
      updated_at: now,
    })
    .where('id', '=', jobId)
    .execute();
}

async function runJob(
  deps: SavingDeps,
  job: { id: string; userId: string; url: string },
  signal: AbortSignal,
): Promise<void> {
  await deps.db
    .updateTable('image_intake_jobs')
    .set({ status: 'processing', updated_at: deps.now() })
    .where('id', '=', job.id)
    .execute();
  try {
    const bytes = await fetchImageBytes(deps.fetcher, job.url, signal);
    const upload = await createMediaUpload(deps, job.userId, bytes, 'url');
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

export async function registerImage(
  deps: SavingDeps,
  queue: IntakeQueue,
  viewerOrVisitor: Viewer | null,
  body: unknown,
): Promise<ImageIntakeJobData> {
  const viewer = requireViewer(viewerOrVisitor);
  const { image_url: url } = parseSavingInput(registerImageBodySchema, body, { location: 'body' });
  const unfinished = await deps.db
    .selectFrom('image_intake_jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', viewer.id)
    .where('status', 'in', ['pending', 'processing'])
    .where('updated_at', '>', new Date(deps.now().getTime() - IMAGE_INTAKE_STALE_MS))
    .executeTakeFirstOrThrow();
  if (Number(unfinished.count) >= IMAGE_INTAKE_PER_USER_MAX) {
    throw new AppError('IMAGE_INTAKE_BUSY', { data: { scope: 'user' } });
  }
  const now = deps.now();
  const job = await deps.db
    .insertInto('image_intake_jobs')
    .values({ user_id: viewer.id, image_url: url, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
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
    await deps.db.deleteFrom('image_intake_jobs').where('id', '=', job.id).execute();
    throw new AppError('IMAGE_INTAKE_BUSY', { data: { scope: 'server' } });
  }
  return serializeJob(job, now);
}

export async function imageJobStatus(
  deps: SavingDeps,
  viewerOrVisitor: Viewer | null,
  jobId: string,
): Promise<ImageIntakeJobData> {
  const viewer = requireViewer(viewerOrVisitor);
  // Someone else's job is as unknown as a missing one.
  const job = await deps.db
    .selectFrom('image_intake_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('user_id', '=', viewer.id)
    .executeTakeFirst();
  if (!job) throw new AppError('NOT_FOUND', { data: { field: 'id' } });
  return serializeJob(job, deps.now());
}

// Media queries: images by id, uploads waiting to become pins (media_uploads) and URL
// registrations (image_intake_jobs). `db` may be a transaction. The `images` row itself is
// written by @corkboard/db/images-repository (shared with the seed).
import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  ImageIntakeJobsTable,
  ImageRow,
  MediaUploadSource,
} from '@corkboard/db/schema';

export type ImageIntakeJobRow = Selectable<ImageIntakeJobsTable>;

export async function findImageById(db: Kysely<Database>, imageId: string): Promise<ImageRow> {
  return db.selectFrom('images').selectAll().where('id', '=', imageId).executeTakeFirstOrThrow();
}

export async function insertMediaUpload(
  db: Kysely<Database>,
  values: {
    userId: string;
    imageId: string;
    source: MediaUploadSource;
    now: Date;
    expiresAt: Date;
  },
): Promise<{ id: string; expires_at: Date }> {
  return db
    .insertInto('media_uploads')
    .values({
      user_id: values.userId,
      image_id: values.imageId,
      source: values.source,
      created_at: values.now,
      expires_at: values.expiresAt,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** The image of `userId`'s own upload, unless it expired. */
export async function findUploadImage(
  db: Kysely<Database>,
  userId: string,
  mediaUploadId: string,
  now: Date,
): Promise<ImageRow | undefined> {
  return db
    .selectFrom('media_uploads as mu')
    .innerJoin('images as i', 'i.id', 'mu.image_id')
    .selectAll('i')
    .where('mu.id', '=', mediaUploadId)
    .where('mu.user_id', '=', userId)
    .where('mu.expires_at', '>', now)
    .executeTakeFirst();
}

/** Removes uploads past their expiry; answers how many went. */
export async function deleteExpiredUploads(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('media_uploads')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's registrations still pending or processing and updated after `since`. */
export async function countUnfinishedJobs(
  db: Kysely<Database>,
  userId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('image_intake_jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'processing'])
    .where('updated_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertJob(
  db: Kysely<Database>,
  values: { userId: string; imageUrl: string; now: Date },
): Promise<ImageIntakeJobRow> {
  return db
    .insertInto('image_intake_jobs')
    .values({
      user_id: values.userId,
      image_url: values.imageUrl,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteJob(db: Kysely<Database>, jobId: string): Promise<void> {
  await db.deleteFrom('image_intake_jobs').where('id', '=', jobId).execute();
}

export async function markJobProcessing(
  db: Kysely<Database>,
  jobId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('image_intake_jobs')
    .set({ status: 'processing', updated_at: now })
    .where('id', '=', jobId)
    .execute();
}

export async function finishJob(
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

export async function findJob(
  db: Kysely<Database>,
  jobId: string,
): Promise<ImageIntakeJobRow | undefined> {
  return db.selectFrom('image_intake_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** The job if it is `userId`'s (someone else's is as unknown as a missing one). */
export async function findOwnJob(
  db: Kysely<Database>,
  userId: string,
  jobId: string,
): Promise<ImageIntakeJobRow | undefined> {
  return db
    .selectFrom('image_intake_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Which of these content addresses have an `images` row (the media GC keeps their files). */
export async function existingImageHashes(
  db: Kysely<Database>,
  hashes: readonly string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('images')
    .select('sha256')
    .where('sha256', 'in', [...hashes])
    .execute();
  return new Set(rows.map((row) => row.sha256));
}

/** Bytes of the images `userId` stored first (their storage quota's usage; decision 099). */
export async function sumStoredBytes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('bytes'), eb.lit(0)).as('used'))
    .where('uploaded_by_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

// The 170x backfill (decision 143): images stored before the board-card size existed get it from
// a durable job. A run takes one batch of images without 170x (by id, after the last batch),
// makes the variant from each image's stored `orig` file, stores it and records it, then queues
// the next batch. Everything it does is repeatable: a batch cut off by a crash is run again by
// pg-boss, and an image that already has 170x is skipped. A process that works jobs queues a run
// at start when any image still lacks the size; the queue is `stately`, so N processes starting
// together leave one run waiting.
import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import { mediaKey } from '@corkboard/media/media-keys';
import { encodeResizedVariant } from '@corkboard/media/pipeline';
import { BOARD_IMAGE_SIZE } from '@corkboard/shared/layout';
import type { AppDeps } from '../../core/app-deps.ts';
import { lockImageFiles } from './image-cleanup.repository.ts';
import {
  anyImageMissing170,
  imagesMissing170,
  record170,
  type ImageMissingVariant,
} from './image-variant-backfill.repository.ts';

export const IMAGE_VARIANT_BACKFILL_JOB = 'image-variant-backfill';
/** Images per run: a run stays short, and a retried batch repeats little. */
export const IMAGE_VARIANT_BACKFILL_BATCH_SIZE = 20;
/** A failed batch (storage unreachable, …) is retried from 30 s, doubling to at most 10 min. */
const BACKFILL_RETRY_LIMIT = 5;
const BACKFILL_RETRY_DELAY_SECONDS = 30;
const BACKFILL_RETRY_DELAY_MAX_SECONDS = 10 * 60;
/** A batch still running after this long is treated as crashed and run again. */
const BACKFILL_EXPIRE_SECONDS = 15 * 60;

const backfillDataSchema = z.object({
  /** The last image id the previous batch looked at; absent for the first batch. */
  after_id: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .optional(),
});
export type ImageVariantBackfillData = z.infer<typeof backfillDataSchema>;

export interface BackfillBatchResult {
  /** Images given their 170x file in this batch. */
  created: number;
  /** Images whose stored original could not be read or decoded (left for an operator). */
  skipped: number;
  /** The last image id looked at; null when the batch found nothing. */
  lastId: string | null;
  /** Whether a full batch was found (so there may be more after `lastId`). */
  more: boolean;
}

type BackfillDeps = Pick<AppDeps, 'db' | 'storage' | 'imageWork' | 'log'>;

/**
 * One batch. An image whose `orig` file is missing or undecodable is logged and skipped (the
 * batch moves past it, so one bad file never blocks the rest); its answers keep the 236x
 * fallback. Storage or database errors throw, and pg-boss retries the batch.
 */
export async function backfillBatch(
  deps: BackfillDeps,
  afterId: string | null,
  limit = IMAGE_VARIANT_BACKFILL_BATCH_SIZE,
): Promise<BackfillBatchResult> {
  const images = await imagesMissing170(deps.db, afterId, limit);
  let created = 0;
  let skipped = 0;
  for (const image of images) {
    const outcome = await backfillImage(deps, image);
    if (outcome === 'created') created += 1;
    if (outcome === 'skipped') skipped += 1;
  }
  return {
    created,
    skipped,
    lastId: images.at(-1)?.id ?? null,
    more: images.length === limit,
  };
}

async function backfillImage(
  deps: BackfillDeps,
  image: ImageMissingVariant,
): Promise<'created' | 'skipped' | 'gone'> {
  const original = await deps.storage.get(image.variants.orig.key);
  if (!original) {
    deps.log.warn({ image_id: image.id }, '170x backfill: the stored original is missing');
    return 'skipped';
  }
  const bytes = await buffer(original.body);
  let encoded;
  try {
    // Decoding goes through the bounded image pool like every upload (decision 092); the job
    // waits for a slot rather than being refused.
    encoded = await deps.imageWork.run(() => encodeResizedVariant(bytes, BOARD_IMAGE_SIZE), 'wait');
  } catch (error) {
    deps.log.warn({ err: error, image_id: image.id }, '170x backfill: the original did not decode');
    return 'skipped';
  }
  const key = mediaKey(image.sha256, BOARD_IMAGE_SIZE, 'jpeg');
  const webpKey = mediaKey(image.sha256, BOARD_IMAGE_SIZE, 'webp');
  // Under the image's file lock (the orphan sweep's): the files are written only while the row
  // exists, so a sweep of a just-deleted image can never miss them, and the row names them only
  // once they are stored, so no answer points at a missing file.
  const recorded = await deps.db.transaction().execute(async (trx) => {
    await lockImageFiles(trx, image.sha256);
    const current = await trx
      .selectFrom('images')
      .select('id')
      .where('id', '=', image.id)
      .executeTakeFirst();
    if (!current) return false;
    await Promise.all([
      deps.storage.put(key, encoded.jpeg, 'image/jpeg'),
      deps.storage.put(webpKey, encoded.webp, 'image/webp'),
    ]);
    return record170(
      trx,
      image.id,
      { key, webp_key: webpKey, width: encoded.width, height: encoded.height },
      encoded.jpeg.length + encoded.webp.length,
    );
  });
  return recorded ? 'created' : 'gone';
}

export interface ImageVariantBackfill {
  /** Queues a first batch when an image lacks 170x and no batch is waiting (start-up). */
  queueIfMissing(): Promise<boolean>;
}

export function defineImageVariantBackfillJob(deps: AppDeps): ImageVariantBackfill {
  deps.jobs.define<ImageVariantBackfillData>({
    name: IMAGE_VARIANT_BACKFILL_JOB,
    data: backfillDataSchema,
    retryLimit: BACKFILL_RETRY_LIMIT,
    retryDelaySeconds: BACKFILL_RETRY_DELAY_SECONDS,
    retryDelayMaxSeconds: BACKFILL_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: BACKFILL_EXPIRE_SECONDS,
    concurrency: 1,
    policy: 'stately',
    run: async (data) => {
      const result = await backfillBatch(deps, data.after_id ?? null);
      deps.log.info(
        { created: result.created, skipped: result.skipped, more: result.more },
        '170x backfill batch done',
      );
      if (result.more && result.lastId !== null) {
        // The next batch is queued by this one; if another process queued one meanwhile, that
        // one (starting from the beginning, skipping finished images) covers the rest.
        await deps.jobs.sendUnlessQueued(IMAGE_VARIANT_BACKFILL_JOB, { after_id: result.lastId });
      }
    },
  });
  return {
    queueIfMissing: async () => {
      if (!(await anyImageMissing170(deps.db))) return false;
      return (await deps.jobs.sendUnlessQueued(IMAGE_VARIANT_BACKFILL_JOB, {})) !== null;
    },
  };
}

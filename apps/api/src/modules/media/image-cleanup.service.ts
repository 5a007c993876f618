// No orphaned images (docs/decisions/054): when pins (or a whole board) are deleted, an image
// nothing uses any more goes too — its `images` row in the same transaction as the delete, its
// files from storage only after that transaction committed.
//
//   in the delete transaction:  lockImagesForDelete(trx, ids)   before touching pins or boards
//                               … delete the pins, fix the counters …
//                               releaseUnusedImages(trx, ids)   rows nothing uses → gone, files queued
//   after the commit:           sweepMediaDeletions(deps, queued)
//
// A save of the same bytes may run at the same time: it stores its files before its transaction
// (content-addressed, see image-intake.service.ts). The sweep and the save's row insert take the
// same per-image lock; the sweep removes files only while no row exists, and leaves a trace; a
// save that finds the trace puts its files back. So a row never points at missing files and no
// files outlive their last row for longer than one sweep.
import type { Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  deleteUnreferencedImages,
  imageRowExists,
  lockImageFiles,
  lockImages,
  lockPendingDeletion,
  markDeletionDone,
  pendingDeletions,
  pruneDoneDeletions,
  queueDeletion,
  removeDeletion,
} from './image-cleanup.repository.ts';

/**
 * Not in the spec: how long a finished deletion is remembered. A save stores its files a moment
 * before it inserts its row (seconds at most); a day covers that with a wide margin.
 */
export const MEDIA_DELETION_TRACE_MS = 24 * 60 * 60_000;
/** Deletions one sweep works off at most (the rest wait for the next one). */
export const MEDIA_SWEEP_BATCH = 100;

function variantKeys(variants: StoredVariants): string[] {
  return Object.values(variants).flatMap((variant) => [variant.key, variant.webp_key]);
}

/** In the delete transaction, before any pin or board row is touched (see the file comment). */
export async function lockImagesForDelete(
  trx: Kysely<Database>,
  imageIds: readonly string[],
): Promise<void> {
  await lockImages(trx, [...new Set(imageIds)]);
}

/**
 * In the delete transaction, after the pins are gone: removes the rows among `imageIds` nothing
 * uses any more and queues their files. Answers the queued images' sha256 (for the sweep).
 */
export async function releaseUnusedImages(
  trx: Kysely<Database>,
  imageIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const gone = await deleteUnreferencedImages(trx, [...new Set(imageIds)]);
  for (const image of gone) await queueDeletion(trx, image.sha256, variantKeys(image.variants), now);
  return gone.map((image) => image.sha256);
}

/**
 * After the commit: removes the files of queued deletions (`only` those, or any pending), each
 * in its own short transaction. A failure is logged and left queued for the next sweep: the
 * delete the person asked for has already happened.
 */
export async function sweepMediaDeletions(
  deps: Pick<AppDeps, 'db' | 'storage' | 'now' | 'log'>,
  only?: readonly string[],
): Promise<number> {
  let swept = 0;
  try {
    const candidates = await pendingDeletions(deps.db, MEDIA_SWEEP_BATCH, only);
    for (const candidate of candidates) {
      const done = await deps.db.transaction().execute(async (trx) => {
        // The per-image lock first, then the row: the order a save takes them in too.
        await lockImageFiles(trx, candidate.sha256);
        const entry = await lockPendingDeletion(trx, candidate.sha256);
        if (!entry) return false; // another sweep did it, or a save took it back
        if (await imageRowExists(trx, entry.sha256)) {
          // Saved again since: the files are in use, nothing to remove.
          await removeDeletion(trx, entry.sha256);
        } else {
          for (const key of entry.keys) await deps.storage.delete(key);
          await markDeletionDone(trx, entry.sha256, deps.now());
        }
        return true;
      });
      if (done) swept += 1;
    }
    await pruneDoneDeletions(deps.db, new Date(deps.now().getTime() - MEDIA_DELETION_TRACE_MS));
  } catch (error) {
    deps.log.warn({ err: error }, 'media sweep stopped; the rest stays queued');
  }
  return swept;
}

/**
 * A save's side of the lock (image-intake.service.ts): inside its transaction, before inserting
 * the row of an image it has just stored. Answers true when that image's files were removed (or
 * are about to be) since: the caller puts them back before it commits.
 */
export async function claimImageFiles(trx: Kysely<Database>, sha256: string): Promise<boolean> {
  await lockImageFiles(trx, sha256);
  return removeDeletion(trx, sha256);
}

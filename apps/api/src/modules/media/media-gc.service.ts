// The media garbage collector (issue 13, docs/decisions/094). A save writes an image's files
// before the transaction that records its `images` row (image-intake.service.ts), so a crash, a
// failed save or a kill -9 can leave image folders nothing references, and interrupted writes
// leave `*.tmp` files. This removes both, and only what is older than MEDIA_GC_GRACE_MS, so a
// save in flight (whose files are newer) is never touched; the storage double-checks each folder
// after setting it aside (LocalMediaStorage.removeImageFolderIfIdle).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import type { MediaStorage } from '@corkboard/media/storage';
import { existingImageHashes } from './media.repository.ts';

/**
 * Decision (094): files younger than this are never collected. Far longer than any save can take
 * (a request must arrive within 2 minutes; a queued image-from-URL job is stale after 10).
 */
export const MEDIA_GC_GRACE_MS = 60 * 60_000;
/** Content addresses checked against the database per query. */
const HASH_BATCH = 500;

export interface MediaGcResult {
  /** Image folders removed because no `images` row names them. */
  removedImageFolders: number;
  /** Folders set aside by an interrupted run and put back because their image is in use. */
  restoredImageFolders: number;
  /** Interrupted writes removed. */
  removedTemporaryFiles: number;
}

export interface MediaGcDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  now: () => Date;
}

/** Whether this storage can be collected (local disk; S3 is not yet, see decision 094). */
export function supportsMediaGc(storage: MediaStorage): storage is LocalMediaStorage {
  return storage instanceof LocalMediaStorage;
}

/** One collector run. `graceMs` is MEDIA_GC_GRACE_MS except in tests. */
export async function collectMediaGarbage(
  deps: MediaGcDeps,
  graceMs: number = MEDIA_GC_GRACE_MS,
): Promise<MediaGcResult> {
  const result: MediaGcResult = {
    removedImageFolders: 0,
    restoredImageFolders: 0,
    removedTemporaryFiles: 0,
  };
  const { storage } = deps;
  if (!supportsMediaGc(storage)) return result;
  const cutoff = new Date(deps.now().getTime() - graceMs);
  result.removedTemporaryFiles = await storage.sweepTemporaryFiles(cutoff);

  let batch: { sha256: string; trashed: boolean }[] = [];
  const flush = async () => {
    const known = await existingImageHashes(
      deps.db,
      batch.map((folder) => folder.sha256),
    );
    for (const folder of batch) {
      if (known.has(folder.sha256)) {
        if (folder.trashed) {
          await storage.restoreImageFolder(folder.sha256);
          result.restoredImageFolders += 1;
        }
      } else if (await storage.removeImageFolderIfIdle(folder.sha256, cutoff)) {
        result.removedImageFolders += 1;
      }
    }
    batch = [];
  };
  for await (const folder of storage.imageFolders()) {
    batch.push(folder);
    if (batch.length >= HASH_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return result;
}

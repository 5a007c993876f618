// Taking an image in, whatever it came as (saving.md §3: image_base64, image_url,
// media_upload_id; docs/decisions/008): bytes are checked and resized by the media pipeline
// (processImage: 32 MiB, decompression-bomb guard, JPEG/PNG/WebP/GIF/AVIF only), stored
// content-addressed, and recorded as an `images` row. URLs are fetched with the SSRF-safe client.
//
// Files go to storage before any transaction (they are content-addressed, so an unused copy is
// harmless and the next save of the same bytes reuses it); the `images` row is written inside the
// caller's transaction so a failed save leaves no row behind. Deletes remove images nothing uses
// (image-cleanup.service.ts); the row insert takes the same per-image lock as that sweep and puts
// the files back when they were removed meanwhile (docs/decisions/054).
import type { Kysely } from 'kysely';
import type { Database, ImageRow, MediaUploadSource } from '@corkboard/db/schema';
import { findImageBySha256, insertImage, type StoredImage } from '@corkboard/db/images-repository';
import { processImage } from '@corkboard/media/pipeline';
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import type { FoundImagesData, MediaUploadData } from '@corkboard/shared/saving/api';
import {
  IMAGE_CONTENT_TYPES,
  SAFE_FETCH_IMAGE_MAX_BYTES,
  type SafeFetcher,
} from '../../lib/safe-fetch.ts';
import type { ImageQueueing, ImageWorkPool } from '../../lib/image-work-pool.ts';
import type { AppConfig } from '../../config/config.ts';
import { withFetchErrors } from '../../core/fetch-errors.ts';
import { imageVariants } from '../../core/media-urls.ts';
import { findPinImages } from './find-pin-images.ts';
import { keepImageRow } from './image-cleanup.repository.ts';
import { claimImageFiles } from './image-cleanup.service.ts';
import { storeImageVariants } from './image-files.ts';
import {
  deleteExpiredUploads,
  findImageById,
  findUploadImage,
  insertMediaUpload,
  sumStoredBytes,
} from './media.repository.ts';

/**
 * Not in the spec: how long an uploaded (or URL-registered) image waits to become a pin. A day
 * covers a person who uploads, gets distracted and comes back to the pop-up; after that the
 * upload is refused (MEDIA_UPLOAD_NOT_FOUND) and swept.
 */
export const MEDIA_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/**
 * An image ready to be referenced by a pin: already a row, or stored files awaiting one.
 * `restore` (images taken in from bytes) stores the files again: used when a delete removed the
 * image between the lookup and the insert.
 */
export type IncomingImage =
  | {
      readonly kind: 'existing';
      readonly row: ImageRow;
      readonly restore?: (() => Promise<StoredImage>) | undefined;
      /** Whose storage a row inserted for it counts against (decision 099). */
      readonly uploaderId?: string | undefined;
    }
  | {
      readonly kind: 'new';
      readonly stored: StoredImage;
      readonly restore?: (() => Promise<StoredImage>) | undefined;
      readonly uploaderId?: string | undefined;
    };

/**
 * Runs the pipeline on `bytes` and stores the variants unless that image is already known.
 * `uploaderId`'s storage quota is checked first, before any decoding (decision 099).
 */
export async function takeInBytes(
  deps: ImageTakeInDeps,
  bytes: Buffer,
  uploaderId: string,
  queueing: ImageQueueing = 'refuse-when-busy',
): Promise<IncomingImage> {
  await checkStorageQuota(deps, uploaderId, bytes.length);
  // Decoding is the expensive, memory-hungry part: it runs in the bounded pool (decision 092).
  const processed = await deps.imageWork.run(() => processImage(bytes), queueing);
  const restore = () => storeImageVariants(deps.storage, processed);
  const existing = await findImageBySha256(deps.db, processed.sha256);
  if (existing) return { kind: 'existing', row: existing, restore, uploaderId };
  return { kind: 'new', stored: await restore(), restore, uploaderId };
}

export interface ImageTakeInDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  imageWork: ImageWorkPool;
  config: Pick<AppConfig, 'storageQuotaBytes'>;
}

/**
 * STORAGE_QUOTA_EXCEEDED unless the person's stored images plus `incomingBytes` (the upload's
 * size: its stored variants are smaller for photos, and the check must run before decoding)
 * fit in the quota. Saves running at the same moment may pass it together by at most their own
 * size; the per-person intake limits bound that.
 */
async function checkStorageQuota(
  deps: Pick<ImageTakeInDeps, 'db' | 'config'>,
  userId: string,
  incomingBytes: number,
): Promise<void> {
  const quota = deps.config.storageQuotaBytes;
  const used = await sumStoredBytes(deps.db, userId);
  if (used + incomingBytes > quota) {
    throw new AppError('STORAGE_QUOTA_EXCEEDED', {
      data: { quota_bytes: quota, used_bytes: used },
    });
  }
}

async function insertStoredImage(
  db: Kysely<Database>,
  stored: StoredImage,
  restore: (() => Promise<StoredImage>) | undefined,
  uploaderId: string | undefined,
): Promise<ImageRow> {
  const filesWereRemoved = await claimImageFiles(db, stored.sha256);
  if (filesWereRemoved) {
    if (!restore) throw new AppError('MEDIA_NOT_FOUND');
    await restore();
  }
  return insertImage(db, stored, uploaderId ?? null);
}

/**
 * The `images` row of an incoming image, inserting it when new (race-safe on sha256). Inside
 * the caller's transaction: an existing row is held against deletion until it commits; one that
 * a delete removed meanwhile is stored again (or MEDIA_NOT_FOUND when there are no bytes to).
 */
export async function persistIncomingImage(
  db: Kysely<Database>,
  incoming: IncomingImage,
): Promise<ImageRow> {
  const { restore, uploaderId } = incoming;
  if (incoming.kind === 'new') return insertStoredImage(db, incoming.stored, restore, uploaderId);
  if (await keepImageRow(db, incoming.row.id)) return incoming.row;
  if (!restore) throw new AppError('MEDIA_NOT_FOUND');
  return insertStoredImage(db, await restore(), restore, uploaderId);
}

/** The bytes behind a base64 field (already checked for alphabet and length by the schema). */
export function decodeBase64Image(base64: string): Buffer {
  return Buffer.from(base64, 'base64');
}

/**
 * Downloads an image through the SSRF-safe fetcher: image content types only, at most the
 * pipeline's 32 MiB. Fetch failures become the URL_* codes.
 */
export async function fetchImageBytes(
  fetcher: SafeFetcher,
  url: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const response = await withFetchErrors(() =>
    fetcher(url, {
      allowedContentTypes: IMAGE_CONTENT_TYPES,
      maxBytes: SAFE_FETCH_IMAGE_MAX_BYTES,
      ...(signal ? { signal } : {}),
    }),
  );
  return response.body;
}

/** The image of the viewer's own unexpired upload, or MEDIA_UPLOAD_NOT_FOUND. */
export async function requireMediaUploadImage(
  db: Kysely<Database>,
  userId: string,
  mediaUploadId: string,
  now: Date,
): Promise<ImageRow> {
  const row = await findUploadImage(db, userId, mediaUploadId, now);
  if (!row) throw new AppError('MEDIA_UPLOAD_NOT_FOUND', { data: { field: 'media_upload_id' } });
  return row;
}

/** Takes `bytes` in and records them as an upload of `userId`, in one transaction. */
export async function createMediaUpload(
  deps: ImageTakeInDeps & { now: () => Date },
  userId: string,
  bytes: Buffer,
  source: MediaUploadSource,
  queueing: ImageQueueing = 'refuse-when-busy',
): Promise<MediaUploadData> {
  const incoming = await takeInBytes(deps, bytes, userId, queueing);
  const now = deps.now();
  const { image, upload } = await deps.db.transaction().execute(async (trx) => {
    const image = await persistIncomingImage(trx, incoming);
    const upload = await insertMediaUpload(trx, {
      userId,
      imageId: image.id,
      source,
      now,
      expiresAt: new Date(now.getTime() + MEDIA_UPLOAD_TTL_MS),
    });
    return { image, upload };
  });
  return {
    media_upload_id: upload.id,
    width: image.width,
    height: image.height,
    dominant_color: image.dominant_color,
    images: imageVariants(deps.storage, image.variants),
    expires_at: upload.expires_at.toISOString(),
  };
}

/** Removes uploads (and their jobs' links) past their expiry; answers how many went. */
export async function purgeExpiredUploads(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteExpiredUploads(db, now);
}

/** An `images` row by id (a repin shares its source's image). */
export async function findImage(db: Kysely<Database>, imageId: string): Promise<ImageRow> {
  return findImageById(db, imageId);
}

/** FindPinImagesResource get: the pinnable images of the page at `url`. */
export async function findImagesAt(fetcher: SafeFetcher, url: string): Promise<FoundImagesData> {
  const found = await withFetchErrors(() => findPinImages(url, { fetcher }));
  return {
    url: found.url,
    title: found.title,
    description: found.description,
    items: found.images.map((image) => ({ ...image })),
  };
}

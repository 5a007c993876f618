// Images are content-addressed: one row and one set of stored files per distinct upload (sha256).
import type { Kysely } from 'kysely';
import { mediaKey, type StoredVariantsJson } from '@corkboard/media/media-keys';
import type { ProcessedImage } from '@corkboard/media/pipeline';
import type { MediaStorage } from '@corkboard/media/storage';
import { PIN_IMAGE_SIZES } from '@corkboard/shared/layout';
import type { Database, ImageRow, StoredVariants } from './schema.ts';

/** The facts an `images` row records, once the files are in storage. */
export interface StoredImage {
  sha256: string;
  width: number;
  height: number;
  dominantColor: string;
  variants: StoredVariants;
}

/** `db` may be a transaction (Transaction extends Kysely). */
export async function findImageBySha256(
  db: Kysely<Database>,
  sha256: string,
): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}

/**
 * Puts every variant (JPEG and WebP) into storage under its content-addressed key. Safe to
 * repeat: the same image always lands on the same keys with the same bytes.
 */
export async function storeImageVariants(
  storage: MediaStorage,
  processed: ProcessedImage,
): Promise<StoredImage> {
  const variants = {} as StoredVariantsJson;
  const puts: Promise<void>[] = [];
  for (const size of PIN_IMAGE_SIZES) {
    const variant = processed.variants[size];
    const key = mediaKey(processed.sha256, size, 'jpeg');
    const webpKey = mediaKey(processed.sha256, size, 'webp');
    puts.push(
      storage.put(key, variant.jpeg, 'image/jpeg'),
      storage.put(webpKey, variant.webp, 'image/webp'),
    );
    variants[size] = { key, webp_key: webpKey, width: variant.width, height: variant.height };
  }
  await Promise.all(puts);
  return {
    sha256: processed.sha256,
    width: processed.width,
    height: processed.height,
    dominantColor: processed.dominantColor,
    variants,
  };
}

/** Inserts the row unless that sha256 is already known; either way answers the row. */
export async function insertImage(db: Kysely<Database>, image: StoredImage): Promise<ImageRow> {
  const inserted = await db
    .insertInto('images')
    .values(imageValues(image))
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  // Lost a race with another save of the same bytes: theirs is the row.
  const existing = await findImageBySha256(db, image.sha256);
  if (!existing) throw new Error(`image ${image.sha256} vanished between insert and select`);
  return existing;
}

/**
 * Stores a processed upload and answers its images row. Files are written only for a sha256
 * not seen before; they go in before the row so a row never points at missing files.
 */
export async function saveProcessedImage(
  db: Kysely<Database>,
  storage: MediaStorage,
  processed: ProcessedImage,
): Promise<ImageRow> {
  const existing = await findImageBySha256(db, processed.sha256);
  if (existing) return existing;
  return insertImage(db, await storeImageVariants(storage, processed));
}

export function imageValues(image: StoredImage): {
  sha256: string;
  width: number;
  height: number;
  dominant_color: string;
  variants: string;
} {
  return {
    sha256: image.sha256,
    width: image.width,
    height: image.height,
    dominant_color: image.dominantColor,
    variants: JSON.stringify(image.variants),
  };
}

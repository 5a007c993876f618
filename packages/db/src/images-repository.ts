// Images are content-addressed: one row per distinct upload (sha256). This is the database side
// only; the files are written by whoever took the image in (the API's media module, the seed's
// image store) before the row, so a row never points at missing files.
import type { Kysely } from 'kysely';
import type { Database, ImageRow, StoredVariants } from './schema.ts';

/** The facts an `images` row records, once the files are in storage. */
export interface StoredImage {
  sha256: string;
  width: number;
  height: number;
  dominantColor: string;
  variants: StoredVariants;
  /** Bytes of all stored files (jpeg + webp of every size); unknown (0) for older callers. */
  bytes?: number;
}

/** `db` may be a transaction (Transaction extends Kysely). */
export async function findImageBySha256(
  db: Kysely<Database>,
  sha256: string,
): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}

/**
 * Inserts the row unless that sha256 is already known; either way answers the row. A new row is
 * counted against `uploadedById`'s storage (an existing one stays with whoever stored it first).
 */
export async function insertImage(
  db: Kysely<Database>,
  image: StoredImage,
  uploadedById: string | null = null,
): Promise<ImageRow> {
  const inserted = await db
    .insertInto('images')
    .values({ ...imageValues(image), bytes: image.bytes ?? 0, uploaded_by_id: uploadedById })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  // Lost a race with another save of the same bytes: theirs is the row.
  const existing = await findImageBySha256(db, image.sha256);
  if (!existing) throw new Error(`image ${image.sha256} vanished between insert and select`);
  return existing;
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

// SQL of the 170x backfill (decision 143): which images still lack the board-card variant, and
// recording one once its files are stored. `db` may be a transaction.
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariant, StoredVariants } from '@corkboard/db/schema';

export interface ImageMissingVariant {
  id: string;
  sha256: string;
  variants: StoredVariants;
}

/** Whether any image still lacks its 170x variant (start-up asks before queueing a run). */
export async function anyImageMissing170(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('images')
    .select('id')
    .where(sql<boolean>`variants -> '170x' IS NULL`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Up to `limit` images without 170x, by id, after the id `afterId` (the last batch's last). */
export async function imagesMissing170(
  db: Kysely<Database>,
  afterId: string | null,
  limit: number,
): Promise<ImageMissingVariant[]> {
  let query = db
    .selectFrom('images')
    .select(['id', 'sha256', 'variants'])
    .where(sql<boolean>`variants -> '170x' IS NULL`)
    .orderBy('id')
    .limit(limit);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.execute();
}

/**
 * Records the 170x variant on the image's row and adds its bytes to the row's total (the storage
 * quota counts them; a total of 0 means unknown and stays so). Only while the row still lacks
 * 170x: true when it was recorded, false when the row is gone or another run got there first.
 */
export async function record170(
  db: Kysely<Database>,
  imageId: string,
  variant: StoredVariant,
  bytes: number,
): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({
      variants: sql<string>`variants || jsonb_build_object('170x', ${JSON.stringify(variant)}::jsonb)`,
      bytes: sql<number>`CASE WHEN bytes > 0 THEN bytes + ${bytes} ELSE bytes END`,
    })
    .where('id', '=', imageId)
    .where(sql<boolean>`variants -> '170x' IS NULL`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

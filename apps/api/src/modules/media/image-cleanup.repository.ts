// Queries of the orphan cleanup (docs/decisions/054): images locked before the pins using them
// are deleted, rows nothing references removed in the same transaction, their files queued in
// media_deletions and removed after the commit. `db` may be a transaction.
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';

/**
 * Locks the image rows (FOR UPDATE, in id order): from here to the commit no other transaction
 * can start using them (a new pin's foreign-key check waits), so "nothing references it" stays
 * true until the row is gone. Taken before the caller touches boards, in the same order a save
 * takes its locks (image, then board), so a delete and a save never deadlock.
 */
export async function lockImages(db: Kysely<Database>, imageIds: readonly string[]): Promise<void> {
  if (imageIds.length === 0) return;
  await db
    .selectFrom('images')
    .select('id')
    .where('id', 'in', [...imageIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Deletes the rows among `imageIds` that no pin, avatar or upload uses; answers what went. */
export async function deleteUnreferencedImages(
  db: Kysely<Database>,
  imageIds: readonly string[],
): Promise<{ sha256: string; variants: StoredVariants }[]> {
  if (imageIds.length === 0) return [];
  return db
    .deleteFrom('images as i')
    .where('i.id', 'in', [...imageIds])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('pins as rp')
            .select(sql`1`.as('one'))
            .whereRef('rp.image_id', '=', 'i.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as ru')
            .select(sql`1`.as('one'))
            .whereRef('ru.avatar_image_id', '=', 'i.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('media_uploads as rm')
            .select(sql`1`.as('one'))
            .whereRef('rm.image_id', '=', 'i.id'),
        ),
      ),
    )
    .returning(['i.sha256', 'i.variants'])
    .execute();
}

/** Queues the files of a deleted image (a repeat of a pending or done entry starts it afresh). */
export async function queueDeletion(
  db: Kysely<Database>,
  sha256: string,
  keys: readonly string[],
  now: Date,
): Promise<void> {
  await db
    .insertInto('media_deletions')
    .values({ sha256, keys: JSON.stringify(keys), created_at: now })
    .onConflict((conflict) =>
      conflict.column('sha256').doUpdateSet({
        keys: JSON.stringify(keys),
        created_at: now,
        done_at: null,
      }),
    )
    .execute();
}

/**
 * Serialises everything that decides about the files of one image: the sweep's "is it still
 * unused? then remove the files" and a save's "insert the row, and put the files back if they
 * were removed". Held until the transaction ends.
 */
export async function lockImageFiles(db: Kysely<Database>, sha256: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`media:${sha256}`}, 0))`.execute(db);
}

/** Pending deletions, oldest first (`only` those, when given). Not locked: see lockPendingDeletion. */
export async function pendingDeletions(
  db: Kysely<Database>,
  limit: number,
  only?: readonly string[],
): Promise<{ sha256: string }[]> {
  let query = db
    .selectFrom('media_deletions')
    .select('sha256')
    .where('done_at', 'is', null)
    .orderBy('created_at')
    .limit(limit);
  if (only !== undefined) {
    if (only.length === 0) return [];
    query = query.where('sha256', 'in', [...only]);
  }
  return query.execute();
}

/** The deletion if still pending, locked (after lockImageFiles: the advisory lock comes first). */
export async function lockPendingDeletion(
  db: Kysely<Database>,
  sha256: string,
): Promise<{ sha256: string; keys: string[] } | undefined> {
  return db
    .selectFrom('media_deletions')
    .select(['sha256', 'keys'])
    .where('sha256', '=', sha256)
    .where('done_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function imageRowExists(db: Kysely<Database>, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('images')
    .select('id')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markDeletionDone(
  db: Kysely<Database>,
  sha256: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('media_deletions')
    .set({ done_at: now })
    .where('sha256', '=', sha256)
    .execute();
}

/** Removes the entry (the image is in use again, or a save took the trace); answers if one was there. */
export async function removeDeletion(db: Kysely<Database>, sha256: string): Promise<boolean> {
  const row = await db
    .deleteFrom('media_deletions')
    .where('sha256', '=', sha256)
    .returning('sha256')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets done deletions older than `before` (their trace is no longer needed). */
export async function pruneDoneDeletions(db: Kysely<Database>, before: Date): Promise<void> {
  await db
    .deleteFrom('media_deletions')
    .where('done_at', 'is not', null)
    .where('done_at', '<', before)
    .execute();
}

/** Locks the image row against deletion until the transaction ends; undefined when it is gone. */
export async function keepImageRow(
  db: Kysely<Database>,
  imageId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('images')
    .select('id')
    .where('id', '=', imageId)
    .forKeyShare()
    .executeTakeFirst();
}

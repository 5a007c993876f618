// Board creation queries. `db` may be a transaction (Transaction extends Kysely).
import { sql, type Kysely } from 'kysely';
import type { BoardPrivacyColumn, Database } from '@corkboard/db/schema';
import { slugCandidatesPattern } from '../../core/db-errors.ts';

/** Names compare case-insensitively, like the boards_owner_name_key index. */
export async function ownerHasBoardNamed(
  db: Kysely<Database>,
  ownerId: string,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('boards')
    .select('id')
    .where('owner_id', '=', ownerId)
    // The same lower() as the unique index, not JavaScript's (they differ on a few letters).
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner's slugs that `uniqueSlug(base, …)` could collide with. */
export async function takenBoardSlugs(
  db: Kysely<Database>,
  ownerId: string,
  base: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('boards')
    .select('slug')
    .where('owner_id', '=', ownerId)
    .where('slug', 'like', slugCandidatesPattern(base))
    .execute();
  return rows.map((row) => row.slug);
}

export async function insertBoard(
  db: Kysely<Database>,
  values: {
    ownerId: string;
    name: string;
    slug: string;
    description: string;
    privacy: BoardPrivacyColumn;
    now: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('boards')
    .values({
      owner_id: values.ownerId,
      name: values.name,
      slug: values.slug,
      description: values.description,
      privacy: values.privacy,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function incrementBoardCount(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ board_count: eb('board_count', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

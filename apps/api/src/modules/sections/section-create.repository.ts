// Section creation queries. `db` may be a transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { slugCandidatesPattern } from '../../core/db-errors.ts';

/** Titles compare case-insensitively, like the board_sections_board_title_key index. */
export async function boardHasSectionTitled(
  db: Kysely<Database>,
  boardId: string,
  title: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('board_sections')
    .select('id')
    .where('board_id', '=', boardId)
    // The same lower() as the unique index, not JavaScript's (they differ on a few letters).
    .where(sql<boolean>`lower(title) = lower(${title})`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function takenSectionSlugs(
  db: Kysely<Database>,
  boardId: string,
  base: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('board_sections')
    .select('slug')
    .where('board_id', '=', boardId)
    .where('slug', 'like', slugCandidatesPattern(base))
    .execute();
  return rows.map((row) => row.slug);
}

/** New sections go last in the board's order. */
export async function nextSectionPosition(db: Kysely<Database>, boardId: string): Promise<number> {
  const row = await db
    .selectFrom('board_sections')
    .select(sql<number>`coalesce(max(position), 0)::int + 1`.as('next'))
    .where('board_id', '=', boardId)
    .executeTakeFirstOrThrow();
  return row.next;
}

export async function insertSection(
  db: Kysely<Database>,
  values: { boardId: string; title: string; slug: string; position: number; now: Date },
): Promise<string> {
  const row = await db
    .insertInto('board_sections')
    .values({
      board_id: values.boardId,
      title: values.title,
      slug: values.slug,
      position: values.position,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function incrementSectionCount(
  db: Kysely<Database>,
  boardId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('boards')
    .set((eb) => ({ section_count: eb('section_count', '+', 1), updated_at: now }))
    .where('id', '=', boardId)
    .execute();
}

/** The pins among `pinIds` that are on `boardId`, locked until the transaction ends. */
export async function lockPinsOfBoard(
  db: Kysely<Database>,
  boardId: string,
  pinIds: readonly string[],
): Promise<{ id: string; section_id: string | null }[]> {
  if (pinIds.length === 0) return [];
  return db
    .selectFrom('pins')
    .select(['id', 'section_id'])
    .where('board_id', '=', boardId)
    .where('id', 'in', [...pinIds])
    .forUpdate()
    .execute();
}

/**
 * The board's pins in no section, locked, at most `limit` (a caller asking one more than it
 * accepts learns that there are too many).
 */
export async function lockUnsectionedPinsOfBoard(
  db: Kysely<Database>,
  boardId: string,
  limit: number,
): Promise<{ id: string; section_id: string | null }[]> {
  return db
    .selectFrom('pins')
    .select(['id', 'section_id'])
    .where('board_id', '=', boardId)
    .where('section_id', 'is', null)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .execute();
}

/**
 * Files `pins` into `sectionId`, keeping every section's pin_count right: the sections they
 * leave lose them, the new one gains them.
 */
export async function movePinsIntoSection(
  db: Kysely<Database>,
  sectionId: string,
  pins: readonly { id: string; section_id: string | null }[],
  now: Date,
): Promise<void> {
  if (pins.length === 0) return;
  const leaving = new Map<string, number>();
  for (const pin of pins) {
    if (pin.section_id !== null && pin.section_id !== sectionId) {
      leaving.set(pin.section_id, (leaving.get(pin.section_id) ?? 0) + 1);
    }
  }
  for (const [oldSectionId, count] of leaving) {
    await db
      .updateTable('board_sections')
      .set((eb) => ({ pin_count: eb('pin_count', '-', count) }))
      .where('id', '=', oldSectionId)
      .execute();
  }
  const arriving = pins.filter((pin) => pin.section_id !== sectionId).length;
  await db
    .updateTable('pins')
    .set({ section_id: sectionId, updated_at: now })
    .where(
      'id',
      'in',
      pins.map((pin) => pin.id),
    )
    .execute();
  await db
    .updateTable('board_sections')
    .set((eb) => ({ pin_count: eb('pin_count', '+', arriving) }))
    .where('id', '=', sectionId)
    .execute();
}

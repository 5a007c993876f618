// Organise queries (moving and deleting pins in bulk). Every function takes the transaction;
// organise.service.ts owns it and takes the locks in a fixed order: boards (by id), then pins.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { canWriteBoard } from '../../core/board-access.repository.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';

export interface ActionBoardRow {
  id: string;
  visible: boolean;
  writable: boolean;
}

/** Locks the boards' rows in id order and says what the viewer may do with each. */
export async function lockBoards(
  trx: Kysely<Database>,
  viewer: Viewer,
  boardIds: readonly string[],
): Promise<ActionBoardRow[]> {
  if (boardIds.length === 0) return [];
  return trx
    .selectFrom('boards as b')
    .select([
      'b.id',
      sql<boolean>`${visibleBoards(viewer)}`.as('visible'),
      canWriteBoard(viewer).as('writable'),
    ])
    .where('b.id', 'in', [...boardIds])
    .orderBy('b.id')
    .forNoKeyUpdate()
    .execute();
}

export interface SectionRow {
  id: string;
  board_id: string;
}

export async function findSection(
  trx: Kysely<Database>,
  sectionId: string,
): Promise<SectionRow | undefined> {
  return trx
    .selectFrom('board_sections')
    .select(['id', 'board_id'])
    .where('id', '=', sectionId)
    .executeTakeFirst();
}

export interface MovablePinRow {
  id: string;
  board_id: string;
  section_id: string | null;
  image_id: string;
  pinner_id: string;
}

/** The pins named (those that exist), locked, in id order. */
export async function lockPins(
  trx: Kysely<Database>,
  pinIds: readonly string[],
): Promise<MovablePinRow[]> {
  if (pinIds.length === 0) return [];
  return trx
    .selectFrom('pins')
    .select(['id', 'board_id', 'section_id', 'image_id', 'pinner_id'])
    .where('id', 'in', [...pinIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Inverse selection: the pins of the board (of one section when `sectionId` is given) except
 * `exceptIds`, locked, at most `limit` (the caller refuses when the limit is reached).
 */
export async function lockPinsExcept(
  trx: Kysely<Database>,
  boardId: string,
  sectionId: string | null,
  exceptIds: readonly string[],
  limit: number,
): Promise<MovablePinRow[]> {
  let query = trx
    .selectFrom('pins')
    .select(['id', 'board_id', 'section_id', 'image_id', 'pinner_id'])
    .where('board_id', '=', boardId);
  if (sectionId !== null) query = query.where('section_id', '=', sectionId);
  if (exceptIds.length > 0) query = query.where('id', 'not in', [...exceptIds]);
  return query.orderBy('id').limit(limit).forUpdate().execute();
}

/** Puts the pins on the board and in the section; their custom places start over (ADR 053). */
export async function movePinRows(
  trx: Kysely<Database>,
  pinIds: readonly string[],
  boardId: string,
  sectionId: string | null,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('pins')
    .set({
      board_id: boardId,
      section_id: sectionId,
      board_position: null,
      section_position: null,
      updated_at: now,
    })
    .where('id', 'in', [...pinIds])
    .execute();
}

/** A board whose chosen cover left it goes back to its newest pin. */
export async function clearMovedCovers(
  trx: Kysely<Database>,
  boardIds: readonly string[],
): Promise<void> {
  await trx
    .updateTable('boards')
    .set({ cover_pin_id: null })
    .where('id', 'in', [...boardIds])
    .where(
      sql<boolean>`cover_pin_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM pins cp WHERE cp.id = boards.cover_pin_id AND cp.board_id = boards.id
    )`,
    )
    .execute();
}

export async function deletePinRows(
  trx: Kysely<Database>,
  pinIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('pins')
    .where('id', 'in', [...pinIds])
    .execute();
}

/** Counters recomputed from the rows (they cannot drift): boards, sections, pinners. */
export async function recount(
  trx: Kysely<Database>,
  ids: { boards: readonly string[]; sections: readonly string[]; users: readonly string[] },
): Promise<void> {
  if (ids.boards.length > 0) {
    await trx
      .updateTable('boards')
      .set({
        pin_count: sql<number>`(SELECT count(*)::int FROM pins p WHERE p.board_id = boards.id)`,
      })
      .where('id', 'in', [...ids.boards])
      .execute();
  }
  if (ids.sections.length > 0) {
    await trx
      .updateTable('board_sections')
      .set({
        pin_count: sql<number>`(SELECT count(*)::int FROM pins p WHERE p.section_id = board_sections.id)`,
      })
      .where('id', 'in', [...ids.sections])
      .execute();
  }
  if (ids.users.length > 0) {
    await trx
      .updateTable('users')
      .set({
        pin_count: sql<number>`(SELECT count(*)::int FROM pins p WHERE p.pinner_id = users.id)`,
      })
      .where('id', 'in', [...ids.users])
      .execute();
  }
}

export interface PinTextChange {
  title?: string | undefined;
  description?: string | undefined;
  alt_text?: string | undefined;
  link?: string | null | undefined;
  domain?: string | null | undefined;
}

/** A pin edit's text fields: only those given change (`updated_at` always). */
export async function updatePinText(
  trx: Kysely<Database>,
  pinId: string,
  change: PinTextChange,
  now: Date,
): Promise<void> {
  const set: PinTextChange & { updated_at: Date } = { updated_at: now };
  if (change.title !== undefined) set.title = change.title;
  if (change.description !== undefined) set.description = change.description;
  if (change.alt_text !== undefined) set.alt_text = change.alt_text;
  if (change.link !== undefined) {
    set.link = change.link;
    set.domain = change.domain ?? null;
  }
  await trx.updateTable('pins').set(set).where('id', '=', pinId).execute();
}

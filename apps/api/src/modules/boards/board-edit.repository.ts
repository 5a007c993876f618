// Board edit, archive and delete queries (docs/decisions/058). Every function takes the
// transaction; board-edit.service.ts owns it and locks the board row first.
import { sql, type Kysely } from 'kysely';
import type { BoardLayout, BoardPrivacyColumn, Database } from '@corkboard/db/schema';
import { canWriteBoard } from '../../core/board-access.repository.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';

export interface EditableBoardRow {
  id: string;
  owner_id: string;
  name: string;
  slug: string;
  privacy: BoardPrivacyColumn;
  visible: boolean;
  writable: boolean;
}

/** The board's row, locked, with what the viewer may do with it; undefined when missing. */
export async function lockBoardForEdit(
  trx: Kysely<Database>,
  viewer: Viewer,
  boardId: string,
): Promise<EditableBoardRow | undefined> {
  return trx
    .selectFrom('boards as b')
    .select(['b.id', 'b.owner_id', 'b.name', 'b.slug', 'b.privacy'])
    .select([
      sql<boolean>`${visibleBoards(viewer)}`.as('visible'),
      canWriteBoard(viewer).as('writable'),
    ])
    .where('b.id', '=', boardId)
    .forUpdate()
    .executeTakeFirst();
}

/** Another board of the owner with this name (the same lower() as boards_owner_name_key). */
export async function otherBoardNamed(
  trx: Kysely<Database>,
  ownerId: string,
  boardId: string,
  name: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('boards')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', '<>', boardId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isPinOnBoard(
  trx: Kysely<Database>,
  pinId: string,
  boardId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('pins')
    .select('id')
    .where('id', '=', pinId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface BoardChange {
  name?: string;
  slug?: string;
  description?: string;
  privacy?: BoardPrivacyColumn;
  cover_pin_id?: string | null;
  layout?: BoardLayout;
}

export async function updateBoard(
  trx: Kysely<Database>,
  boardId: string,
  change: BoardChange,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('boards')
    .set({ ...change, updated_at: now })
    .where('id', '=', boardId)
    .execute();
}

/**
 * A board turned secret: follows of people who may no longer see it (anyone but the owner and
 * accepted collaborators) go, and the follower count is recounted. Answers how many went.
 */
export async function dropInvisibleFollows(
  trx: Kysely<Database>,
  boardId: string,
): Promise<number> {
  const dropped = await trx
    .deleteFrom('board_follows as bf')
    .where('bf.board_id', '=', boardId)
    .where(
      sql<boolean>`bf.user_id NOT IN (
        SELECT owner_id FROM boards WHERE id = ${boardId}
        UNION ALL
        SELECT user_id FROM board_collaborators WHERE board_id = ${boardId} AND status = 'accepted'
      )`,
    )
    .executeTakeFirst();
  await trx
    .updateTable('boards')
    .set({
      follower_count: sql<number>`(SELECT count(*)::int FROM board_follows f WHERE f.board_id = boards.id)`,
    })
    .where('id', '=', boardId)
    .execute();
  return Number(dropped.numDeletedRows);
}

/** Archives (a time) or unarchives (null) the board for one member. */
export async function setArchivedAt(
  trx: Kysely<Database>,
  userId: string,
  boardId: string,
  at: Date | null,
): Promise<void> {
  await trx
    .insertInto('board_member_states')
    .values({ user_id: userId, board_id: boardId, archived_at: at })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'board_id']).doUpdateSet({ archived_at: at }),
    )
    .execute();
}

export interface BoardPinRow {
  id: string;
  image_id: string;
  pinner_id: string;
}

/** Every pin of the board, locked (a board delete takes them all). */
export async function lockBoardPins(
  trx: Kysely<Database>,
  boardId: string,
): Promise<BoardPinRow[]> {
  return trx
    .selectFrom('pins')
    .select(['id', 'image_id', 'pinner_id'])
    .where('board_id', '=', boardId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The board goes (its pins, sections, follows, collaborators and states with it). */
export async function deleteBoardRow(
  trx: Kysely<Database>,
  boardId: string,
  ownerId: string,
  pinnerIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('pins').where('board_id', '=', boardId).execute();
  await trx.deleteFrom('boards').where('id', '=', boardId).execute();
  await trx
    .updateTable('users')
    .set({
      board_count: sql<number>`(SELECT count(*)::int FROM boards b WHERE b.owner_id = users.id)`,
    })
    .where('id', '=', ownerId)
    .execute();
  if (pinnerIds.length > 0) {
    await trx
      .updateTable('users')
      .set({
        pin_count: sql<number>`(SELECT count(*)::int FROM pins p WHERE p.pinner_id = users.id)`,
      })
      .where('id', 'in', [...pinnerIds])
      .execute();
  }
}

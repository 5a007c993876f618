// Board access in SQL (docs/decisions/002, 008): who may see a board (visibility.repository.ts)
// and who may save to it (the owner and accepted collaborators; an invitation grants nothing
// until it is accepted). `db` may be a transaction.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { BoardPrivacyColumn, Database } from '@corkboard/db/schema';
import type { Viewer } from '../plugins/app/viewer.ts';
import { visibleBoards } from './visibility.repository.ts';

/**
 * Boards `viewerId` may save to, over a board row aliased `alias` (a constant of our code).
 * Written as `id IN (owned ∪ accepted)` rather than `owner = v OR EXISTS …` so a person with
 * thousands of boards is served from the owner and collaborator indexes.
 */
export function writableBoards(viewerId: string, alias = 'b'): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} IN (
    SELECT wb.id FROM boards wb WHERE wb.owner_id = ${viewerId}
    UNION ALL
    SELECT wc.board_id FROM board_collaborators wc
    WHERE wc.user_id = ${viewerId} AND wc.status = 'accepted'
  )`;
}

/** True (as SQL) when the viewer may save to the board row aliased `alias`; false for visitors. */
export function canWriteBoard(viewer: Viewer | null, alias = 'b'): RawBuilder<boolean> {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`(
    ${sql.ref(`${alias}.owner_id`)} = ${viewer.id}
    OR EXISTS (
      SELECT 1 FROM board_collaborators cw
      WHERE cw.board_id = ${sql.ref(`${alias}.id`)} AND cw.user_id = ${viewer.id} AND cw.status = 'accepted'
    )
  )`;
}

export interface BoardForWriteRow {
  id: string;
  name: string;
  slug: string;
  privacy: BoardPrivacyColumn;
  owner_id: string;
  writable: boolean;
}

/** The board if the viewer can see it, with whether they may save to it. */
export async function findVisibleBoardForWrite(
  db: Kysely<Database>,
  viewer: Viewer,
  boardId: string,
): Promise<BoardForWriteRow | undefined> {
  return db
    .selectFrom('boards as b')
    .select(['b.id', 'b.name', 'b.slug', 'b.privacy', 'b.owner_id'])
    .select(canWriteBoard(viewer).as('writable'))
    .where('b.id', '=', boardId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
}

/** Just the visibility check, for answers that need the board to exist but not its details. */
export async function isBoardVisible(
  db: Kysely<Database>,
  viewer: Viewer | null,
  boardId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('boards as b')
    .select('b.id')
    .where('b.id', '=', boardId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the viewer may save to the board (which they can see). */
export async function isBoardWritable(
  db: Kysely<Database>,
  viewer: Viewer | null,
  boardId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('boards as b')
    .select(canWriteBoard(viewer).as('writable'))
    .where('b.id', '=', boardId)
    .executeTakeFirst();
  return row?.writable === true;
}

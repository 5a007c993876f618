// Who may save to which board (saving.md §6; docs/decisions/008): the owner and accepted
// collaborators. An invitation grants nothing until it is accepted. Reads use visibility.ts;
// every write to a board (pins, sections) and every list of save targets uses this.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { BoardPrivacyColumn, Database } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { BoardAccess } from '@corkboard/shared/saving/api';
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

export function boardAccessList(writable: boolean): BoardAccess[] {
  return writable ? ['read', 'write'] : ['read'];
}

export interface WritableBoardRow {
  id: string;
  name: string;
  slug: string;
  privacy: BoardPrivacyColumn;
  owner_id: string;
}

/**
 * The board a write goes to. A board the viewer cannot see is BOARD_NOT_FOUND (as if it did not
 * exist); one they can see but not save to is BOARD_NOT_WRITABLE. `db` may be a transaction.
 */
export async function requireWritableBoard(
  db: Kysely<Database>,
  viewer: Viewer,
  boardId: string,
): Promise<WritableBoardRow> {
  const row = await db
    .selectFrom('boards as b')
    .select(['b.id', 'b.name', 'b.slug', 'b.privacy', 'b.owner_id'])
    .select(canWriteBoard(viewer).as('writable'))
    .where('b.id', '=', boardId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
  if (!row) throw new AppError('BOARD_NOT_FOUND', { data: { field: 'board_id' } });
  if (!row.writable) throw new AppError('BOARD_NOT_WRITABLE', { data: { field: 'board_id' } });
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    privacy: row.privacy,
    owner_id: row.owner_id,
  };
}

/** Everything saving needs a signed-in person for answers 401 UNAUTHORIZED to visitors. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (viewer === null) throw new AppError('UNAUTHORIZED');
  return viewer;
}

// Who may save to which board (saving.md §6; docs/decisions/008): the owner and accepted
// collaborators. An invitation grants nothing until it is accepted. Reads use
// visibility.repository.ts; every write to a board (pins, sections) checks with this.
import type { Kysely } from 'kysely';
import type { BoardPrivacyColumn, Database } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { BoardAccess } from '@corkboard/shared/saving/api';
import type { Viewer } from '../plugins/app/viewer.ts';
import { findVisibleBoardForWrite } from './board-access.repository.ts';

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
  const row = await findVisibleBoardForWrite(db, viewer, boardId);
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

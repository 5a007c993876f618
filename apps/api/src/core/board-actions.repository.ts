// board_actions rows (docs/decisions/051): the bulk action running on a board. Each statement
// runs on its own (autocommit), so a claim is visible to every other request at once.
import { sql, type Kysely } from 'kysely';
import type { BoardActionKind, Database } from '@corkboard/db/schema';
import type { Viewer } from '../plugins/app/viewer.ts';
import { canWriteBoard } from './board-access.repository.ts';
import { visibleBoards } from './visibility.repository.ts';

export interface BoardClaim {
  boardId: string;
  kind: BoardActionKind;
  token: string;
  userId: string;
  now: Date;
  expiresAt: Date;
}

/**
 * Claims the board unless another action holds an unexpired claim on it. Answers null when
 * claimed, else the kind of action running. A board the viewer may not write — missing, hidden
 * from them, or only readable — is 'unwritable' and is not claimed: "busy" must never tell a
 * stranger that a secret board exists, nor may a reader hold up the owner's actions.
 */
export async function tryClaimBoard(
  db: Kysely<Database>,
  viewer: Viewer,
  claim: BoardClaim,
): Promise<BoardActionKind | 'unwritable' | null> {
  const access = await db
    .selectFrom('boards as b')
    .select([
      sql<boolean>`${visibleBoards(viewer)}`.as('visible'),
      canWriteBoard(viewer).as('writable'),
    ])
    .where('b.id', '=', claim.boardId)
    .executeTakeFirst();
  if (!access?.visible || !access.writable) return 'unwritable';
  const claimed = await db
    .insertInto('board_actions')
    .values({
      board_id: claim.boardId,
      kind: claim.kind,
      token: claim.token,
      user_id: claim.userId,
      started_at: claim.now,
      expires_at: claim.expiresAt,
    })
    .onConflict((conflict) =>
      conflict
        .column('board_id')
        .doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          token: eb.ref('excluded.token'),
          user_id: eb.ref('excluded.user_id'),
          started_at: eb.ref('excluded.started_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        // Only a claim whose holder is gone (expired) is taken over.
        .where('board_actions.expires_at', '<=', claim.now),
    )
    .returning('token')
    .executeTakeFirst();
  if (claimed?.token === claim.token) return null;
  const running = await db
    .selectFrom('board_actions')
    .select('kind')
    .where('board_id', '=', claim.boardId)
    .executeTakeFirst();
  // Released between our insert and this read: report it as running all the same (the caller
  // answers "please wait", and the next attempt succeeds).
  return running?.kind ?? claim.kind;
}

/** Drops the claims made with `token` (only the claimer's own). */
export async function releaseBoardClaims(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('board_actions').where('token', '=', token).execute();
}

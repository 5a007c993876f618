// Who may see which board (docs/decisions/002-discovery-visibility.md). Every query that reaches
// boards, sections or pins filters with one of these predicates, so a secret board is invisible
// in exactly the same way everywhere: to anyone but its owner and accepted collaborators it
// answers as if it did not exist.
//
// The predicates are SQL over a board row aliased `b` by default (the alias is always a constant
// from our own code, never request input).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Viewer } from '../plugins/app/viewer.ts';

function col(alias: string, column: string): Expression<unknown> {
  return sql.ref(`${alias}.${column}`);
}

/**
 * The board's owner has not deactivated their account: a deactivated person's boards, and the
 * pins on them, are hidden from everyone until they come back (docs/decisions/150). A person
 * cannot be signed in while deactivated, so nobody is exempt.
 */
function ownerActive(alias: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM users vis_owner
    WHERE vis_owner.id = ${col(alias, 'owner_id')} AND vis_owner.deactivated_at IS NULL
  )`;
}

/** Boards the viewer may open: non-secret ones, plus secret ones they own or collaborate on. */
export function visibleBoards(viewer: Viewer | null, alias = 'b'): Expression<SqlBool> {
  if (viewer === null) {
    return sql<SqlBool>`(${col(alias, 'privacy')} <> 'secret' AND ${ownerActive(alias)})`;
  }
  return sql<SqlBool>`((
    ${col(alias, 'privacy')} <> 'secret'
    OR ${col(alias, 'owner_id')} = ${viewer.id}
    OR EXISTS (
      SELECT 1 FROM board_collaborators bc
      WHERE bc.board_id = ${col(alias, 'id')} AND bc.user_id = ${viewer.id} AND bc.status = 'accepted'
    )
  ) AND ${ownerActive(alias)})`;
}

/**
 * Boards that appear in profile listings (a user's board grid, their saved pins and the counts
 * shown with them): visible, and not `protected` unless the viewer owns the board, because a
 * protected board is readable by link but deliberately unlisted.
 */
export function listedBoards(viewer: Viewer | null, alias = 'b'): Expression<SqlBool> {
  const unlisted =
    viewer === null
      ? sql<SqlBool>`${col(alias, 'privacy')} <> 'protected'`
      : sql<SqlBool>`(${col(alias, 'privacy')} <> 'protected' OR ${col(alias, 'owner_id')} = ${viewer.id})`;
  return sql<SqlBool>`(${visibleBoards(viewer, alias)} AND ${unlisted})`;
}

/** Boards whose pins feed discovery surfaces (home feed, search): public ones only. */
export function discoverableBoards(alias = 'b'): Expression<SqlBool> {
  return sql<SqlBool>`${col(alias, 'privacy')} = 'public'`;
}

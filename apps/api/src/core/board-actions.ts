// One bulk action per board at a time (saving.md §8 "API codes 2171, 2172 and 2173 during a move
// of pins: 'Please wait until the previous board action finishes.'"; docs/decisions/051).
//
// "Still running" means: a board_actions row claims the board and has not expired. A bulk action
// claims every board it touches (source and target, in id order) in short statements of their
// own before its transaction starts, and removes its claims when it ends, however it ends. A
// process that dies mid-action leaves a claim that expires after BOARD_ACTION_CLAIM_TTL_MS.
// The code tells what is running: a move (2171), a bulk delete (2172), a whole-board action such
// as a board delete, a privacy change or a section delete (2173).
import { randomUUID } from 'node:crypto';
import type { BoardActionKind } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';
import type { Viewer } from '../plugins/app/viewer.ts';
import type { AppDeps } from './app-deps.ts';
import { releaseBoardClaims, tryClaimBoard } from './board-actions.repository.ts';

/**
 * Not in the spec: when a claim counts as abandoned. The largest bulk action (5,000 pins, see
 * PIN_BULK_INVERSE_MAX) takes well under a minute; ten minutes never cuts a live one short.
 */
export const BOARD_ACTION_CLAIM_TTL_MS = 10 * 60_000;

const BUSY_CODES: Record<BoardActionKind, ErrorCodeName> = {
  move: 'BOARD_MOVE_IN_PROGRESS',
  delete: 'BOARD_DELETE_IN_PROGRESS',
  board: 'BOARD_EDIT_IN_PROGRESS',
};

export interface BoardActionTarget {
  boardId: string;
  kind: BoardActionKind;
}

/**
 * Runs `work` while holding a claim on each board of `targets`; answers 2171/2172/2173 (by what
 * is running) without running it when one is claimed already. Boards the viewer may not write
 * are not claimed and never answer "busy" (a secret board's existence stays hidden); `work`
 * refuses them. The claims go when `work` settles.
 */
export async function withBoardActions<T>(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  targets: readonly BoardActionTarget[],
  work: () => Promise<T>,
): Promise<T> {
  const token = randomUUID();
  const byBoard = new Map<string, BoardActionKind>();
  for (const target of targets) {
    // One claim per board; a whole-board action outranks a delete, which outranks a move.
    const held = byBoard.get(target.boardId);
    if (held === undefined || rank(target.kind) > rank(held))
      byBoard.set(target.boardId, target.kind);
  }
  const boardIds = [...byBoard.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  try {
    for (const boardId of boardIds) {
      const now = deps.now();
      const running = await tryClaimBoard(deps.db, viewer, {
        boardId,
        kind: byBoard.get(boardId) ?? 'move',
        token,
        userId: viewer.id,
        now,
        expiresAt: new Date(now.getTime() + BOARD_ACTION_CLAIM_TTL_MS),
      });
      // Not claimed: every `work` checks write access to each board it names first and refuses
      // with its own code (PIN_NOT_FOUND, BOARD_NOT_FOUND, …), exactly as without a claim.
      if (running === 'unwritable') continue;
      if (running !== null)
        throw new AppError(BUSY_CODES[running], { data: { board_id: boardId } });
    }
    return await work();
  } finally {
    await releaseBoardClaims(deps.db, token);
  }
}

function rank(kind: BoardActionKind): number {
  return kind === 'board' ? 2 : kind === 'delete' ? 1 : 0;
}

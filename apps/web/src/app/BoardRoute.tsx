// The board page as the app shows it: the boards feature's page with the follows feature's
// Follow and the sections feature's 'Add section' in its header slot. Composed here because sections builds on boards (its picker
// rows), so boards/ cannot import sections/ back. A route chunk of its own, like every page.
//
// The organise feature's parts (the edit controls, Organise and Reorder) are for people who may
// write to the board and load as chunks of their own when such a person opens it: with them,
// zod and the organise code (~30 kB gzip, 16 files) came with every visitor's board page
// (docs/decisions/198).
import type { BoardDetail } from '@corkboard/shared/api-types';
import { lazy, Suspense } from 'react';
import { BoardPage, type OrganiserSlotProps } from '../features/boards/BoardPage.tsx';
import { BoardFollowButton } from '../features/follows/BoardFollowButton.tsx';
import { AddSectionButton } from '../features/sections/AddSectionButton.tsx';
import { LoadingState } from '../ui/PageStates.tsx';

const BoardEditControls = lazy(() =>
  import('../features/organise/BoardEditControls.tsx').then((module) => ({
    default: module.BoardEditControls,
  })),
);
const OrganiseView = lazy(() =>
  import('../features/organise/OrganiseView.tsx').then((module) => ({
    default: module.OrganiseView,
  })),
);
const boardPinsReorder = () => import('../features/organise/BoardPinsReorder.tsx');
const BoardReorderButton = lazy(() =>
  boardPinsReorder().then((module) => ({ default: module.BoardReorderButton })),
);
const BoardPinsReorder = lazy(() =>
  boardPinsReorder().then((module) => ({ default: module.BoardPinsReorder })),
);

/** Only someone who may write to the board sees the organise controls (BoardPage's rule). */
const canWrite = (board: BoardDetail) => board.board_access.includes('write');

const boardActions = (board: BoardDetail) => (
  <>
    <BoardFollowButton board={board} />
    <AddSectionButton board={board} />
    {canWrite(board) ? (
      <Suspense fallback={null}>
        <BoardEditControls board={board} />
      </Suspense>
    ) : null}
  </>
);

const organiser = (props: OrganiserSlotProps) => (
  <Suspense fallback={<LoadingState />}>
    <OrganiseView {...props} />
  </Suspense>
);

const reorderer = {
  // BoardPage offers Reorder to writers only.
  button: (onStart: () => void) => (
    <Suspense fallback={null}>
      <BoardReorderButton onStart={onStart} />
    </Suspense>
  ),
  view: (props: OrganiserSlotProps) => (
    <Suspense fallback={<LoadingState />}>
      <BoardPinsReorder {...props} />
    </Suspense>
  ),
};

export function BoardRoute() {
  return <BoardPage actions={boardActions} organiser={organiser} reorderer={reorderer} />;
}

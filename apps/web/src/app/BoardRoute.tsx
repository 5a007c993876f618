// The board page as the app shows it: the boards feature's page with the follows feature's
// Follow and the sections feature's 'Add section' in its header slot. Composed here because sections builds on boards (its picker
// rows), so boards/ cannot import sections/ back. A route chunk of its own, like every page.
import type { BoardDetail } from '@corkboard/shared/api-types';
import { BoardPage, type OrganiserSlotProps } from '../features/boards/BoardPage.tsx';
import { BoardFollowButton } from '../features/follows/BoardFollowButton.tsx';
import { BoardEditControls } from '../features/organise/BoardEditControls.tsx';
import { OrganiseView } from '../features/organise/OrganiseView.tsx';
import { BoardPinsReorder, BoardReorderButton } from '../features/organise/BoardPinsReorder.tsx';
import { AddSectionButton } from '../features/sections/AddSectionButton.tsx';

const boardActions = (board: BoardDetail) => (
  <>
    <BoardFollowButton board={board} />
    <AddSectionButton board={board} />
    <BoardEditControls board={board} />
  </>
);

const organiser = (props: OrganiserSlotProps) => <OrganiseView {...props} />;

const reorderer = {
  button: (onStart: () => void) => <BoardReorderButton onStart={onStart} />,
  view: (props: OrganiserSlotProps) => <BoardPinsReorder {...props} />,
};

export function BoardRoute() {
  return <BoardPage actions={boardActions} organiser={organiser} reorderer={reorderer} />;
}

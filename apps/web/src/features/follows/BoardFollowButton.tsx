// The Follow button of a board (saving.md §6 "A follow button shows on a board card by default";
// §4 optimistic, §8 silently reverted on failure; docs/decisions/050). Visitors get the sign-up
// flow; the board's owner gets no button (nobody follows their own board); a secret board that
// is not the viewer's never reaches the page. One accessible name ('Follow {board}'), the state
// in aria-pressed.
import type { Board } from '@corkboard/shared/api-types';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { FollowAuthButton } from '../auth/EntryPoints.tsx';
import { useViewer } from '../session/hooks.ts';
import { useFollowBoard, useOptimisticToggle } from './hooks.ts';

export function BoardFollowButton({ board }: { board: Board }) {
  const viewer = useViewer();
  if (viewer.isPending) return <PendingFollowButton />;
  if (!viewer.data) return <FollowAuthButton name={board.name} imageUrl={null} />;
  if (viewer.data.id === board.owner.id) return null;
  return <SignedInBoardFollow board={board} />;
}

function SignedInBoardFollow({ board }: { board: Board }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const followBoard = useFollowBoard();
  const send = useCallback((next: boolean) => followBoard(board.id, next), [followBoard, board.id]);
  const { on, toggle } = useOptimisticToggle(board.followed_by_me, send);
  return (
    <button
      type="button"
      className={
        on ? 'button button--secondary follow-button' : 'button button--primary follow-button'
      }
      aria-pressed={on}
      aria-label={t(on ? 'follow.followingBoard' : 'follow.followBoard', { name: board.name })}
      onClick={() => void toggle()}
    >
      {on ? t('follow.following') : t('follow.follow')}
    </button>
  );
}

/**
 * Until the app knows who is looking, the button's box is kept, hidden (not focusable, not in the
 * accessibility tree), so the board's pins below do not move down when the button appears: the
 * board's answer often arrives before the session's (docs/decisions/204).
 */
function PendingFollowButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--primary follow-button--pending"
      tabIndex={-1}
      aria-hidden="true"
      disabled
    >
      {t('profile.follow')}
    </button>
  );
}

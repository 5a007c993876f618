// The own-profile board controls (issue 10 "manual ordering of boards on a profile … plus sort
// options (last saved, A–Z, custom)"; docs/decisions/123, 124): a sort menu, and a Reorder mode
// that lists the boards in the custom order and lets them be dragged or moved by keyboard. The
// first move switches the profile to Custom (the server does it).
import type { Board, User } from '@corkboard/shared/api-types';
import { PROFILE_BOARD_SORTS, type ProfileBoardSort } from '@corkboard/shared/saving/organise';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../api/lists.ts';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { ErrorState, GridSkeleton } from '../../ui/PageStates.tsx';
import { organiseErrorMessage, useProfileBoardOrder, useUserBoardsInSort } from './hooks.ts';
import { ReorderGrid } from './ReorderGrid.tsx';
import './organise.css';

/** The sort menu and the Reorder toggle above the owner's board grid. */
export function ProfileBoardControls({
  user,
  reordering,
  onReorderingChange,
}: {
  user: User;
  reordering: boolean;
  onReorderingChange: (reordering: boolean) => void;
}) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const selectId = useId();
  const order = useProfileBoardOrder(user.username);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(sort: ProfileBoardSort) {
    setBusy(true);
    setFailure(null);
    try {
      await order.setSort(sort);
    } catch (error) {
      setFailure(organiseErrorMessage(error, t('reorder.sortError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="reorder__controls">
      <label htmlFor={selectId} className="text text--small text--bold">
        {t('reorder.sortBoards')}
      </label>
      <select
        id={selectId}
        value={reordering ? 'custom' : user.board_sort}
        disabled={busy || reordering}
        onChange={(event) => void choose(event.target.value as ProfileBoardSort)}
      >
        {PROFILE_BOARD_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`reorder.${sort}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={reordering ? 'button button--primary' : 'button button--secondary'}
        aria-pressed={reordering}
        onClick={() => onReorderingChange(!reordering)}
      >
        {reordering ? t('reorder.done') : t('reorder.button')}
      </button>
      {failure ? (
        <p role="alert" className="organise__error">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/** Reorder mode: the owner's boards in the custom order, to drag or move by keyboard. */
export function ProfileBoardsReorder({ username }: { username: string }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const boards = useUserBoardsInSort(username, 'custom');
  const order = useProfileBoardOrder(username);
  const items = useMemo(() => flattenPages(boards.data), [boards.data]);
  const idOf = useCallback((board: Board) => board.id, []);
  const nameOf = useCallback((board: Board) => board.name, []);

  if (boards.isPending) return <GridSkeleton />;
  if (boards.isError && !boards.data) return <ErrorState onRetry={() => boards.refetch()} />;
  return (
    <>
      <ReorderGrid
        items={items}
        idOf={idOf}
        nameOf={nameOf}
        label={t('reorder.boardsLabel')}
        onMove={order.move}
        render={(board) => {
          // A small row image: the 170x board image (decision 143), else the 236x cover.
          const cover = board.images_170x[0] ?? board.cover_images[0];
          return (
            <>
              {cover ? (
                <img src={cover.url} alt="" width={cover.width} height={cover.height} />
              ) : (
                <span className="reorder__blank" aria-hidden="true" />
              )}
              <span className="reorder__name">{board.name}</span>
            </>
          );
        }}
      />
      {boards.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={boards.isFetchingNextPage}
          onClick={() => void boards.fetchNextPage()}
        >
          {t('reorder.more')}
        </button>
      ) : null}
    </>
  );
}

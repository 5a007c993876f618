// The board page's Reorder mode (issue 10 "manual ordering … of pins on a board and in a
// section … sort options"; docs/decisions/123, 124): the board's (or the open section's) pins in
// the custom order, to drag or move by keyboard, and the board's pin sort (Newest, Custom). A
// move switches the board to Custom (the server stamps boardOrderModifiedAt).
import type { BoardDetail, Pin } from '@corkboard/shared/api-types';
import { BOARD_PIN_SORTS, type BoardPinSort } from '@corkboard/shared/saving/organise';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../api/lists.ts';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { ErrorState, GridSkeleton } from '../../ui/PageStates.tsx';
import { organiseErrorMessage, useBoardPinOrder, useBoardPinsInSort } from './hooks.ts';
import { ReorderGrid } from './ReorderGrid.tsx';
import './organise.css';

/** The header button that opens the Reorder mode (people who may write to the board). */
export function BoardReorderButton({ onStart }: { onStart: () => void }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  return (
    <button type="button" className="button button--secondary" onClick={onStart}>
      {t('reorder.button')}
    </button>
  );
}

const pinName = (pin: Pin) => pin.title || pin.alt_text || pin.id;

export function BoardPinsReorder({
  board,
  sectionId,
  onDone,
}: {
  board: BoardDetail;
  sectionId: string | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const selectId = useId();
  const pins = useBoardPinsInSort(board.id, sectionId, 'custom');
  const order = useBoardPinOrder(board.id);
  const items = useMemo(() => flattenPages(pins.data), [pins.data]);
  const idOf = useCallback((pin: Pin) => pin.id, []);
  const [sort, setSort] = useState<BoardPinSort>(
    board.board_order_modified_at === null ? 'newest' : 'custom',
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { move } = order;
  const onMove = useCallback(
    async (pinId: string, afterPinId: string | null) => {
      await move(pinId, afterPinId, sectionId ?? null);
      setSort('custom');
    },
    [move, sectionId],
  );

  async function choose(next: BoardPinSort) {
    setBusy(true);
    setFailure(null);
    try {
      await order.setSort(next);
      setSort(next);
    } catch (error) {
      setFailure(organiseErrorMessage(error, t('reorder.sortError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="board-pins" aria-label={t('reorder.pinsLabel')}>
      <div className="reorder__controls">
        <label htmlFor={selectId} className="text text--small text--bold">
          {t('reorder.sortPins')}
        </label>
        <select
          id={selectId}
          value={sort}
          disabled={busy}
          onChange={(event) => void choose(event.target.value as BoardPinSort)}
        >
          {BOARD_PIN_SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`reorder.${option}`)}
            </option>
          ))}
        </select>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('reorder.done')}
        </button>
        {failure ? (
          <p role="alert" className="organise__error">
            {failure}
          </p>
        ) : null}
      </div>
      {pins.isPending ? <GridSkeleton /> : null}
      {pins.isError && !pins.data ? <ErrorState onRetry={() => pins.refetch()} /> : null}
      {pins.data ? (
        <ReorderGrid
          items={items}
          idOf={idOf}
          nameOf={pinName}
          label={t('reorder.pinsLabel')}
          onMove={onMove}
          render={(pin) => (
            <>
              <img
                src={pin.images['236x'].url}
                alt=""
                width={pin.images['236x'].width}
                height={pin.images['236x'].height}
                loading="lazy"
              />
              <span className="reorder__name">{pinName(pin)}</span>
            </>
          )}
        />
      ) : null}
      {pins.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={pins.isFetchingNextPage}
          onClick={() => void pins.fetchNextPage()}
        >
          {t('reorder.more')}
        </button>
      ) : null}
    </section>
  );
}

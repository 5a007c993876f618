import type { Pin } from '@corkboard/shared/api-types';
import { GRID_EAGER_IMAGES } from '@corkboard/shared/layout';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../api/client.ts';
import { flattenPages } from '../api/lists.ts';
import { gridLayoutFor } from './gridLayout.ts';
import { GRID_LATER_BATCH_SIZE } from './gridBatches.ts';
import { MasonryGrid } from './MasonryGrid.tsx';
import { EmptyState, ErrorState, GridSkeleton, Spinner } from './PageStates.tsx';
import { PinCard } from './PinCard.tsx';
import { useInfiniteScroll } from './useInfiniteScroll.ts';
import { useLayoutWidth } from './useLayoutWidth.ts';

export type PinListQuery = UseInfiniteQueryResult<InfiniteData<Page<Pin>, string | undefined>>;

interface PinGridProps {
  query: PinListQuery;
  emptyTitle: string;
  emptyMessage?: string | undefined;
  /** Left out of the grid (the closeup's own pin in "More like this"). */
  excludeId?: string | undefined;
  /**
   * The grid starts below the first screen (the closeup's "More like this"): no card image is
   * eager or high priority, so none competes with the page's own largest image, and the first
   * task places as few cards as a later one (docs/decisions/206).
   */
  belowFold?: boolean | undefined;
}

// The grid marks a card `data-grid-item` once it is placed; cards still being measured are not.
// Until every card is placed the grid's bottom edge is not final, and asking whether the list's
// end is near would fetch early (docs/decisions/147, 198).
const placedItems = (container: HTMLElement) =>
  container.querySelectorAll('[data-grid-item]').length;

const pinKey = (pin: Pin) => pin.id;

/**
 * The first cards' images load eagerly at high priority: they are the first rows on a phone (two
 * columns) and the page's largest paint. The rest stay lazy. The server preloads the same cards'
 * images from the home page's HTML (docs/decisions/204).
 */
export const EAGER_CARD_IMAGES = GRID_EAGER_IMAGES;

/** A Masonry grid of pins with loading, empty and error states and infinite scroll. */
export function PinGrid({
  query,
  emptyTitle,
  emptyMessage,
  excludeId,
  belowFold = false,
}: PinGridProps) {
  const { t } = useTranslation();
  const layoutWidth = useLayoutWidth();
  const grid = gridLayoutFor(layoutWidth);
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;

  const pins = useMemo(
    () => flattenPages(data).filter((pin) => pin.id !== excludeId),
    [data, excludeId],
  );
  const loadMore = useCallback(() => fetchNextPage(), [fetchNextPage]);
  const isSettled = useCallback(
    (container: HTMLElement) => placedItems(container) >= pins.length,
    [pins.length],
  );
  const { imageDisplayWidth } = grid;
  const eagerImages = belowFold ? 0 : EAGER_CARD_IMAGES;
  const renderItem = useCallback(
    (pin: Pin, index: number) => (
      <PinCard pin={pin} displayWidth={imageDisplayWidth} priority={index < eagerImages} />
    ),
    [imageDisplayWidth, eagerImages],
  );
  const containerRef = useInfiniteScroll({
    canLoadMore: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    loadMore,
    isSettled,
  });

  if (query.isPending) return <GridSkeleton />;
  if (query.isError && !data) return <ErrorState onRetry={() => query.refetch()} />;
  if (pins.length === 0 && !hasNextPage) {
    return <EmptyState title={emptyTitle} message={emptyMessage} />;
  }

  return (
    <div className="pin-grid">
      <div ref={containerRef}>
        <MasonryGrid
          items={pins}
          itemKey={pinKey}
          layout={grid}
          renderItem={renderItem}
          firstBatch={belowFold ? GRID_LATER_BATCH_SIZE : undefined}
        />
      </div>
      {isFetchingNextPage ? <Spinner label={t('state.loadingMore')} /> : null}
      {isFetchNextPageError ? <ErrorState onRetry={loadMore} /> : null}
    </div>
  );
}

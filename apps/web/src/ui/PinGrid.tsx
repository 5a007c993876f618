import type { Pin } from '@corkboard/shared/api-types';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Masonry } from 'gestalt';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../api/client.ts';
import { flattenPages } from '../api/lists.ts';
import { gridLayoutFor } from './gridLayout.ts';
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
}

// Masonry positions an item by giving its wrapper `data-grid-item`; items still being measured
// have none. Until every item is placed the grid's bottom edge is not final. Masonry's very first
// pass (before it knows its width) renders every item unpositioned in a zero-height box, also
// marked `data-grid-item` but with the class `static`: those are not placed. Counting them made
// the grid ask for a second page at once, and the "loading more" spinner then slid down the
// screen as items were placed (a layout shift of ~0.28 on a phone; docs/decisions/147).
const placedItems = (container: HTMLElement) =>
  container.querySelectorAll('[data-grid-item]:not(.static)').length;

/**
 * The first cards' images load eagerly at high priority: they are the first row on a phone (two
 * columns) and the page's largest paint. The rest stay lazy.
 */
export const EAGER_CARD_IMAGES = 4;

/** A Masonry grid of pins with loading, empty and error states and infinite scroll. */
export function PinGrid({ query, emptyTitle, emptyMessage, excludeId }: PinGridProps) {
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
        <Masonry
          // A new breakpoint means new column widths: start the layout afresh.
          key={layoutWidth}
          items={pins}
          layout={grid.layout}
          columnWidth={grid.columnWidth}
          gutterWidth={grid.gutter}
          minCols={grid.minCols}
          renderItem={({ data: pin, itemIdx }) => (
            <PinCard
              pin={pin}
              displayWidth={grid.imageDisplayWidth}
              priority={itemIdx < EAGER_CARD_IMAGES}
            />
          )}
        />
      </div>
      {isFetchingNextPage ? <Spinner label={t('state.loadingMore')} /> : null}
      {isFetchNextPageError ? <ErrorState onRetry={loadMore} /> : null}
    </div>
  );
}

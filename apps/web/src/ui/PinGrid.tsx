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
// have none. Until every item is placed the grid's bottom edge is not final.
const placedItems = (container: HTMLElement) =>
  container.querySelectorAll('[data-grid-item]').length;

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
          renderItem={({ data: pin }) => (
            <PinCard pin={pin} displayWidth={grid.imageDisplayWidth} />
          )}
        />
      </div>
      {isFetchingNextPage ? <Spinner label={t('state.loadingMore')} /> : null}
      {isFetchNextPageError ? <ErrorState onRetry={loadMore} /> : null}
    </div>
  );
}

// The pin grid's layout: cards of varying height in columns, each placed under the shortest
// column (Pinterest's grid). Replaces Gestalt's Masonry, which measured two new cards per
// animation frame and re-rendered every card already placed each time: ~13 passes and ~170 card
// renders for a first page of 25, the long tasks of a phone's first visit (docs/decisions/198).
// Here each card renders once: hidden at its column's width to be measured, then placed, its
// content memoised. The first cards are measured and placed before the first paint; the rest
// follow in small batches, one task each, each sized to a time budget, so no task is long
// (docs/decisions/198, 204, 216).
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { GRID_FIRST_BATCH_SIZE, GRID_LATER_BATCH_SIZE, nextBatchSize } from './gridBatches.ts';
import type { GridLayout } from './gridLayout.ts';
import { gridColumns, placeItems } from './masonryLayout.ts';

interface MasonryGridProps<T extends object> {
  items: readonly T[];
  /** Stable key of an item (a pin's id): a card keeps its DOM from being measured to placed. */
  itemKey: (item: T) => string;
  layout: Pick<GridLayout, 'layout' | 'columnWidth' | 'gutter' | 'minCols'>;
  /** Keep it stable (useCallback): a new function renders every card again. */
  renderItem: (item: T, index: number) => ReactNode;
  /**
   * Cards placed in the first task. A grid below the first screen (the closeup's "More like
   * this") passes GRID_LATER_BATCH_SIZE: nothing of it is seen in the first paint, so its first
   * task is kept as small as the later ones (docs/decisions/206). Default GRID_FIRST_BATCH_SIZE.
   */
  firstBatch?: number | undefined;
}

type RenderAny = (item: never, index: number) => ReactNode;

/** The card itself: rendered when it is measured, not again when it is placed or moved. */
const ItemContent = memo(function ItemContent({
  item,
  index,
  renderItem,
}: {
  item: unknown;
  index: number;
  renderItem: RenderAny;
}) {
  return <>{(renderItem as (item: unknown, index: number) => ReactNode)(item, index)}</>;
});

/**
 * The measured heights of one column width: a resize to another width measures again. Only the
 * current width's heights are kept.
 */
function heightsFor<T extends object>(
  stores: Map<number, WeakMap<T, number>>,
  columnWidth: number,
): { heights: WeakMap<T, number>; remeasuring: boolean } {
  const existing = stores.get(columnWidth);
  if (existing) return { heights: existing, remeasuring: false };
  const remeasuring = stores.size > 0;
  stores.clear();
  const heights = new WeakMap<T, number>();
  stores.set(columnWidth, heights);
  return { heights, remeasuring };
}

export function MasonryGrid<T extends object>({
  items,
  itemKey,
  layout,
  renderItem,
  firstBatch = GRID_FIRST_BATCH_SIZE,
}: MasonryGridProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [containerWidth, setContainerWidth] = useState<number | undefined>(undefined);
  // Bumped after measuring: the measured cards are then placed.
  const [, setMeasured] = useState(0);
  // Items with an index below this may be rendered (measured); grows by a batch per task.
  const [limit, setLimit] = useState(firstBatch);
  const [stores] = useState(() => new Map<number, WeakMap<T, number>>());
  // The next later batch's size, from what the last one cost (gridBatches.ts), and when the
  // batch being rendered started.
  const batchSize = useRef(GRID_LATER_BATCH_SIZE);
  const batchStart = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const update = () => setContainerWidth(list.clientWidth);
    update();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', update);
      return () => window.removeEventListener('resize', update);
    }
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const columns =
    containerWidth === undefined ? undefined : gridColumns(layout, containerWidth, items.length);
  // A resize that changes the column width measures every card again, all at once, so the grid
  // does not fill in batch by batch under the reader's eyes.
  const { heights, remeasuring } = columns
    ? heightsFor(stores, columns.width)
    : { heights: undefined, remeasuring: false };

  // Placed: the measured items from the start of the list (placement is in order).
  const placedHeights: number[] = [];
  if (heights) {
    for (const item of items) {
      const height = heights.get(item);
      if (height === undefined) break;
      placedHeights.push(height);
    }
  }
  const placed = placedHeights.length;
  const { positions, height } = columns
    ? placeItems(columns, placedHeights)
    : { positions: [], height: 0 };
  // Every placed item is drawn; beyond them, up to the batch limit (all, when measuring again).
  const renderUpTo = columns
    ? Math.max(placed, Math.min(items.length, remeasuring ? items.length : limit))
    : 0;

  // Measure what was just rendered hidden (one layout for all of them), then place it.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !heights) return;
    const nodes = Array.from(list.children as HTMLCollectionOf<HTMLElement>).filter((node) =>
      node.hasAttribute('data-measuring'),
    );
    if (nodes.length === 0) return;
    const measured = nodes.map((node) => node.offsetHeight);
    nodes.forEach((node, i) => {
      const item = items[Number(node.dataset.index)];
      if (item) heights.set(item, measured[i] ?? 0);
    });
    if (batchStart.current !== undefined) {
      batchSize.current = nextBatchSize(nodes.length, performance.now() - batchStart.current);
      batchStart.current = undefined;
    }
    setMeasured((count) => count + 1);
  }, [items, heights, renderUpTo]);

  // Once a batch is placed and painted, the next one, in a task of its own, as large as the time
  // budget allows at the last batch's cost per card (docs/decisions/216).
  const waiting = columns !== undefined && placed >= renderUpTo && renderUpTo < items.length;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => {
      batchStart.current = performance.now();
      setLimit(placed + batchSize.current);
    }, 0);
    return () => clearTimeout(timer);
  }, [waiting, placed]);

  const children: ReactNode[] = [];
  if (columns) {
    for (let index = 0; index < renderUpTo; index++) {
      const item = items[index]!;
      const position = positions[index];
      const style: CSSProperties = position
        ? { width: columns.width, transform: `translate(${position.left}px, ${position.top}px)` }
        : { width: columns.width };
      children.push(
        <div
          key={itemKey(item)}
          role="listitem"
          className={position ? 'masonry__item' : 'masonry__item masonry__item--measuring'}
          style={style}
          {...(position ? { 'data-grid-item': '' } : { 'data-measuring': '', 'data-index': index })}
        >
          <ItemContent item={item} index={index} renderItem={renderItem as RenderAny} />
        </div>,
      );
    }
  }

  return (
    <div ref={listRef} className="masonry" role="list" style={{ height }}>
      {children}
    </div>
  );
}

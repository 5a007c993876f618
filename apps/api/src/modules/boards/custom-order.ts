// Placing one item of a hand-arranged list right after another (docs/decisions/123). Positions
// are integers with gaps of CUSTOM_ORDER_STEP, so a move usually writes one row: the midpoint of
// its new neighbours. Items not placed yet (position null: new boards and pins) come first; a
// move while any are left, or with no room between the neighbours, renumbers the whole list
// (only rows whose position changes are written).

/** The gap between neighbours after a renumbering: 1,024 moves into one gap before the next. */
export const CUSTOM_ORDER_STEP = 1024;

export interface OrderedItem {
  id: string;
  /** null: not placed yet (shown first, newest first). */
  position: number | null;
}

export interface Placement {
  /** Every id in its new order. */
  order: string[];
  /** The rows to write: id → new position. */
  updates: Map<string, number>;
}

/**
 * `items` in their current order (not placed first, then by position). Answers null when
 * `movingId` is not in the list, or `afterId` (null: to the top) is neither in it nor allowed.
 */
export function placeAfter(
  items: readonly OrderedItem[],
  movingId: string,
  afterId: string | null,
): Placement | null {
  const moving = items.find((item) => item.id === movingId);
  if (!moving || afterId === movingId) return null;
  const rest = items.filter((item) => item.id !== movingId);
  const afterIndex = afterId === null ? -1 : rest.findIndex((item) => item.id === afterId);
  if (afterId !== null && afterIndex === -1) return null;
  const next = [...rest];
  next.splice(afterIndex + 1, 0, moving);
  const order = next.map((item) => item.id);

  const before = rest[afterIndex];
  const after = rest[afterIndex + 1];
  const allPlaced = rest.every((item) => item.position !== null);
  if (allPlaced) {
    const low = before?.position ?? null;
    const high = after?.position ?? null;
    let position: number | null = null;
    if (low === null && high === null) position = CUSTOM_ORDER_STEP;
    else if (low === null && high !== null) position = high - CUSTOM_ORDER_STEP;
    else if (low !== null && high === null) position = low + CUSTOM_ORDER_STEP;
    else if (low !== null && high !== null && high - low > 1)
      position = Math.floor((low + high) / 2);
    if (position !== null && Number.isSafeInteger(position)) {
      return { order, updates: new Map([[movingId, position]]) };
    }
  }
  const updates = new Map<string, number>();
  for (const [index, item] of next.entries()) {
    const position = (index + 1) * CUSTOM_ORDER_STEP;
    if (item.position !== position) updates.set(item.id, position);
  }
  return { order, updates };
}

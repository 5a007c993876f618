// Organise-mode selection (issue 10 "select pins (click, shift-click ranges, select all)"): a
// list of chosen pins, or "all of the board except these" after Select all — the inverse
// selection BulkEditSelectAllResource takes (saving.md §7), so pins not loaded yet count too.
export interface Selection {
  /** 'some': `ids` are chosen. 'all': everything is chosen except `ids`. */
  readonly mode: 'some' | 'all';
  readonly ids: ReadonlySet<string>;
  /** The pin clicked last without Shift: the anchor of a Shift-click range. */
  readonly anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { mode: 'some', ids: new Set(), anchor: null };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'all' ? !selection.ids.has(id) : selection.ids.has(id);
}

/** How many pins are chosen, out of `total` on the board (or section). */
export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'all' ? Math.max(0, total - selection.ids.size) : selection.ids.size;
}

function setChosen(selection: Selection, ids: readonly string[], chosen: boolean): Set<string> {
  const next = new Set(selection.ids);
  // In 'all' mode the set lists the pins NOT chosen.
  const add = selection.mode === 'all' ? !chosen : chosen;
  for (const id of ids) {
    if (add) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * A click on `id` among the loaded pins `order`: toggles it; with Shift, gives every pin from
 * the anchor to it the state the anchor has.
 */
export function clickPin(
  selection: Selection,
  order: readonly string[],
  id: string,
  shiftKey: boolean,
): Selection {
  const anchorIndex = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const index = order.indexOf(id);
  if (shiftKey && anchorIndex !== -1 && index !== -1) {
    const [from, to] = anchorIndex <= index ? [anchorIndex, index] : [index, anchorIndex];
    const chosen = isSelected(selection, selection.anchor ?? id);
    return { ...selection, ids: setChosen(selection, order.slice(from, to + 1), chosen) };
  }
  return {
    ...selection,
    ids: setChosen(selection, [id], !isSelected(selection, id)),
    anchor: id,
  };
}

export function selectAll(): Selection {
  return { mode: 'all', ids: new Set(), anchor: null };
}

/** The chosen pins among those loaded (for the optimistic removal). */
export function chosenAmong(selection: Selection, order: readonly string[]): string[] {
  return order.filter((id) => isSelected(selection, id));
}

// Keyboard reordering (issue 10 "by drag and by keyboard"; docs/decisions/123, 124): focus an
// item, Space or Enter picks it up, the arrow keys (and Home/End) move it, Space or Enter drops
// it, Escape puts it back. Pure: the grid component feeds keys in and renders the order, speaks
// the announcement and sends the move when a drop changed something.

export type ReorderCommand = 'toggle' | 'previous' | 'next' | 'first' | 'last' | 'cancel';

/** The command a key stands for (null: not ours, let the browser have it). */
export function reorderCommand(key: string): ReorderCommand | null {
  switch (key) {
    case ' ':
    case 'Spacebar':
    case 'Enter':
      return 'toggle';
    case 'ArrowLeft':
    case 'ArrowUp':
      return 'previous';
    case 'ArrowRight':
    case 'ArrowDown':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'Escape':
      return 'cancel';
    default:
      return null;
  }
}

export interface ReorderState {
  order: readonly string[];
  /** The item picked up, and the order before it was (Escape restores it). */
  picked: { id: string; before: readonly string[] } | null;
}

export type Announcement =
  | { kind: 'picked' | 'moved' | 'dropped'; id: string; position: number; total: number }
  | { kind: 'cancelled'; id: string; position: number; total: number };

export interface ReorderStep {
  state: ReorderState;
  announcement: Announcement | null;
  /** Set when a drop changed the order: send "put `id` right after `afterId`". */
  move: { id: string; afterId: string | null } | null;
}

/** `id` moved to `index` (clamped). */
export function moveTo(order: readonly string[], id: string, index: number): string[] {
  const rest = order.filter((item) => item !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** The item right before `id` (null when it is first): the API's `after_*_id`. */
export function afterIdOf(order: readonly string[], id: string): string | null {
  const index = order.indexOf(id);
  return index > 0 ? (order[index - 1] ?? null) : null;
}

function place(order: readonly string[], id: string) {
  return { position: order.indexOf(id) + 1, total: order.length };
}

/** One key on the focused item `id`. */
export function reorderStep(state: ReorderState, id: string, command: ReorderCommand): ReorderStep {
  const none: ReorderStep = { state, announcement: null, move: null };
  if (!state.order.includes(id)) return none;
  const picked = state.picked;
  if (picked === null || picked.id !== id) {
    if (command !== 'toggle') return none;
    const next = { order: state.order, picked: { id, before: state.order } };
    return {
      state: next,
      announcement: { kind: 'picked', id, ...place(state.order, id) },
      move: null,
    };
  }
  if (command === 'cancel') {
    return {
      state: { order: picked.before, picked: null },
      announcement: { kind: 'cancelled', id, ...place(picked.before, id) },
      move: null,
    };
  }
  if (command === 'toggle') {
    const changed = picked.before.join(',') !== state.order.join(',');
    return {
      state: { order: state.order, picked: null },
      announcement: { kind: 'dropped', id, ...place(state.order, id) },
      move: changed ? { id, afterId: afterIdOf(state.order, id) } : null,
    };
  }
  const index = state.order.indexOf(id);
  const target =
    command === 'previous'
      ? index - 1
      : command === 'next'
        ? index + 1
        : command === 'first'
          ? 0
          : state.order.length - 1;
  if (target < 0 || target >= state.order.length || target === index) return none;
  const order = moveTo(state.order, id, target);
  return {
    state: { order, picked },
    announcement: { kind: 'moved', id, ...place(order, id) },
    move: null,
  };
}

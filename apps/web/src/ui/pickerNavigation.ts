// Keyboard navigation of the pickers (saving.md §2.4 "Keyboard navigation moves the highlighted
// row forward or back across sections, and select picks it"). The rows of every group ('Top
// choices', 'All boards', suggestions, the create row) form one sequence; the highlight moves
// through it without stopping at group edges. Pure, so the rules are tested without a DOM.

/** How far PageUp / PageDown move the highlight. */
export const PICKER_PAGE_STEP = 8;

export interface PickerKeyContext {
  /** Every selectable row, in screen order across groups. */
  readonly keys: readonly string[];
  /** The highlighted row, or null when none is. */
  readonly activeKey: string | null;
  /**
   * Focus is in the search box: Home/End/Space belong to the text, ArrowUp from the first row
   * hands the highlight back to the box, and Enter with no row highlighted is the create action.
   */
  readonly inTextField: boolean;
}

export type PickerKeyOutcome =
  | { readonly kind: 'move'; readonly key: string | null }
  | { readonly kind: 'select'; readonly key: string }
  /** §2.4 "With no item chosen, the create action makes a board named from the query." */
  | { readonly kind: 'create' };

/** The highlight to keep after the rows changed (filtering): gone rows lose it. */
export function keepActive(keys: readonly string[], activeKey: string | null): string | null {
  return activeKey !== null && keys.includes(activeKey) ? activeKey : null;
}

function at(keys: readonly string[], index: number): string | null {
  if (keys.length === 0) return null;
  return keys[Math.max(0, Math.min(keys.length - 1, index))] ?? null;
}

/** What a key press does, or null when the picker leaves it alone (typing, Tab, …). */
export function pickerKeyOutcome(key: string, context: PickerKeyContext): PickerKeyOutcome | null {
  const { keys, inTextField } = context;
  const activeKey = keepActive(keys, context.activeKey);
  const index = activeKey === null ? -1 : keys.indexOf(activeKey);
  switch (key) {
    case 'ArrowDown':
      if (keys.length === 0) return null;
      return { kind: 'move', key: at(keys, index + 1) };
    case 'ArrowUp':
      if (index === -1) return null;
      if (index === 0) return { kind: 'move', key: inTextField ? null : activeKey };
      return { kind: 'move', key: at(keys, index - 1) };
    case 'PageDown':
      if (keys.length === 0) return null;
      return { kind: 'move', key: at(keys, index + PICKER_PAGE_STEP) };
    case 'PageUp':
      if (index === -1) return null;
      return { kind: 'move', key: at(keys, index - PICKER_PAGE_STEP) };
    case 'Home':
      return inTextField || keys.length === 0 ? null : { kind: 'move', key: at(keys, 0) };
    case 'End':
      return inTextField || keys.length === 0
        ? null
        : { kind: 'move', key: at(keys, keys.length - 1) };
    case 'Enter':
      if (activeKey !== null) return { kind: 'select', key: activeKey };
      return inTextField ? { kind: 'create' } : null;
    case ' ':
      return !inTextField && activeKey !== null ? { kind: 'select', key: activeKey } : null;
    default:
      return null;
  }
}

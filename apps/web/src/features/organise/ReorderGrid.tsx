// A grid arranged by hand (issue 10 "by drag and by keyboard"; docs/decisions/124): each item is a
// button that keeps focus. Keyboard: Space/Enter picks it up, arrows and Home/End move it,
// Space/Enter drops it, Escape puts it back (reorder.ts), each step spoken in a live region.
// Pointer: native drag events (the item follows the pointer over the others, a drop saves, a drag
// that ends elsewhere puts it back). A drop that changed the order is shown at once and sent as
// "put X right after Y"; on failure the order goes back and the error is shown.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { organiseErrorMessage } from './hooks.ts';
import {
  afterIdOf,
  moveTo,
  reorderCommand,
  reorderStep,
  type Announcement,
  type ReorderState,
} from './reorder.ts';
import './organise.css';

export interface ReorderGridProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  nameOf: (item: T) => string;
  /** The item's picture and text, inside its button (no links or buttons of its own). */
  render: (item: T) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** Saves "put `id` right after `afterId`" (null: first); rejects to put the order back. */
  onMove: (id: string, afterId: string | null) => Promise<void>;
}

/** `override` as far as it still applies: its ids that are still listed, then new ones. */
function merged(ids: readonly string[], override: readonly string[] | null): string[] {
  if (override === null) return [...ids];
  const present = new Set(ids);
  const kept = override.filter((id) => present.has(id));
  const known = new Set(kept);
  return [...kept, ...ids.filter((id) => !known.has(id))];
}

export function ReorderGrid<T>({
  items,
  idOf,
  nameOf,
  render,
  label,
  onMove,
}: ReorderGridProps<T>) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const instructionsId = useId();
  const byId = useMemo(() => new Map(items.map((item) => [idOf(item), item])), [items, idOf]);
  const ids = useMemo(() => items.map(idOf), [items, idOf]);
  const [override, setOverride] = useState<readonly string[] | null>(null);
  const [picked, setPicked] = useState<ReorderState['picked']>(null);
  const [busy, setBusy] = useState(false);
  const [spoken, setSpoken] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const order = useMemo(() => merged(ids, override), [ids, override]);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRender = useRef<string | null>(null);
  const drag = useRef<{ id: string; before: readonly string[] } | null>(null);

  // A fresh list from the server (after a save) is the truth again.
  const idsKey = ids.join(',');
  useEffect(() => {
    if (!busy && picked === null && drag.current === null) setOverride(null);
    // Only a new server order resets; busy/picked changes alone must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey]);

  // Moving a button in the DOM drops its focus: give it back.
  useLayoutEffect(() => {
    const id = focusAfterRender.current;
    if (id === null) return;
    focusAfterRender.current = null;
    const button = buttons.current.get(id);
    if (button && document.activeElement !== button) button.focus();
  }, [order]);

  function announce(announcement: Announcement) {
    const item = byId.get(announcement.id);
    const name = item === undefined ? '' : nameOf(item);
    const params = { name, position: announcement.position, total: announcement.total };
    setSpoken(t(`reorder.${announcement.kind}`, params));
  }

  async function save(id: string, nextOrder: readonly string[], before: readonly string[]) {
    setBusy(true);
    setFailure(null);
    setOverride(nextOrder);
    try {
      await onMove(id, afterIdOf(nextOrder, id));
    } catch (error) {
      setOverride(before);
      focusAfterRender.current = id;
      setFailure(organiseErrorMessage(error, t('reorder.error')));
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, id: string) {
    const command = reorderCommand(event.key);
    if (command === null || busy) return;
    if (picked === null && command !== 'toggle') return;
    event.preventDefault();
    const step = reorderStep({ order, picked }, id, command);
    setPicked(step.state.picked);
    if (step.state.order !== order) {
      setOverride(step.state.order);
      focusAfterRender.current = id;
    }
    if (step.announcement) announce(step.announcement);
    if (step.move && picked) void save(id, step.state.order, picked.before);
  }

  function onDragStart(event: DragEvent<HTMLLIElement>, id: string) {
    drag.current = { id, before: order };
    setPicked(null);
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', id);
  }

  function onDragOver(event: DragEvent<HTMLLIElement>, overId: string) {
    const current = drag.current;
    if (current === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (overId === current.id) return;
    setOverride(moveTo(order, current.id, order.indexOf(overId)));
  }

  function onDrop(event: DragEvent<HTMLLIElement>) {
    const current = drag.current;
    if (current === null) return;
    event.preventDefault();
    drag.current = null;
    if (current.before.join(',') === order.join(',')) return;
    const item = byId.get(current.id);
    if (item) {
      const position = order.indexOf(current.id) + 1;
      announce({ kind: 'dropped', id: current.id, position, total: order.length });
    }
    void save(current.id, order, current.before);
  }

  function onDragEnd() {
    const current = drag.current;
    if (current === null) return;
    // Dropped outside the grid (or the drag was cancelled): put it back.
    drag.current = null;
    setOverride(current.before);
  }

  return (
    <div className="reorder">
      <p id={instructionsId} className="text text--small text--subtle">
        {t('reorder.instructions')}
      </p>
      <p className="visually-hidden" aria-live="assertive">
        {spoken}
      </p>
      {failure ? (
        <p role="alert" className="organise__error">
          {failure}
        </p>
      ) : null}
      <ul className="reorder__grid" aria-label={label} aria-busy={busy}>
        {order.map((id) => {
          const item = byId.get(id);
          if (item === undefined) return null;
          return (
            <li
              key={id}
              className="reorder__item"
              draggable={!busy}
              onDragStart={(event) => onDragStart(event, id)}
              onDragOver={(event) => onDragOver(event, id)}
              onDrop={onDrop}
              onDragEnd={onDragEnd}
            >
              <button
                type="button"
                className="reorder__button"
                aria-label={t('reorder.handle', { name: nameOf(item) })}
                aria-describedby={instructionsId}
                aria-pressed={picked?.id === id}
                ref={(element) => {
                  if (element) buttons.current.set(id, element);
                  else buttons.current.delete(id);
                }}
                onKeyDown={(event) => onKeyDown(event, id)}
                onBlur={() => {
                  // Leaving a picked item (Tab, a click elsewhere) puts it back, as Escape does;
                  // the blur of our own DOM move (focus is given back after it) is not that.
                  if (picked?.id !== id || focusAfterRender.current !== null) return;
                  const step = reorderStep({ order, picked }, id, 'cancel');
                  setPicked(null);
                  setOverride(step.state.order);
                  if (step.announcement) announce(step.announcement);
                }}
              >
                {render(item)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

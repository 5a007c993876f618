// The listbox behind the board picker, the section picker and the mobile lists: options in
// labelled groups ('Top choices', 'All boards', 'Board', 'Section', …), one highlighted row
// (aria-activedescendant) that the keyboard moves across groups (pickerNavigation.ts), and a
// click or Enter that picks it. Focus stays on the search box (combobox) or on the listbox.
import './picker.css';
import { Fragment, useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepActive, pickerKeyOutcome } from './pickerNavigation.ts';

export interface PickerOption {
  readonly key: string;
  readonly content: ReactNode;
  readonly onSelect: () => void;
  readonly className?: string | undefined;
}

export interface PickerGroup {
  readonly key: string;
  /** The group's visible heading; null for rows that need none (a flat list). */
  readonly label: string | null;
  readonly options: readonly PickerOption[];
  readonly className?: string | undefined;
}

export function optionDomId(listboxId: string, key: string): string {
  return `${listboxId}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export interface PickerState {
  readonly activeKey: string | null;
  readonly setActiveKey: (key: string | null) => void;
  /** For the search box that drives the listbox (combobox). */
  readonly onFieldKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** For the listbox itself when it has focus. */
  readonly onListKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Enter']);

/** Highlight and keyboard handling for a picker. */
export function usePickerState(
  groups: readonly PickerGroup[],
  options: { disabled: boolean; onCreate?: (() => void) | undefined },
): PickerState {
  const keys = useMemo(
    () => groups.flatMap((group) => group.options.map((option) => option.key)),
    [groups],
  );
  const [rawActiveKey, setActiveKey] = useState<string | null>(null);
  const activeKey = keepActive(keys, rawActiveKey);
  const { disabled, onCreate } = options;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, inTextField: boolean) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (disabled) {
      // §2.4: the list is disabled while a save runs; keys must not pick another row.
      if (NAVIGATION_KEYS.has(event.key)) event.preventDefault();
      return;
    }
    const outcome = pickerKeyOutcome(event.key, { keys, activeKey, inTextField });
    if (!outcome) return;
    event.preventDefault();
    if (outcome.kind === 'move') {
      setActiveKey(outcome.key);
    } else if (outcome.kind === 'select') {
      for (const group of groups) {
        const option = group.options.find((candidate) => candidate.key === outcome.key);
        if (option) {
          option.onSelect();
          return;
        }
      }
    } else {
      onCreate?.();
    }
  };
  return {
    activeKey,
    setActiveKey,
    onFieldKeyDown: (event) => onKeyDown(event, true),
    onListKeyDown: (event) => onKeyDown(event, false),
  };
}

interface PickerListboxProps {
  id: string;
  label: string;
  groups: readonly PickerGroup[];
  state: PickerState;
  disabled: boolean;
  /**
   * The listbox itself takes focus (it is also the scroll container, which keyboard users
   * must be able to reach), and the keys move its highlight.
   */
  focusable?: boolean;
  /** Marks the listbox as what a step focuses first. */
  autoFocus?: boolean;
  className?: string;
}

export function PickerListbox({
  id,
  label,
  groups,
  state,
  disabled,
  focusable = false,
  autoFocus = false,
  className,
}: PickerListboxProps) {
  const { activeKey, setActiveKey, onListKeyDown } = state;
  useEffect(() => {
    if (activeKey === null) return;
    document.getElementById(optionDomId(id, activeKey))?.scrollIntoView({ block: 'nearest' });
  }, [id, activeKey]);

  const renderOption = (option: PickerOption) => {
    const active = option.key === activeKey;
    return (
      <div
        key={option.key}
        id={optionDomId(id, option.key)}
        role="option"
        aria-selected={active}
        aria-disabled={disabled || undefined}
        className={['picker-option', active ? 'picker-option--active' : '', option.className ?? '']
          .filter(Boolean)
          .join(' ')}
        onMouseMove={() => {
          if (!disabled && !active) setActiveKey(option.key);
        }}
        // A press must not move focus: focusing the listbox highlights (and scrolls to) its
        // first row, which would move the list under the pointer before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (disabled) return;
          setActiveKey(option.key);
          option.onSelect();
        }}
      >
        {option.content}
      </div>
    );
  };

  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      aria-disabled={disabled || undefined}
      aria-activedescendant={
        focusable && activeKey !== null ? optionDomId(id, activeKey) : undefined
      }
      tabIndex={focusable ? 0 : undefined}
      data-autofocus={autoFocus ? '' : undefined}
      className={['picker-listbox', className ?? ''].filter(Boolean).join(' ')}
      onKeyDown={focusable ? onListKeyDown : undefined}
      onFocus={(event) => {
        // A listbox that takes focus shows where the keyboard is at once.
        if (focusable && event.target === event.currentTarget && activeKey === null) {
          const first = groups.find((group) => group.options.length > 0)?.options[0];
          if (first) setActiveKey(first.key);
        }
      }}
    >
      {groups.map((group) =>
        group.options.length === 0 ? null : group.label === null ? (
          <Fragment key={group.key}>{group.options.map(renderOption)}</Fragment>
        ) : (
          <div
            key={group.key}
            role="group"
            aria-labelledby={`${id}-group-${group.key}`}
            className={['picker-group', group.className ?? ''].filter(Boolean).join(' ')}
          >
            <div
              role="presentation"
              id={`${id}-group-${group.key}`}
              className="picker-group__label"
            >
              {group.label}
            </div>
            {group.options.map(renderOption)}
          </div>
        ),
      )}
    </div>
  );
}

// A pin description field with the '#' typeahead (saving.md §3 "Hashtag suggestion: query,
// pin_count", §5 "The hashtag suggestion list shows at most 5 items", §7 GET
// /v3/search/autocomplete/; docs/decisions/060). While the caret sits in a hashtag being typed,
// up to 5 tags that start with it are listed under the field; Arrow keys move the highlight,
// Enter or Tab puts the highlighted tag in place of what was typed, Escape closes the list.
// The textarea keeps focus throughout (aria-activedescendant), so typing never stops.
import './hashtags.css';
import {
  HASHTAG_SUGGESTIONS_MAX,
  hashtagAtCaret,
  insertHashtag,
} from '@corkboard/shared/saving/hashtags';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { useHashtagSuggestions } from './hooks.ts';

/** Not in the spec: the typeahead asks the server once typing pauses this long. */
export const HASHTAG_SUGGESTION_DEBOUNCE_MS = 150;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface HashtagTextareaProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  className?: string | undefined;
  maxLength?: number | undefined;
  placeholder?: string | undefined;
  readOnly?: boolean | undefined;
}

export function HashtagTextarea({
  id,
  value,
  onChange,
  className,
  maxLength,
  placeholder,
  readOnly,
}: HashtagTextareaProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const { t: tc } = useTranslation();
  const listId = useId();
  const hintId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(-1);
  // The '#' offset whose list was closed with Escape: it stays closed until another tag starts.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const draft = caret === null || readOnly ? null : hashtagAtCaret(value, caret);
  const fragment = draft && draft.fragment !== '' ? draft.fragment.toLowerCase() : null;
  const debounced = useDebounced(fragment, HASHTAG_SUGGESTION_DEBOUNCE_MS);
  const suggestions = useHashtagSuggestions(debounced);
  // Previous answers stay while the next loads; only those that still fit what is typed show.
  const items =
    fragment === null
      ? []
      : (suggestions.data ?? [])
          .filter((item) => item.query.slice(1).startsWith(fragment))
          .slice(0, HASHTAG_SUGGESTIONS_MAX);
  const open = draft !== null && dismissedAt !== draft.start && items.length > 0;
  const activeIndex = open && active < items.length ? active : -1;

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !ref.current) return;
    ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const trackCaret = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const next = event.currentTarget.selectionStart;
    if (next !== caret) {
      setCaret(next);
      setActive(-1);
    }
  };

  const choose = (query: string) => {
    if (!draft) return;
    const inserted = insertHashtag(value, draft, query);
    if (maxLength !== undefined && inserted.text.length > maxLength) return;
    pendingCaret.current = inserted.caret;
    setActive(-1);
    onChange(inserted.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(activeIndex <= 0 ? items.length - 1 : activeIndex - 1);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && activeIndex >= 0) {
      const item = items[activeIndex];
      if (!item) return;
      event.preventDefault();
      choose(item.query);
    } else if (event.key === 'Escape') {
      // The field may sit in a dialog: Escape closes the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      if (draft) setDismissedAt(draft.start);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="hashtag-field">
      <textarea
        ref={ref}
        id={id}
        className={className}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        readOnly={readOnly}
        aria-autocomplete="list"
        aria-describedby={hintId}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          trackCaret(event);
        }}
        onSelect={trackCaret}
        onKeyDown={onKeyDown}
        onBlur={() => setCaret(null)}
        onFocus={trackCaret}
      />
      <span id={hintId} className="visually-hidden">
        {t('hashtags.hint')}
      </span>
      <span className="visually-hidden" role="status">
        {open ? t('hashtags.available', { count: items.length }) : ''}
      </span>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          className="hashtag-list"
          aria-label={t('hashtags.listLabel')}
        >
          {items.map((item, index) => (
            <li
              key={item.query}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`hashtag-option${index === activeIndex ? ' hashtag-option--active' : ''}`}
              // Keeps focus (and the caret) in the field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item.query)}
            >
              <span className="hashtag-option__tag">{item.query}</span>
              {item.pin_count !== null ? (
                <span className="hashtag-option__count">
                  {tc('count.pins', { count: item.pin_count })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// 'Add collaborators (optional)' on the create-board form (saving.md §2.6, §5): people from the
// viewer's circle and typed e-mail addresses, each captioned 'Click to send!' when it can be
// chosen, 'Keep typing!' when not (an address that is not valid yet), 'Done!' once chosen.
import './collaborators.css';
import type { ShareSuggestionItem } from '@corkboard/shared/saving/share-suggestions';
import {
  shareSuggestionKey,
  shareSuggestionRows,
  type ShareSuggestionRow,
} from '@corkboard/shared/saving/share-suggestions';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { useShareSuggestions } from './hooks.ts';

/** Not in the spec: the search asks the server once typing pauses this long. */
export const COLLABORATOR_SEARCH_DEBOUNCE_MS = 250;

export function suggestionName(item: ShareSuggestionItem): string {
  return item.full_name || item.username || item.title || item.id;
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function SuggestionButton({
  row,
  onChoose,
  disabled,
}: {
  row: ShareSuggestionRow;
  onChoose: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const captionId = useId();
  const caption = row.chosen
    ? t('createBoard.captionChosen')
    : row.item.valid
      ? t('createBoard.captionValid')
      : t('createBoard.captionInvalid');
  const image = row.item.image_medium_url;
  return (
    <li>
      <button
        type="button"
        className="collaborator-row"
        disabled={disabled || !row.selectable}
        aria-describedby={captionId}
        onClick={onChoose}
      >
        <span className="collaborator-row__avatar" aria-hidden="true">
          {image ? (
            <img src={image} alt="" width={32} height={32} loading="lazy" />
          ) : (
            suggestionName(row.item).charAt(0).toUpperCase()
          )}
        </span>
        <span className="collaborator-row__text">
          <span className="collaborator-row__name">{suggestionName(row.item)}</span>
          {/* Read as the button's description, not as part of its name. */}
          <span id={captionId} className="collaborator-row__caption" aria-hidden="true">
            {caption}
          </span>
        </span>
      </button>
    </li>
  );
}

interface CollaboratorSearchProps {
  chosen: readonly ShareSuggestionItem[];
  onChange: (chosen: readonly ShareSuggestionItem[]) => void;
  disabled: boolean;
}

export function CollaboratorSearch({ chosen, onChange, disabled }: CollaboratorSearchProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const inputId = useId();
  const listLabelId = useId();
  const [query, setQuery] = useState('');
  const term = useDebounced(query.trim(), COLLABORATOR_SEARCH_DEBOUNCE_MS);
  const suggestions = useShareSuggestions(term);
  const chosenKeys = new Set(chosen.map((item) => shareSuggestionKey(item)));
  // The typed address row shows at once; people arrive when the debounced search answers.
  const rows = query.trim()
    ? shareSuggestionRows(query, term ? (suggestions.data ?? []) : [], chosenKeys)
    : [];

  return (
    <div className="collaborator-search">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('createBoard.collaboratorsLabel')}
        </label>
        <input
          id={inputId}
          className="field__input"
          type="text"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('createBoard.collaboratorsPlaceholder')}
          autoComplete="off"
          disabled={disabled}
        />
      </div>
      {rows.length > 0 ? (
        <>
          <span id={listLabelId} className="visually-hidden">
            {t('createBoard.suggestionsLabel')}
          </span>
          <ul className="collaborator-list" aria-labelledby={listLabelId}>
            {rows.map((row) => (
              <SuggestionButton
                key={row.key}
                row={row}
                disabled={disabled}
                onChoose={() => {
                  onChange([...chosen, row.item]);
                  if (row.item.type === 'email') setQuery('');
                }}
              />
            ))}
          </ul>
        </>
      ) : null}
      {chosen.length > 0 ? (
        <ul className="collaborator-chips" aria-label={t('createBoard.chosenLabel')}>
          {chosen.map((item) => {
            const key = shareSuggestionKey(item);
            return (
              <li key={key} className="collaborator-chip">
                <span>{suggestionName(item)}</span>
                <button
                  type="button"
                  className="icon-button collaborator-chip__remove"
                  aria-label={t('createBoard.remove', { name: suggestionName(item) })}
                  disabled={disabled}
                  onClick={() =>
                    onChange(chosen.filter((other) => shareSuggestionKey(other) !== key))
                  }
                >
                  <svg
                    viewBox="0 0 24 24"
                    width="12"
                    height="12"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path
                      d="m15.18 12 7.16-7.16a2.25 2.25 0 1 0-3.18-3.18L12 8.82 4.84 1.66a2.25 2.25 0 1 0-3.18 3.18L8.82 12l-7.16 7.16a2.25 2.25 0 1 0 3.18 3.18L12 15.18l7.16 7.16a2.25 2.25 0 1 0 3.18-3.18z"
                      fill="currentColor"
                    />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

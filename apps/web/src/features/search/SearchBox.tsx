// The header's search field as an ARIA 1.2 combobox (business.md §2.6, §7): typing shows
// suggestions (queries, hashtags, people, boards) in a listbox; Down and Up move the highlight
// (aria-activedescendant, focus stays in the field), Enter picks the highlighted row or searches
// for the text, Escape closes the list (and clears the field when it is already closed). An empty
// field shows a signed-in person's recent searches.
import type { TypeaheadItem } from '@corkboard/shared/search/api';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate, useSearchParams } from 'react-router';
import { internalPath } from '../../ui/links.ts';
import {
  optionDomId,
  PickerListbox,
  usePickerState,
  type PickerGroup,
} from '../../ui/PickerListbox.tsx';
import './searchBox.css';
import { searchUrl } from './searchUrls.ts';
import { useRecentSearches, useRememberSearch, useTypeahead } from './typeaheadHooks.ts';

const SEARCH_PAGE_PATTERN = '/search/:scope/';

function itemKey(item: TypeaheadItem): string {
  return item.type === 'board' || item.type === 'user'
    ? `${item.type}-${item.url}`
    : `${item.type}-${item.query}`;
}

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const searchPage = useMatch(SEARCH_PAGE_PATTERN);
  const [params] = useSearchParams();
  const scope = searchPage?.params.scope ?? 'pins';
  const currentQuery = searchPage ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(currentQuery);
  const [open, setOpen] = useState(false);
  // When the address's query changes (a search, back/forward), the field shows it. Adjusting
  // state while rendering, not remounting, so keyboard focus stays in the field.
  const [shownQuery, setShownQuery] = useState(currentQuery);
  if (shownQuery !== currentQuery) {
    setShownQuery(currentQuery);
    setValue(currentQuery);
  }
  const listboxId = useId();
  const term = value.trim();
  const suggestions = useTypeahead(scope, term, open);
  const recent = useRecentSearches(open && term === '');
  const remember = useRememberSearch();

  const search = (query: string) => {
    const trimmed = query.trim();
    if (!trimmed) return;
    setOpen(false);
    setValue(trimmed);
    remember(trimmed, scope);
    void navigate(searchUrl(trimmed, scope));
  };

  const pick = (item: TypeaheadItem) => {
    if (item.type === 'query' || item.type === 'hashtag') {
      search(item.query);
      return;
    }
    setOpen(false);
    void navigate(internalPath(item.url));
  };

  const groups: PickerGroup[] = [];
  if (open && term === '' && recent.data && recent.data.length > 0) {
    groups.push({
      key: 'recent',
      label: t('header.recentSearches'),
      options: recent.data.map((entry) => ({
        key: `recent-${entry.query}`,
        content: <span className="search-box__option-label">{entry.query}</span>,
        onSelect: () => search(entry.query),
      })),
    });
  }
  const items = open && term !== '' ? (suggestions.data?.items ?? []) : [];
  if (items.length > 0) {
    groups.push({
      key: 'suggestions',
      label: null,
      options: items.map((item) => ({
        key: itemKey(item),
        content: (
          <span className="search-box__option">
            {item.type === 'board' || item.type === 'user' ? (
              item.image_url ? (
                <img
                  className="search-box__thumb"
                  src={item.image_url}
                  alt=""
                  width="32"
                  height="32"
                />
              ) : (
                <span className="search-box__thumb" aria-hidden="true" />
              )
            ) : null}
            <span className="search-box__option-label">{item.label}</span>
            {item.type === 'board' ? (
              <span className="search-box__option-meta">
                {t('header.suggestionBoard', { owner: item.owner })}
              </span>
            ) : item.type === 'user' ? (
              <span className="search-box__option-meta">
                {t('header.suggestionPerson', { username: item.username })}
              </span>
            ) : null}
          </span>
        ),
        onSelect: () => pick(item),
      })),
    });
  }
  const expanded = groups.length > 0;
  const picker = usePickerState(groups, { disabled: false, onCreate: () => search(value) });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else setValue('');
      picker.setActiveKey(null);
      return;
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
      event.preventDefault();
      setOpen(true);
      return;
    }
    picker.onFieldKeyDown(event);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(value);
  };

  return (
    <form
      role="search"
      className="site-header__search"
      action={searchUrl('', scope).split('?')[0]}
      onSubmit={onSubmit}
    >
      <label htmlFor="site-search" className="visually-hidden">
        {t('header.searchLabel')}
      </label>
      <svg
        className="site-header__search-icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z"
          fill="currentColor"
        />
      </svg>
      <input
        id="site-search"
        className="site-header__search-input"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={
          expanded && picker.activeKey !== null
            ? optionDomId(listboxId, picker.activeKey)
            : undefined
        }
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          picker.setActiveKey(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
      <div className="search-box__popup" hidden={!expanded}>
        <PickerListbox
          id={listboxId}
          label={t('header.suggestionsLabel')}
          groups={groups}
          state={picker}
          disabled={false}
        />
      </div>
    </form>
  );
}

// The board picker (saving.md §2.4): a search box driving a listbox of the viewer's boards —
// one flat list for 3 or fewer, else 'Top choices' + 'All boards'; a filtered list while
// searching, with the matched parts highlighted; suggested board names and a create-board row.
// Names starting with a digit sort last; secret boards and collaborators are shown per row.
import './boards.css';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import {
  createBoardSearcher,
  isBoardSearchActive,
  type HighlightRange,
} from '@corkboard/shared/saving/board-search';
import { boardPickerView, sortBoardsByName } from '@corkboard/shared/saving/board-sort';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestBoardTitles } from '@corkboard/shared/saving/board-title-suggestions';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import {
  optionDomId,
  PickerListbox,
  usePickerState,
  type PickerGroup,
  type PickerOption,
} from '../../ui/PickerListbox.tsx';
import { boardListGroups, BoardRow, PlusRow } from './BoardRows.tsx';
import { useBoardTitleSuggestions, usePickerBoards, type PickerPinContext } from './hooks.ts';
import { boardRowKey, type RowSaveState } from './pickerRows.ts';

/**
 * §2.4 "Suggested board names come from a board-title-suggestion call": the server's for a
 * pin that exists; for one being created (no id yet) the same shared rule over its text,
 * without the names of boards the viewer already has.
 */
function useSuggestedBoardNames(
  context: PickerPinContext,
  boards: readonly PickerBoardItem[],
): readonly string[] {
  const remote = useBoardTitleSuggestions(context.pinId);
  const { pinId, title, description, link } = context;
  return useMemo(() => {
    if (pinId !== undefined) return (remote.data ?? []).map((item) => item.title);
    return suggestBoardTitles(
      { title: title ?? null, description: description ?? null, link: link ?? null },
      { existingBoardNames: boards.map((board) => board.name) },
    ).map((item) => item.title);
  }, [pinId, remote.data, title, description, link, boards]);
}

interface BoardPickerProps {
  context: PickerPinContext;
  isDesktop: boolean;
  rows: Readonly<Record<string, RowSaveState>>;
  saving: boolean;
  onChoose: (board: PickerBoardItem) => void;
  onCreate: (name: string) => void;
}

export function BoardPicker({
  context,
  isDesktop,
  rows,
  saving,
  onChoose,
  onCreate,
}: BoardPickerProps) {
  const { t, i18n } = useTranslation(SAVING_NAMESPACE);
  const inputId = useId();
  const listboxId = useId();
  const picker = usePickerBoards(context, isDesktop);
  const [query, setQuery] = useState('');
  const locale = i18n.language;
  const suggestedNames = useSuggestedBoardNames(context, picker.boards);

  // Sorted and folded once per board list; each keystroke only runs the search (§2.4, §5).
  const sorted = useMemo(() => sortBoardsByName(picker.boards, locale), [picker.boards, locale]);
  const searcher = useMemo(() => createBoardSearcher(sorted, (board) => board.name), [sorted]);
  const unfiltered = useMemo(
    () => boardPickerView(sorted, { shortlistIds: picker.shortlistIds, locale }),
    [sorted, picker.shortlistIds, locale],
  );
  const searching = isBoardSearchActive(query);
  const matches = useMemo(
    () => (searching ? searcher.search(query) : []),
    [searching, searcher, query],
  );

  const trimmed = query.trim();
  const create = (name: string) => {
    setQuery('');
    onCreate(name);
  };
  const groups = useMemo(() => {
    const choose = (board: PickerBoardItem) => () => {
      setQuery('');
      onChoose(board);
    };
    const boardOption = (
      prefix: string,
      board: PickerBoardItem,
      ranges: readonly HighlightRange[] = [],
    ): PickerOption => ({
      key: `${prefix}:${board.id}`,
      content: <BoardRow board={board} ranges={ranges} state={rows[boardRowKey(board.id)]} />,
      onSelect: choose(board),
    });
    const list: PickerGroup[] = [];
    if (searching) {
      list.push({
        key: 'matches',
        label: t('picker.matches', { query: trimmed }),
        options: matches.map((match) => boardOption('match', match.item, match.ranges)),
      });
    } else {
      list.push(
        ...boardListGroups(unfiltered, (prefix, board) => boardOption(prefix, board), {
          topChoices: t('picker.topChoices'),
          allBoards: t('picker.allBoards'),
        }),
      );
    }
    if (!searching && suggestedNames.length > 0) {
      list.push({
        key: 'suggest',
        label: t('picker.suggestions'),
        options: suggestedNames.map((name, index) => ({
          key: `suggest:${index}`,
          content: <PlusRow label={t('picker.suggestionRow', { name })} />,
          onSelect: () => {
            setQuery('');
            onCreate(name);
          },
        })),
      });
    }
    list.push({
      key: 'create',
      label: null,
      options: [
        {
          key: 'create',
          className: 'picker-option--create',
          content: (
            <PlusRow
              label={
                trimmed ? t('picker.createBoardNamed', { name: trimmed }) : t('picker.createBoard')
              }
            />
          ),
          onSelect: () => {
            setQuery('');
            onCreate(trimmed);
          },
        },
      ],
    });
    return list;
  }, [searching, matches, unfiltered, suggestedNames, rows, trimmed, t, onChoose, onCreate]);

  const state = usePickerState(groups, {
    disabled: saving,
    onCreate: () => create(trimmed),
  });

  return (
    <div className="board-picker">
      <div className="board-picker__search">
        <label htmlFor={inputId} className="visually-hidden">
          {t('picker.searchLabel')}
        </label>
        <input
          id={inputId}
          className="field__input board-picker__input"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={
            state.activeKey !== null ? optionDomId(listboxId, state.activeKey) : undefined
          }
          aria-disabled={saving || undefined}
          readOnly={saving}
          autoComplete="off"
          placeholder={t('picker.searchPlaceholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            state.setActiveKey(null);
          }}
          onKeyDown={state.onFieldKeyDown}
          data-autofocus=""
        />
      </div>
      {picker.isPending ? (
        <div className="picker-state" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('picker.loading')}</span>
        </div>
      ) : picker.isError ? (
        <div className="picker-state" role="alert">
          <p className="text">{t('picker.loadError')}</p>
          <button type="button" className="button button--secondary" onClick={picker.retry}>
            {t('picker.retry')}
          </button>
        </div>
      ) : (
        <div className="board-picker__lists">
          {picker.boards.length === 0 ? <p className="picker-note">{t('picker.empty')}</p> : null}
          {searching && matches.length === 0 ? (
            <p className="picker-note">{t('picker.noMatches', { query: trimmed })}</p>
          ) : null}
          <PickerListbox
            id={listboxId}
            label={t('picker.listLabel')}
            groups={groups}
            state={state}
            disabled={saving}
            focusable
          />
          {picker.isLoadingMore ? (
            <div className="picker-note" role="status">
              <span className="spinner spinner--small" aria-hidden="true" />{' '}
              {t('picker.loadingMore')}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

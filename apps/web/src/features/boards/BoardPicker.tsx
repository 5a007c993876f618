// The board picker (saving.md §2.4): a search box driving a listbox of the viewer's boards —
// one flat list for 3 or fewer, else 'Top choices' + 'All boards'; a filtered list while
// searching, with the matched parts highlighted; suggested board names and a create-board row.
// Names starting with a digit sort last; secret boards and collaborators are shown per row.
import './boards.css';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import {
  createBoardSearcher,
  highlightSegments,
  isBoardSearchActive,
  type HighlightRange,
} from '@corkboard/shared/saving/board-search';
import {
  boardPickerView,
  sortBoardsByName,
  type BoardPickerView,
} from '@corkboard/shared/saving/board-sort';
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
import { useBoardTitleSuggestions, usePickerBoards, type PickerPinContext } from './hooks.ts';
import { boardCoverUrl, boardRowKey, type RowSaveState } from './pickerRows.ts';

/** saving.md §2.4, §9: "Collaborator labels name up to three collaborator avatars." */
export const PICKER_COLLABORATORS_NAMED = 3;

function HighlightedName({ name, ranges }: { name: string; ranges: readonly HighlightRange[] }) {
  return (
    <>
      {highlightSegments(name, ranges).map((segment, index) =>
        segment.highlighted ? (
          <mark key={index} className="picker-row__match">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M17 10V7A5 5 0 0 0 7 7v3H5v12h14V10zm-8-3a3 3 0 0 1 6 0v3H9z" fill="currentColor" />
    </svg>
  );
}

export function RowStatus({ state }: { state: RowSaveState | undefined }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  if (state === 'loading') {
    return (
      <span className="picker-row__status">
        <span className="spinner spinner--small" aria-hidden="true" />
        <span className="visually-hidden">{t('picker.saving')}</span>
      </span>
    );
  }
  if (state === 'saved') {
    return (
      <span className="picker-row__status picker-row__status--saved">{t('picker.saved')}</span>
    );
  }
  return null;
}

export function BoardThumb({ url }: { url: string | null }) {
  return (
    <span className="picker-row__thumb" aria-hidden="true">
      {url ? <img src={url} alt="" width={48} height={48} loading="lazy" decoding="async" /> : null}
    </span>
  );
}

function Collaborators({ board }: { board: PickerBoardItem }) {
  const { t, i18n } = useTranslation(SAVING_NAMESPACE);
  const people = board.collaborating_users.slice(0, PICKER_COLLABORATORS_NAMED);
  if (people.length === 0) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    people.map((person) => person.full_name || person.username),
  );
  return (
    <span className="picker-row__collaborators">
      {people.map((person) =>
        person.image_medium_url ? (
          <img
            key={person.id}
            className="picker-row__avatar"
            src={person.image_medium_url}
            alt=""
            width={20}
            height={20}
            loading="lazy"
          />
        ) : (
          <span
            key={person.id}
            className="picker-row__avatar picker-row__avatar--initial"
            aria-hidden="true"
          >
            {(person.full_name || person.username).charAt(0).toUpperCase()}
          </span>
        ),
      )}
      <span className="visually-hidden">{t('picker.collaborators', { names })}</span>
    </span>
  );
}

export function BoardRow({
  board,
  ranges,
  state,
}: {
  board: PickerBoardItem;
  ranges: readonly HighlightRange[];
  state: RowSaveState | undefined;
}) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const { t: tApp } = useTranslation();
  return (
    <span className="picker-row">
      <BoardThumb url={boardCoverUrl(board)} />
      <span className="picker-row__text">
        <span className="picker-row__name">
          <HighlightedName name={board.name} ranges={ranges} />
        </span>
        <Collaborators board={board} />
      </span>
      {board.privacy === 'secret' ? (
        <span className="picker-row__secret">
          <LockIcon />
          <span className="visually-hidden">{t('picker.secret')}</span>
        </span>
      ) : null}
      {state ? (
        <RowStatus state={state} />
      ) : (
        <span className="picker-row__action" aria-hidden="true">
          {tApp('pin.save')}
        </span>
      )}
    </span>
  );
}

function PlusRow({ label }: { label: string }) {
  return (
    <span className="picker-row">
      <span className="picker-row__thumb picker-row__thumb--plus" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path d="M22 10h-8V2h-4v8H2v4h8v8h4v-8h8z" fill="currentColor" />
        </svg>
      </span>
      <span className="picker-row__text">
        <span className="picker-row__name">{label}</span>
      </span>
    </span>
  );
}

/**
 * The board list before any search (§2.4): one flat group for a few boards, else 'Top choices'
 * then 'All boards'. The board picker and the mobile create page list boards this way.
 */
export function boardListGroups(
  view: BoardPickerView<PickerBoardItem>,
  option: (prefix: 'top' | 'all', board: PickerBoardItem) => PickerOption,
  labels: { readonly topChoices: string; readonly allBoards: string },
): PickerGroup[] {
  if (view.kind === 'flat') {
    return [{ key: 'flat', label: null, options: view.boards.map((b) => option('all', b)) }];
  }
  if (view.kind === 'sectioned') {
    return [
      {
        key: 'top',
        label: labels.topChoices,
        options: view.topChoices.map((b) => option('top', b)),
      },
      { key: 'all', label: labels.allBoards, options: view.allBoards.map((b) => option('all', b)) },
    ];
  }
  return [];
}

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

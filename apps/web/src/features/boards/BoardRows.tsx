// The rows of the board picker (saving.md §2.4): a board's cover, its name with the matched parts
// highlighted, its collaborators and secret badge, and its save state; the plus rows (suggested
// names, create board); the unfiltered list's groups. The section picker and the mobile create
// page draw their rows with these too.
import './boards.css';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import { highlightSegments, type HighlightRange } from '@corkboard/shared/saving/board-search';
import type { BoardPickerView } from '@corkboard/shared/saving/board-sort';
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import type { PickerGroup, PickerOption } from '../../ui/PickerListbox.tsx';
import { boardCoverUrl, pickerGridColumns, type RowSaveState } from './pickerRows.ts';

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

/** A board's pin images as a grid of 2 or 4 columns by its layout (§2.4). */
function BoardThumbGrid({ board }: { board: PickerBoardItem }) {
  const columns = pickerGridColumns(board.layout);
  return (
    <span
      className="picker-row__thumb picker-row__thumb--grid"
      data-columns={columns}
      style={{ gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))` }}
      aria-hidden="true"
    >
      {board.pin_thumbnail_urls.map((url) => (
        <img key={url} src={url} alt="" loading="lazy" decoding="async" />
      ))}
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
      {board.pin_thumbnail_urls.length > 1 ? (
        <BoardThumbGrid board={board} />
      ) : (
        <BoardThumb url={boardCoverUrl(board)} />
      )}
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

export function PlusRow({ label }: { label: string }) {
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

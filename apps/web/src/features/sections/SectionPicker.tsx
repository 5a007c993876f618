// The section picker (saving.md §2.5): the board itself (titled 'Board') and its sections
// (titled 'Section') in one keyboard-driven listbox, and an 'Add section' button.
import './sections.css';
import type { PickerBoardItem, PickerSectionItem } from '@corkboard/shared/saving/api';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { PickerListbox, usePickerState, type PickerGroup } from '../../ui/PickerListbox.tsx';
import { BoardThumb, RowStatus } from '../boards/BoardRows.tsx';
import {
  boardCoverUrl,
  boardRowKey,
  sectionRowKey,
  type RowSaveState,
} from '../boards/pickerRows.ts';
import { useBoardSections } from './hooks.ts';

function Row({
  name,
  thumbUrl,
  state,
}: {
  name: string;
  thumbUrl: string | null;
  state: RowSaveState | undefined;
}) {
  const { t } = useTranslation();
  return (
    <span className="picker-row">
      <BoardThumb url={thumbUrl} />
      <span className="picker-row__text">
        <span className="picker-row__name">{name}</span>
      </span>
      {state ? (
        <RowStatus state={state} />
      ) : (
        <span className="picker-row__action" aria-hidden="true">
          {t('pin.save')}
        </span>
      )}
    </span>
  );
}

interface SectionPickerProps {
  board: PickerBoardItem;
  rows: Readonly<Record<string, RowSaveState>>;
  saving: boolean;
  /** null: save to the board itself. */
  onChoose: (section: PickerSectionItem | null) => void;
  /** 'Add section' (§2.5); the mobile page links to its section page in its footer instead. */
  onAddSection?: (() => void) | undefined;
}

export function SectionPicker({ board, rows, saving, onChoose, onAddSection }: SectionPickerProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const listboxId = useId();
  const sections = useBoardSections(board.id);

  const groups = useMemo<PickerGroup[]>(
    () => [
      {
        key: 'board',
        label: t('sections.board'),
        options: [
          {
            key: 'board',
            content: (
              <Row
                name={board.name}
                thumbUrl={boardCoverUrl(board)}
                state={rows[boardRowKey(board.id)]}
              />
            ),
            onSelect: () => onChoose(null),
          },
        ],
      },
      {
        key: 'sections',
        label: t('sections.section'),
        options: (sections.data ?? []).map((section) => ({
          key: `section:${section.id}`,
          content: (
            <Row
              name={section.title}
              thumbUrl={section.preview_pins[0]?.image_square_url ?? null}
              state={rows[sectionRowKey(section.id)]}
            />
          ),
          onSelect: () => onChoose(section),
        })),
      },
    ],
    [board, sections.data, rows, t, onChoose],
  );
  const state = usePickerState(groups, { disabled: saving });

  return (
    <div className="section-picker">
      <PickerListbox
        id={listboxId}
        label={t('sections.listLabel', { board: board.name })}
        groups={groups}
        state={state}
        disabled={saving}
        focusable
        autoFocus
      />
      {sections.isPending ? (
        <div className="picker-note" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('sections.loading')}
        </div>
      ) : sections.isError ? (
        <p className="picker-note" role="alert">
          {t('sections.loadError')}
        </p>
      ) : null}
      {onAddSection ? (
        <div className="section-picker__footer">
          <button
            type="button"
            className="button button--secondary"
            onClick={onAddSection}
            disabled={saving}
          >
            {t('sections.addSection')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

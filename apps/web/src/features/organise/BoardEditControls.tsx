// The board page's own controls (issue 10; docs/decisions/058, 059): 'Edit board' for the owner
// (the dialog is its own chunk), 'Edit sections' (rename, delete, reorder) and Archive /
// Unarchive for every member (owner or accepted collaborator: board_access has 'write'); archive
// files the board away for that person only. A collaborator also gets 'Collaborators' (the
// others, and Leave board; ADR 125).
import type { BoardDetail } from '@corkboard/shared/api-types';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { useViewer } from '../session/hooks.ts';
import { organiseErrorMessage, useArchiveBoard } from './hooks.ts';

const BoardEditDialog = lazy(() =>
  import('./BoardEditDialog.tsx').then((module) => ({ default: module.BoardEditDialog })),
);
const CollaboratorsDialog = lazy(() =>
  import('./CollaboratorList.tsx').then((module) => ({ default: module.CollaboratorsDialog })),
);
const SectionsDialog = lazy(() =>
  import('./SectionsDialog.tsx').then((module) => ({ default: module.SectionsDialog })),
);

export function BoardEditControls({ board }: { board: BoardDetail }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const viewer = useViewer();
  const archive = useArchiveBoard();
  const [editing, setEditing] = useState<'board' | 'sections' | 'collaborators' | null>(null);
  const [archived, setArchived] = useState(board.archived_by_me_at !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!viewer.data || !board.board_access.includes('write')) return null;
  const isOwner = viewer.data.id === board.owner.id;

  async function toggleArchive() {
    setBusy(true);
    setError(null);
    try {
      await archive(board.id, !archived);
      setArchived(!archived);
    } catch (failure) {
      setError(organiseErrorMessage(failure, t('organise.error')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {isOwner ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setEditing('board')}
        >
          {t('boardEdit.edit')}
        </button>
      ) : null}
      {isOwner ? null : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setEditing('collaborators')}
        >
          {t('collaborators.button')}
        </button>
      )}
      {board.sections.length > 0 ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setEditing('sections')}
        >
          {t('sections.edit')}
        </button>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => void toggleArchive()}
      >
        {archived ? t('boardEdit.unarchive') : t('boardEdit.archive')}
      </button>
      <p className="visually-hidden" role="status">
        {archived ? t('boardEdit.archived') : ''}
      </p>
      {error ? (
        <p className="organise__error" role="alert">
          {error}
        </p>
      ) : null}
      {editing === 'board' ? (
        <Suspense fallback={null}>
          <BoardEditDialog board={board} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {editing === 'collaborators' ? (
        <Suspense fallback={null}>
          <CollaboratorsDialog board={board} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {editing === 'sections' ? (
        <Suspense fallback={null}>
          <SectionsDialog board={board} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

// 'Add section' on a board page for people who can write to it (saving.md §2.7). The dialog and its copy load
// with the saving chunk when the button is first pressed (or reached by pointer or focus).
import type { BoardDetail } from '@corkboard/shared/api-types';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../session/hooks.ts';

const loadDialog = () => import('./AddSectionDialog.tsx');
const AddSectionDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.AddSectionDialog })),
);

export function AddSectionButton({ board }: { board: BoardDetail }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  // Owners and accepted collaborators may add sections: the server says so in board_access.
  if (!viewer.data || !board.board_access.includes('write')) return null;
  const preload = () => void loadDialog();
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {t('board.addSection')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AddSectionDialog board={board} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

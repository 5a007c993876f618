// The saving toasts (saving.md §2.1, §2.2, §2.8, §8) in a polite live region. The region is
// rendered inside whichever saving dialog is open (a modal dialog makes the rest of the page
// inert and covers it), else on the page; each toast keeps its own deadline wherever it shows.
import './save.css';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { pinPath } from '../../ui/links.ts';
import type { SavedResult } from './saveFlow.ts';
import { useSaveFlow, type SavingToast, type SavingToastItem } from './saveFlowContext.ts';

/** saving.md §9: "4000 ms for save toasts; 5000 ms for the mobile saved toast". */
export const SAVE_TOAST_MS = 4000;
export const MOBILE_SAVED_TOAST_MS = 5000;
/** Not in the spec: error toasts stay as long as the save toasts. */
export const ERROR_TOAST_MS = 4000;

/**
 * 'Your board is ready, but some invitations could not be sent.': the board stands (and the
 * pin goes into it); the invitations can be sent again.
 */
export function useInviteFailedToast(): () => void {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const { showToast } = useSaveFlow();
  return useCallback(
    () =>
      showToast({
        kind: 'error',
        message: t('createBoard.inviteFailed'),
        fallback: 'generic',
        durationMs: ERROR_TOAST_MS,
      }),
    [t, showToast],
  );
}

/**
 * The toast a finished save shows (§2.8 already saved, §2.1 first save, else the plain one),
 * for SAVE_TOAST_MS, or MOBILE_SAVED_TOAST_MS on the mobile page (§9).
 */
export function savedToast(result: SavedResult, durationMs: number = SAVE_TOAST_MS): SavingToast {
  const { pin, board } = result;
  if (pin.already_saved) {
    return { kind: 'alreadySaved', boardName: pin.already_saved.board_name, durationMs };
  }
  return {
    kind: 'saved',
    pinId: pin.id,
    boardName: board.name,
    first: pin.is_first_save,
    durationMs,
  };
}

function ToastText({ toast }: { toast: SavingToast }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  switch (toast.kind) {
    case 'saved':
      return (
        <Link to={pinPath(toast.pinId)} className="saving-toast__link">
          {toast.first
            ? t('toast.savedFirst', { board: toast.boardName })
            : t('toast.saved', { board: toast.boardName })}
        </Link>
      );
    case 'alreadySaved':
      return t('toast.alreadySaved', { board_name: toast.boardName });
    case 'error':
      return (
        toast.message ??
        (toast.fallback === 'mobile' ? t('toast.mobileError') : t('toast.genericError'))
      );
  }
}

function ToastItem({ item, onDone }: { item: SavingToastItem; onDone: (id: number) => void }) {
  const { id, expiresAt } = item;
  useEffect(() => {
    const timer = setTimeout(() => onDone(id), Math.max(0, expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [id, expiresAt, onDone]);
  return (
    <div
      className={item.toast.kind === 'error' ? 'saving-toast saving-toast--error' : 'saving-toast'}
    >
      <ToastText toast={item.toast} />
    </div>
  );
}

export function SavingToastRegion({
  toasts,
  onDone,
}: {
  toasts: readonly SavingToastItem[];
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  return (
    <div className="saving-toasts" role="status" aria-live="polite" aria-label={t('toast.region')}>
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} onDone={onDone} />
      ))}
    </div>
  );
}

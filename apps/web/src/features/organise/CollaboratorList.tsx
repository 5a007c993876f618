// Collaborators in board edit (issue 10 "board edit (… collaborators: list, remove, leave)";
// docs/decisions/125): the list (the owner also sees pending invitations and removes people,
// each after an inline question), and the dialog a collaborator opens to see the others and
// leave the board after a confirmation.
import type { BoardDetail } from '@corkboard/shared/api-types';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { profilePath } from '../../ui/links.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/PageStates.tsx';
import { useViewer } from '../session/hooks.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { organiseErrorMessage, useBoardCollaborators, useCollaboratorActions } from './hooks.ts';
import { PIN_EDIT_DIALOG_WIDTH } from './PinEditDialog.tsx';
import './organise.css';

export function CollaboratorList({ boardId, canRemove }: { boardId: string; canRemove: boolean }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const headingId = useId();
  const members = useBoardCollaborators(boardId);
  const actions = useCollaboratorActions(boardId);
  const rows = useMemo(
    () => members.data?.pages.flatMap((page) => page.data) ?? [],
    [members.data],
  );
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  async function remove(userId: string, name: string) {
    setBusy(true);
    setFailure(null);
    try {
      await actions.remove(userId);
      setAsking(null);
      setStatus(t('collaborators.removed', { name }));
    } catch (error) {
      setFailure(organiseErrorMessage(error, t('organise.error')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="collaborators">
      <h3 id={headingId} className="organise__label">
        {t('collaborators.title')}
      </h3>
      {members.isPending ? <Spinner label={t('organise.loadingBoards')} /> : null}
      {members.isError && !members.data ? (
        <p className="text text--small">{t('organise.error')}</p>
      ) : null}
      {members.isSuccess && rows.length === 0 ? (
        <p className="text text--small">{t('collaborators.empty')}</p>
      ) : null}
      <ul className="collaborators__list">
        {rows.map((row) => {
          const name = row.user.full_name || row.user.username;
          return (
            <li key={row.user.id} className="collaborators__row">
              <Avatar user={row.user} size={32} />
              <span className="collaborators__name">
                {name}
                {row.status === 'invited' ? (
                  <span className="text text--small text--subtle">
                    {' '}
                    · {t('collaborators.invited')}
                  </span>
                ) : null}
              </span>
              {canRemove && asking !== row.user.id ? (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('collaborators.removeLabel', { name })}
                  disabled={busy}
                  onClick={() => setAsking(row.user.id)}
                >
                  {t('collaborators.remove')}
                </button>
              ) : null}
              {canRemove && asking === row.user.id ? (
                <span className="collaborators__confirm">
                  <span className="text text--small">
                    {t('collaborators.removeQuestion', { name })}
                  </span>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => setAsking(null)}
                  >
                    {t('organise.cancel')}
                  </button>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy}
                    onClick={() => void remove(row.user.id, name)}
                  >
                    {t('collaborators.remove')}
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {members.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={members.isFetchingNextPage}
          onClick={() => void members.fetchNextPage()}
        >
          {t('collaborators.more')}
        </button>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {failure ? (
        <p className="organise__error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

/** A collaborator's view: the other collaborators, and Leave board (after a confirmation). */
export function CollaboratorsDialog({
  board,
  onClose,
}: {
  board: BoardDetail;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const headingId = useId();
  const viewer = useViewer();
  const actions = useCollaboratorActions(board.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function leave() {
    const username = viewer.data?.username;
    if (username === undefined) return;
    setBusy(true);
    setFailure(null);
    try {
      await actions.leave(username);
      void navigate(profilePath(username), { replace: true });
    } catch (error) {
      setConfirming(false);
      setFailure(organiseErrorMessage(error, t('organise.error')));
      setBusy(false);
    }
  }

  if (confirming) {
    return (
      <ConfirmDeleteDialog
        title={t('collaborators.leaveTitle', { name: board.name })}
        body={t('collaborators.leaveBody')}
        confirmLabel={t('collaborators.leave')}
        closeLabel={t('follow.close')}
        width={PIN_EDIT_DIALOG_WIDTH}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void leave()}
      />
    );
  }

  return (
    <Modal
      labelledBy={headingId}
      onDismiss={busy ? undefined : onClose}
      closeLabel={t('follow.close')}
      width={PIN_EDIT_DIALOG_WIDTH}
    >
      <h2 id={headingId} className="heading heading--lg">
        {board.name}
      </h2>
      <CollaboratorList boardId={board.id} canRemove={false} />
      {failure ? (
        <p className="organise__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="organise__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t('collaborators.leave')}
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('reorder.done')}
        </button>
      </div>
    </Modal>
  );
}

// /invite/board/?token=…: the page an e-mail collaborator invitation links to (the server's
// BOARD_INVITE_PAGE_PATH, ADR 008). It names the board and who invited; a signed-in person
// accepts and lands on the board, a visitor signs up or logs in first and comes back here.
import './collaborators.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { serverMessage } from '../../api/errorMessages.ts';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { internalPath } from '../../ui/links.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { preloadAuth, useAuthModal } from '../auth/AuthModalProvider.tsx';
import { useViewer } from '../session/hooks.ts';
import { useAcceptEmailInvite, useEmailInvitePreview } from './hooks.ts';

export function BoardInvitePage() {
  const { i18n } = useTranslation();
  ensureSavingCatalogue(i18n);
  return <BoardInvite />;
}

function BoardInvite() {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token')?.trim() || null;
  const preview = useEmailInvitePreview(token);
  const viewer = useViewer();
  const accept = useAcceptEmailInvite();
  const { openAuth } = useAuthModal();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('invite.pageTitle'));

  if (!token) {
    return (
      <div className="page-state">
        <h1 className="page-state__title">{t('invite.pageTitle')}</h1>
        <p className="page-state__message">{t('invite.missingToken')}</p>
      </div>
    );
  }
  if (preview.isPending || viewer.isPending) return <LoadingState />;
  if (!preview.data) {
    return (
      <div className="page-state">
        <h1 className="page-state__title">{t('invite.pageTitle')}</h1>
        <p className="page-state__message" role="alert">
          {serverMessage(preview.error) ?? t('invite.genericError')}
        </p>
      </div>
    );
  }

  const { board, invited_by: inviter } = preview.data;
  const inviterName = inviter.full_name || inviter.username;
  const next = `${location.pathname}${location.search}`;
  const askToSignIn = (view: 'signup' | 'login') =>
    openAuth({
      initialView: view,
      container: 'home_page',
      signupSource: 'boardInvite',
      loginSource: 'boardInvite',
      inviter: {
        first_name: inviterName.split(' ')[0] ?? inviterName,
        full_name: inviterName,
        image_medium_url: inviter.image_medium_url,
        is_default_image: inviter.image_medium_url === null,
      },
      next,
    });
  const onAccept = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await accept(token);
      void navigate(internalPath(outcome.board.url));
    } catch (failure) {
      setError(serverMessage(failure) ?? t('invite.genericError'));
      setBusy(false);
    }
  };

  return (
    <div className="page-state board-invite">
      <Avatar user={inviter} size={64} />
      <h1 className="page-state__title">
        {t('invite.heading', { name: inviterName, board: board.name })}
      </h1>
      <p className="page-state__message">{t('invite.intro')}</p>
      {error ? (
        <p className="page-state__message board-invite__error" role="alert">
          {error}
        </p>
      ) : null}
      {viewer.data ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => void onAccept()}
          disabled={busy}
        >
          {t('invite.accept')}
        </button>
      ) : (
        <div className="board-invite__actions" onPointerEnter={preloadAuth} onFocus={preloadAuth}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => askToSignIn('signup')}
          >
            {t('invite.signUp')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => askToSignIn('login')}
          >
            {t('invite.logIn')}
          </button>
        </div>
      )}
    </div>
  );
}

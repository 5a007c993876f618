// /invite/business/?token=…: the page a business invitation mail links to (business-mail.ts
// BUSINESS_INVITE_PAGE_PATH). It names the business, who invited and the permissions; a
// signed-in person accepts and lands on the business's access page, a visitor signs up or logs
// in first and comes back here (as board invitations).
import './business.css';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE, ensureBusinessCatalogue } from '../../i18n/businessCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { preloadAuth, useAuthModal } from '../auth/AuthModalProvider.tsx';
import { useViewer } from '../session/hooks.ts';
import { useAcceptBusinessInvite, useBusinessInvitePreview } from './hooks.ts';
import { businessMembersPath } from './paths.ts';

export function BusinessInvitePage() {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  return <BusinessInvite />;
}

function BusinessInvite() {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token')?.trim() || null;
  const preview = useBusinessInvitePreview(token);
  const viewer = useViewer();
  const accept = useAcceptBusinessInvite();
  const { openAuth } = useAuthModal();
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

  const { business_name: business, inviter, permissions } = preview.data;
  const next = `${location.pathname}${location.search}`;
  const askToSignIn = (view: 'signup' | 'login') =>
    openAuth({
      initialView: view,
      container: 'home_page',
      signupSource: 'homePage',
      loginSource: 'homePage',
      next,
    });
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (outcome) => {
        // Members without manage_members have no access page: they go to their home feed.
        const manages = outcome.permissions.some((p) => p === 'OWNER' || p === 'ADMIN');
        void navigate(manages ? businessMembersPath(outcome.profile_id) : '/');
      },
    });

  return (
    <div className="page-state">
      <h1 className="page-state__title">
        {inviter
          ? t('invite.heading', { name: inviter.full_name || inviter.username, business })
          : t('invite.headingNoInviter', { business })}
      </h1>
      <p className="page-state__message">
        {t('invite.permissions', {
          permissions: permissions.map((p) => t(`permissions.${p}`)).join(', '),
        })}
      </p>
      {accept.isError ? (
        <p className="page-state__message business-alert" role="alert">
          {serverMessage(accept.error) ?? t('invite.genericError')}
        </p>
      ) : null}
      {viewer.data ? (
        <button
          type="button"
          className="button button--primary"
          onClick={onAccept}
          disabled={accept.isPending}
        >
          {t('invite.accept')}
        </button>
      ) : (
        <div className="business-form__actions" onPointerEnter={preloadAuth} onFocus={preloadAuth}>
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

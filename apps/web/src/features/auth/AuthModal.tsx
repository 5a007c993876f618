// The auth modal and the soft-ban dialog: the entry points of the lazily loaded auth chunk that
// the first-visit shell opens (AuthModalProvider). Everything auth-specific loads from here.
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Modal } from '../../ui/Modal.tsx';
import { AuthFlow } from './AuthFlow.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { AuthSurface } from './AuthSurface.tsx';
import type { AuthFlowConfig, AuthModalRequest, FlowView } from './flowTypes.ts';
import { AUTH_MFA_MODAL_WIDTH, AUTH_MODAL_WIDTH, BUSINESS_LOGIN_WIDTH } from './layout.ts';
import { RecoveryDialogs } from './RecoveryDialogs.tsx';

interface AuthModalProps {
  request: AuthModalRequest;
  onClose: () => void;
}

export function AuthModal(props: AuthModalProps) {
  const { i18n } = useTranslation();
  ensureAuthCatalogue(i18n);
  return <AuthModalDialog {...props} />;
}

function AuthModalDialog({ request, onClose }: AuthModalProps) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const location = useLocation();
  // Decided once when the modal opens: after logging in, the page the visitor was on reloads.
  const [config] = useState<AuthFlowConfig>(() => ({
    ...request,
    next: request.next ?? `${location.pathname}${location.search}`,
  }));
  const [mfaView, setMfaView] = useState(false);
  const onViewChange = useCallback((view: FlowView) => setMfaView(view === 'loginMfa'), []);
  return (
    <Modal
      labelledBy={headingId}
      width={
        mfaView
          ? AUTH_MFA_MODAL_WIDTH
          : config.container === 'revamped_business_login_page'
            ? BUSINESS_LOGIN_WIDTH
            : AUTH_MODAL_WIDTH
      }
      onDismiss={onClose}
      closeLabel={t('common.close')}
    >
      <AuthSurface>
        <AuthFlow
          config={config}
          headingId={headingId}
          onClose={onClose}
          onViewChange={onViewChange}
        />
      </AuthSurface>
    </Modal>
  );
}

/** auth.md §2: the soft-banned dialog a security link (`?aec=`) opens on any page. */
export function SoftBanDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useTranslation();
  ensureAuthCatalogue(i18n);
  return <RecoveryDialogs dialog={{ kind: 'softBanned' }} identifier="" onClose={onClose} />;
}

// auth.md §2 "Social-unavailable dialogs": 'Oops! Google isn't available' with the text and an
// OK button, when the provider's library cannot load or the server says the provider is down.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal.tsx';
import { AUTH_MODAL_WIDTH } from './layout.ts';
import type { SocialProviderName } from './flowTypes.ts';

interface SocialUnavailableDialogProps {
  provider: SocialProviderName;
  onClose: () => void;
}

export function SocialUnavailableDialog({ provider, onClose }: SocialUnavailableDialogProps) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  return (
    <Modal
      labelledBy={headingId}
      width={AUTH_MODAL_WIDTH}
      onDismiss={onClose}
      closeLabel={t('common.close')}
    >
      <div className="auth__dialog">
        <h2 id={headingId} className="auth__title" tabIndex={-1}>
          {t(`social.unavailable.${provider}.title`)}
        </h2>
        <p>{t(`social.unavailable.${provider}.text`)}</p>
        <button
          type="button"
          className="button button--primary button--full"
          onClick={onClose}
          data-autofocus=""
        >
          {t('common.ok')}
        </button>
      </div>
    </Modal>
  );
}

// auth.md §2 "Account recovery dialogs", each its own modal on top of whatever opened it. A reset
// request from one of them leads to 'Password reset email sent', whose resend shows the
// 'Email sent!' toast for 3500 ms.
import './auth.css';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { richText } from '../../ui/richText.tsx';
import { ToastProvider, useToast } from '../../ui/Toast.tsx';
import { useSendPasswordReset } from './hooks.ts';
import { CONTACT_PATH, recoveryPath } from './links.ts';
import type { RecoveryDialogKind, RecoveryDialogState } from './recoveryDialogs.ts';
import { SUSPENSION_REASONS } from './recoveryDialogs.ts';
import { AUTH_MODAL_WIDTH } from './layout.ts';
import { EMAIL_SENT_TOAST_MS, ERROR_TOAST_MS } from './timings.ts';

interface RecoveryDialogsProps {
  dialog: RecoveryDialogState;
  /** The email or username the person typed, when known ('' otherwise). */
  identifier: string;
  onClose: () => void;
}

export function RecoveryDialogs(props: RecoveryDialogsProps) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  return (
    <Modal
      labelledBy={headingId}
      width={AUTH_MODAL_WIDTH}
      onDismiss={props.onClose}
      closeLabel={t('common.close')}
    >
      {/* Its own toast region: the dialog underneath is inert while this one is open. */}
      <ToastProvider label={t('common.notifications')}>
        <RecoveryDialogBody {...props} headingId={headingId} />
      </ToastProvider>
    </Modal>
  );
}

function RecoveryDialogBody({
  dialog,
  identifier,
  onClose,
  headingId,
}: RecoveryDialogsProps & { headingId: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const showToast = useToast();
  const reset = useSendPasswordReset();
  // The dialog can move on to 'password reset sent' by itself.
  const [kind, setKind] = useState<RecoveryDialogKind>(dialog.kind);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownKind = useRef(kind);
  useEffect(() => {
    // The button that was focused went away with the old content: start the new one at its title.
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    headingRef.current?.focus();
  }, [kind]);

  const requestReset = async (): Promise<boolean> => {
    try {
      await reset.send(identifier);
      return true;
    } catch {
      showToast(t('errors.generic'), { durationMs: ERROR_TOAST_MS, tone: 'error' });
      return false;
    }
  };

  const startReset = async () => {
    // Without a known email (a soft-ban link), the recovery page asks for it.
    if (!identifier.trim()) {
      onClose();
      void navigate(recoveryPath(''));
      return;
    }
    if (await requestReset()) setKind('passwordResetSent');
  };

  const resend = async () => {
    if (await requestReset())
      showToast(t('dialogs.passwordResetSent.sent'), { durationMs: EMAIL_SENT_TOAST_MS });
  };

  let title: string;
  let body: ReactNode;
  let actions: ReactNode;
  const okButton = (
    <button type="button" className="button button--primary" onClick={onClose} data-autofocus="">
      {t('common.ok')}
    </button>
  );
  const resetButton = (label: string) => (
    <button
      type="button"
      className="button button--primary"
      onClick={() => void startReset()}
      disabled={reset.isPending}
      data-autofocus=""
    >
      {label}
    </button>
  );

  switch (kind) {
    case 'softBanned':
      title = t('dialogs.softBanned.title');
      body = <p>{t('dialogs.softBanned.text')}</p>;
      actions = resetButton(t('dialogs.softBanned.action'));
      break;
    case 'rateLimited':
      title = t('dialogs.rateLimited.title');
      body = <p>{t('dialogs.rateLimited.text')}</p>;
      actions = okButton;
      break;
    case 'loginAssistance':
      title = t('dialogs.loginAssistance.title');
      body = <p>{t('dialogs.loginAssistance.text')}</p>;
      actions = (
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('dialogs.loginAssistance.tryAgain')}
          </button>
          {resetButton(t('dialogs.loginAssistance.action'))}
        </>
      );
      break;
    case 'passwordResetSent':
      title = t('dialogs.passwordResetSent.title');
      body = (
        <>
          <p>{t('dialogs.passwordResetSent.text', { email: identifier.trim() })}</p>
          <p className="auth__note">{t('dialogs.passwordResetSent.tips')}</p>
          <p>
            <Link to={recoveryPath('')} className="text-link" onClick={onClose}>
              {t('dialogs.passwordResetSent.tryAnother')}
            </Link>
          </p>
        </>
      );
      actions = (
        <button
          type="button"
          className="button button--primary"
          onClick={() => void resend()}
          disabled={reset.isPending}
          data-autofocus=""
        >
          {t('dialogs.passwordResetSent.resend')}
        </button>
      );
      break;
    case 'preventFacebookRegister':
    case 'preventGoogleRegister':
    case 'preventLineRegister':
      title = t(`dialogs.${kind}.title`);
      body = <p>{t(`dialogs.${kind}.text`)}</p>;
      actions = okButton;
      break;
    case 'suspended': {
      const reason = dialog.suspensionReason;
      title = t('dialogs.suspended.title');
      body = (
        <>
          {reason ? (
            <p>{t(`dialogs.suspended.yours.${reason}`)}</p>
          ) : (
            <>
              <p>{t('dialogs.suspended.reasonsIntro')}</p>
              <ul className="auth__reasons">
                {SUSPENSION_REASONS.map((item) => (
                  <li key={item}>{t(`dialogs.suspended.reasons.${item}`)}</li>
                ))}
              </ul>
            </>
          )}
          <p>
            {richText(t('dialogs.suspended.contact'), {
              link: (text) => (
                <Link to={CONTACT_PATH} className="text-link" onClick={onClose}>
                  {text}
                </Link>
              ),
            })}
          </p>
        </>
      );
      actions = okButton;
      break;
    }
  }

  return (
    <div className="auth__dialog" aria-busy={reset.isPending}>
      <h2 id={headingId} ref={headingRef} className="auth__title" tabIndex={-1}>
        {title}
      </h2>
      <div className="auth__dialog-body">{body}</div>
      <div className="auth__actions">{actions}</div>
      {reset.isPending ? <LoadingOverlay label={t('common.loading')} /> : null}
    </div>
  );
}

// /settings/security/: two-factor authentication (issue 9, docs/decisions/041) — the state of
// the viewer's factors, an authenticator app (QR code and key, confirmed with a code), text
// messages (a code sent to the number), backup codes (shown once), and removal. Every change
// needs a recent re-authentication: the page asks for the password (or a code, or — with a
// passkey — 'Use a passkey', ADR 189) first and then carries on with what the person asked for. Passkeys (docs/decisions/166) are a second factor
// too: added with the browser's own prompt, listed, renamed, removed (PasskeysCard.tsx).
import type { PasskeyInfo } from '@corkboard/shared/auth/passkeys';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { PasskeysCard } from './PasskeysCard.tsx';
import {
  isReauthenticated,
  useAddPasskey,
  useRemovePasskey,
  useConfirmSms,
  useConfirmTotp,
  useReauthenticate,
  useReauthenticateWithPasskey,
  useRegenerateBackupCodes,
  useRemoveFactor,
  useSecurityState,
  useStartSms,
  useStartTotp,
  type SecurityState,
  type TotpEnrolment,
} from './hooks.ts';
import { SettingsMessages } from './SettingsMessages.tsx';

/** The width of the settings dialogs (the auth modal's, auth.md §9). */
const DIALOG_WIDTH = 484;

type Change =
  'totp' | 'sms' | 'removeTotp' | 'removeSms' | 'backup' | 'addPasskey' | 'removePasskey';

function useMessageOf() {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  return (error: unknown): string =>
    error instanceof ApiError && error.isClientError
      ? (error.detail ?? error.message)
      : error instanceof ApiError
        ? t('security.genericError')
        : // The browser's passkey prompt was closed, timed out or refused (no server answer).
          t('security.passkeys.cancelled');
}

function needsReauth(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.REAUTH_REQUIRED.code;
}

export function SecuritySettingsPage() {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const security = useSecurityState();
  const messageOf = useMessageOf();
  const startTotp = useStartTotp();
  const startSms = useStartSms();
  const removeFactor = useRemoveFactor();
  const regenerate = useRegenerateBackupCodes();
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  // What the passkey change is about, read when it runs (now, or after re-authentication).
  const passkeyName = useRef('');
  const passkeyToRemove = useRef<PasskeyInfo | null>(null);

  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reauthFor, setReauthFor] = useState<Change | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [phone, setPhone] = useState('');
  const [smsSentTo, setSmsSentTo] = useState<string | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  if (security.isPending) return <LoadingState />;
  if (security.isError) return <ErrorState onRetry={() => security.refetch()} />;
  const state = security.data;
  const twoFactorOn =
    state.totp_enabled || state.sms_phone_number_end !== null || state.passkey_count > 0;

  const failed = (change: Change) => (failure: unknown) => {
    if (needsReauth(failure)) setReauthFor(change);
    else setError(messageOf(failure));
  };

  /** Runs a change now, or after the person has confirmed it is them. */
  const perform = (change: Change) => {
    setStatus('');
    setError(null);
    if (isReauthenticated(state)) start(change);
    else setReauthFor(change);
  };

  const sendSms = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    perform('sms');
  };

  return (
    <section className="settings-page" aria-labelledby="settings-security-heading">
      <h1 id="settings-security-heading" className="heading heading--md">
        {t('security.heading')}
      </h1>
      <p>{t('security.intro')}</p>
      <SettingsMessages status={status} error={error} />

      <h2 className="settings-heading">{t('security.twoFactor.heading')}</h2>
      <p>{twoFactorOn ? t('security.twoFactor.on') : t('security.twoFactor.off')}</p>

      <div className="settings-card">
        <h3 className="settings-card__title">{t('security.app.heading')}</h3>
        {state.totp_enabled ? (
          <>
            <p>{t('security.app.enabled')}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => perform('removeTotp')}
            >
              {t('security.app.turnOff')}
            </button>
          </>
        ) : (
          <>
            <p>{t('security.app.text')}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={startTotp.isPending}
              onClick={() => perform('totp')}
            >
              {t('security.app.setUp')}
            </button>
          </>
        )}
      </div>

      <div className="settings-card">
        <h3 className="settings-card__title">{t('security.sms.heading')}</h3>
        {state.sms_phone_number_end ? (
          <>
            <p>{t('security.sms.enabled', { phoneNumberEnd: state.sms_phone_number_end })}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => perform('removeSms')}
            >
              {t('security.sms.turnOff')}
            </button>
          </>
        ) : smsSentTo ? (
          <SmsCodeForm
            phoneNumberEnd={smsSentTo}
            onDone={(codes) => {
              setSmsSentTo(null);
              setPhone('');
              setStatus(t('security.sms.turnedOn'));
              setBackupCodes(codes);
            }}
          />
        ) : (
          <form className="settings-card__form" noValidate onSubmit={sendSms}>
            <p>{t('security.sms.text')}</p>
            <TextField
              id="settings-sms-phone"
              name="phone"
              label={t('security.sms.phone')}
              autoComplete="tel"
              value={phone}
              onChange={setPhone}
              helperText={t('security.sms.phoneHelp')}
            />
            <button
              type="submit"
              className="button button--secondary"
              disabled={startSms.isPending}
            >
              {t('security.sms.send')}
            </button>
          </form>
        )}
      </div>

      <PasskeysCard
        supported={browserSupportsWebAuthn()}
        adding={addPasskey.isPending}
        onAdd={(name) => {
          passkeyName.current = name;
          perform('addPasskey');
        }}
        onRemove={(passkey) => {
          passkeyToRemove.current = passkey;
          perform('removePasskey');
        }}
        onError={(failure) => setError(messageOf(failure))}
        onStatus={setStatus}
      />

      {twoFactorOn ? (
        <div className="settings-card">
          <h3 className="settings-card__title">{t('security.backup.heading')}</h3>
          <p>{t('security.backup.text')}</p>
          <p>{t('security.backup.left', { count: state.backup_codes_left })}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => perform('backup')}
          >
            {t('security.backup.regenerate')}
          </button>
        </div>
      ) : null}

      {reauthFor ? (
        <ReauthDialog
          state={state}
          onCancel={() => setReauthFor(null)}
          onConfirmed={(fresh) => {
            const change = reauthFor;
            setReauthFor(null);
            // The fresh state says the session may now change settings.
            if (isReauthenticated(fresh)) start(change);
          }}
        />
      ) : null}
      {enrolment ? (
        <TotpDialog
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onDone={(codes) => {
            setEnrolment(null);
            setStatus(t('security.app.turnedOn'));
            setBackupCodes(codes);
          }}
        />
      ) : null}
      {backupCodes ? (
        <BackupCodesDialog codes={backupCodes} onDone={() => setBackupCodes(null)} />
      ) : null}
    </section>
  );

  function start(change: Change) {
    switch (change) {
      case 'totp':
        startTotp.mutate(undefined, { onSuccess: setEnrolment, onError: failed(change) });
        return;
      case 'sms':
        startSms.mutate(phone, {
          onSuccess: (sent) => setSmsSentTo(sent.phone_number_end),
          onError: failed(change),
        });
        return;
      case 'removeTotp':
      case 'removeSms':
        removeFactor.mutate(change === 'removeTotp' ? 'totp' : 'sms', {
          onSuccess: () =>
            setStatus(t(change === 'removeTotp' ? 'security.app.removed' : 'security.sms.removed')),
          onError: failed(change),
        });
        return;
      case 'addPasskey':
        addPasskey.mutate(passkeyName.current, {
          onSuccess: (answer) => {
            setStatus(t('security.passkeys.added_status', { name: answer.passkey.name }));
            if (answer.backup_codes) setBackupCodes(answer.backup_codes);
          },
          onError: failed(change),
        });
        return;
      case 'removePasskey': {
        const passkey = passkeyToRemove.current;
        if (!passkey) return;
        removePasskey.mutate(passkey.id, {
          onSuccess: () => {
            setStatus(t('security.passkeys.removed', { name: passkey.name }));
            passkeyToRemove.current = null;
          },
          onError: failed(change),
        });
        return;
      }
      case 'backup':
        regenerate.mutate(undefined, {
          onSuccess: (answer) => setBackupCodes(answer.backup_codes),
          onError: failed(change),
        });
        return;
    }
  }
}

function ReauthDialog({
  state,
  onCancel,
  onConfirmed,
}: {
  state: SecurityState;
  onCancel: () => void;
  onConfirmed: (fresh: SecurityState) => void;
}) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const headingId = useId();
  const messageOf = useMessageOf();
  const reauth = useReauthenticate();
  const reauthPasskey = useReauthenticateWithPasskey();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const withPassword = state.has_password;
  const offerPasskey = state.passkey_count > 0 && browserSupportsWebAuthn();
  const pending = reauth.isPending || reauthPasskey.isPending;

  const confirmWithPasskey = () => {
    setError(null);
    setPasskeyError(null);
    reauthPasskey.mutate(undefined, {
      onSuccess: onConfirmed,
      onError: (failure) => setPasskeyError(messageOf(failure)),
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPasskeyError(null);
    reauth.mutate(withPassword ? { password: value } : { code: value }, {
      onSuccess: onConfirmed,
      onError: (failure) => setError(messageOf(failure)),
    });
  };

  return (
    <Modal
      labelledBy={headingId}
      width={DIALOG_WIDTH}
      onDismiss={onCancel}
      closeLabel={t('security.close')}
    >
      <form className="settings-dialog" noValidate onSubmit={submit}>
        <h2 id={headingId} className="settings-heading" tabIndex={-1}>
          {t('security.reauth.title')}
        </h2>
        <p>{withPassword ? t('security.reauth.text') : t('security.reauth.textCode')}</p>
        <TextField
          id={`${headingId}-secret`}
          name={withPassword ? 'password' : 'code'}
          type={withPassword ? 'password' : 'text'}
          label={withPassword ? t('security.reauth.password') : t('security.reauth.code')}
          autoComplete={withPassword ? 'current-password' : 'one-time-code'}
          value={value}
          onChange={setValue}
          errorMessage={error}
          autoFocus
        />
        {offerPasskey ? (
          <div className="settings-dialog__alternative">
            <p>{t('security.reauth.passkeyText')}</p>
            <button
              type="button"
              className="button button--secondary"
              disabled={pending}
              onClick={confirmWithPasskey}
            >
              {t('security.reauth.usePasskey')}
            </button>
            {passkeyError ? (
              <p role="alert" className="settings-page__error">
                {passkeyError}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="settings-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('security.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {t('security.reauth.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function TotpDialog({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onDone: (codes: string[] | null) => void;
}) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const headingId = useId();
  const messageOf = useMessageOf();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: (answer) => onDone(answer.backup_codes),
      onError: (failure) => setError(messageOf(failure)),
    });
  };

  return (
    <Modal
      labelledBy={headingId}
      width={DIALOG_WIDTH}
      onDismiss={onCancel}
      closeLabel={t('security.close')}
    >
      <form className="settings-dialog" noValidate onSubmit={submit}>
        <h2 id={headingId} className="settings-heading" tabIndex={-1}>
          {t('security.app.dialogTitle')}
        </h2>
        <p>{t('security.app.scan')}</p>
        <img
          className="settings-dialog__qr"
          src={enrolment.qr_code}
          alt={t('security.app.qrAlt')}
          width={200}
          height={200}
        />
        <p>{t('security.app.manual')}</p>
        <p>
          <code className="settings-dialog__secret" data-testid="totp-secret">
            {enrolment.secret}
          </code>
        </p>
        <TextField
          id={`${headingId}-code`}
          name="code"
          label={t('security.app.code')}
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          errorMessage={error}
          autoFocus
        />
        <div className="settings-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('security.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {t('security.app.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function SmsCodeForm({
  phoneNumberEnd,
  onDone,
}: {
  phoneNumberEnd: string;
  onDone: (codes: string[] | null) => void;
}) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const messageOf = useMessageOf();
  const confirm = useConfirmSms();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: (answer) => onDone(answer.backup_codes),
      onError: (failure) => setError(messageOf(failure)),
    });
  };
  return (
    <form className="settings-card__form" noValidate onSubmit={submit}>
      <TextField
        id="settings-sms-code"
        name="code"
        label={t('security.sms.code', { phoneNumberEnd })}
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
        errorMessage={error}
        autoFocus
      />
      <button type="submit" className="button button--primary" disabled={confirm.isPending}>
        {t('security.sms.confirm')}
      </button>
    </form>
  );
}

function BackupCodesDialog({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const headingId = useId();
  return (
    <Modal labelledBy={headingId} width={DIALOG_WIDTH}>
      <div className="settings-dialog">
        <h2 id={headingId} className="settings-heading" tabIndex={-1}>
          {t('security.backup.dialogTitle')}
        </h2>
        <p>{t('security.backup.dialogText')}</p>
        <ul className="settings-dialog__codes" aria-label={t('security.backup.heading')}>
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className="settings-dialog__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={onDone}
            data-autofocus=""
          >
            {t('security.backup.done')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

// auth.md §2 "Two-factor view (loginMfa)": 'Two-factor authentication required', the phone's
// last digits when known, a 'Verification code' input, Continue, and 'resend the code' (only
// with a phone: an authenticator app's code cannot be sent again; docs/decisions/041). With a
// passkey among the person's factors, 'Use a passkey' finishes the step with it (ADR 166).
import { useId, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import { AuthMessageText } from './AuthMessageText.tsx';
import type { AuthMessage } from './authErrors.ts';
import { AuthMark, AuthTitle, LinkButton } from './ViewParts.tsx';

interface MfaStepProps {
  headingId: string;
  phoneNumberEnd: string | null;
  code: string;
  onCodeChange: (value: string) => void;
  error: AuthMessage | undefined;
  formError: AuthMessage | null;
  onSubmit: () => void;
  onResend: () => void;
  codeRef: RefObject<HTMLInputElement | null>;
  /** The person has a passkey (and this browser can use one). */
  passkey?: boolean;
  onUsePasskey?: () => void;
}

export function MfaStep({
  headingId,
  phoneNumberEnd,
  code,
  onCodeChange,
  error,
  formError,
  onSubmit,
  onResend,
  codeRef,
  passkey = false,
  onUsePasskey,
}: MfaStepProps) {
  const { t } = useTranslation('auth');
  const fieldId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <div className="auth__view">
      <AuthMark />
      <AuthTitle id={headingId}>{t('mfa.title')}</AuthTitle>
      <p className="auth__subtitle">
        {phoneNumberEnd
          ? t('mfa.textPhone', { phoneNumberEnd })
          : passkey
            ? t('mfa.textPasskey')
            : t('mfa.textApp')}
      </p>
      <form className="auth__form" noValidate onSubmit={submit}>
        <TextField
          id={`${fieldId}-code`}
          name="code"
          label={t('mfa.code')}
          autoComplete="one-time-code"
          value={code}
          onChange={onCodeChange}
          errorMessage={error ? <AuthMessageText message={error} linkTo="/" /> : null}
          helperText={t('mfa.backupHint')}
          inputRef={codeRef}
          autoFocus
        />
        {formError ? (
          <p className="auth__form-error" role="alert">
            <AuthMessageText message={formError} linkTo="/" />
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--full">
          {t('mfa.submit')}
        </button>
      </form>
      {passkey && onUsePasskey ? (
        <button
          type="button"
          className="button button--secondary button--full auth__passkey"
          onClick={onUsePasskey}
        >
          {t('mfa.usePasskey')}
        </button>
      ) : null}
      {phoneNumberEnd ? (
        <p className="auth__switch">
          {t('mfa.resendPrompt')} <LinkButton onClick={onResend}>{t('mfa.resend')}</LinkButton>
        </p>
      ) : null}
    </div>
  );
}

// 'Use a passkey' on the login view (docs/decisions/166; auth.md is silent on passkeys, so
// the copy is ours). Where the browser supports it, the passkey is also offered in the e-mail
// field's autofill (conditional mediation, the field says autocomplete="username webauthn"); the
// button starts the browser's own prompt, which replaces a waiting autofill request.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelPasskeyAutofill, passkeyAutofillSupported } from './passkeys.ts';

interface PasskeyLoginButtonProps {
  /** Runs the passwordless log-in; `autofill` waits for the person to pick from the field. */
  onLogIn: (autofill: boolean) => void;
  /** Whether the e-mail field is on screen to offer passkeys in its autofill. */
  autofill: boolean;
}

export function PasskeyLoginButton({ onLogIn, autofill }: PasskeyLoginButtonProps) {
  const { t } = useTranslation('auth');
  const logIn = useRef(onLogIn);
  useEffect(() => {
    logIn.current = onLogIn;
  });

  useEffect(() => {
    if (!autofill) return;
    let active = true;
    void passkeyAutofillSupported().then((supported) => {
      if (supported && active) logIn.current(true);
    });
    return () => {
      active = false;
      cancelPasskeyAutofill();
    };
  }, [autofill]);

  return (
    <button
      type="button"
      className="button button--secondary button--full auth__passkey"
      onClick={() => onLogIn(false)}
    >
      {t('passkey.login')}
    </button>
  );
}

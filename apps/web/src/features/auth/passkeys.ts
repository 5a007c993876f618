// Passkeys on the log-in views (docs/decisions/166): the passwordless log-in ('Log in with a
// passkey', and the browser's autofill — conditional mediation — where it is supported) and the
// passkey as the loginMfa step's second factor. The browser half is @simplewebauthn/browser
// (navigator.credentials.get); the server gives the options and checks the answer.
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiSend } from '../../api/client.ts';

/** The autofill (conditional) request waiting in the background, if any. */
let waitingAutofill: Promise<unknown> | null = null;

export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional UI). */
export function passkeyAutofillSupported(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill().catch(() => false);
}

/**
 * Passwordless: options, the browser's prompt (or, with `autofill`, the passkey the person picks
 * from the e-mail field's suggestions), then the log-in. A new call aborts a waiting one.
 */
export async function logInWithPasskey(input: {
  isAccountSwitch: boolean;
  next?: string | undefined;
  autofill?: boolean;
}): Promise<AuthSuccess> {
  if (input.autofill !== true && waitingAutofill) {
    // Chromium refuses a second request while the autofill one is still pending: end it first
    // and let it settle, then ask.
    const waiting = waitingAutofill;
    cancelPasskeyRequest();
    await waiting.catch(() => undefined);
  }
  const optionsJSON = await apiSend<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/v3/login/passkey/options/',
    {},
  );
  const ceremony = startAuthentication({
    optionsJSON,
    useBrowserAutofill: input.autofill === true,
  });
  if (input.autofill === true) {
    waitingAutofill = ceremony;
    void ceremony
      .finally(() => {
        if (waitingAutofill === ceremony) waitingAutofill = null;
      })
      .catch(() => undefined);
  }
  const response = await ceremony;
  return apiSend<AuthSuccess>('POST', '/v3/login/passkey/', {
    response,
    is_account_switch: input.isAccountSwitch,
    ...(input.next ? { next: input.next } : {}),
  });
}

/** Stops whatever passkey request is waiting (the button's prompt replaces the autofill one). */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Stops the autofill request only, if it is the one waiting (the e-mail field went away). The
 * abort service holds one ceremony at a time: cancelling blindly here would also end the
 * button's prompt when this runs after it started (an effect clean-up that runs a frame late).
 */
export function cancelPasskeyAutofill(): void {
  if (waitingAutofill) WebAuthnAbortService.cancelCeremony();
}

/** The loginMfa step's passkey: the pending log-in (its cookie) is finished with the passkey. */
export async function finishMfaWithPasskey(next: string | undefined): Promise<AuthSuccess> {
  const optionsJSON = await apiSend<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/v3/login/mfa/passkey/options/',
    {},
  );
  const response = await startAuthentication({ optionsJSON });
  return apiSend<AuthSuccess>('POST', '/v3/login/mfa/passkey/', {
    response,
    ...(next ? { next } : {}),
  });
}

// auth.md §2 'Continue with Google': Google's own button, rendered by Google Identity Services
// into this box once the library has loaded (on demand) and the server has handed this browser
// a nonce for the ID token (docs/decisions/030, 031). The credential goes to `onCredential`; a
// library that cannot load reports `onUnavailable` ('Oops! Google isn't available').
import { useEffect, useRef } from 'react';
import { loadGoogleIdentity } from './googleIdentity.ts';
import { requestGoogleNonce } from './hooks.ts';
import { AUTH_FORM_WIDTH } from './layout.ts';

interface GoogleButtonProps {
  clientId: string;
  scriptUrl: string;
  context: 'signin' | 'signup';
  onCredential: (credential: string, selectBy: string | undefined) => void;
  onUnavailable: () => void;
  /** Also offer one tap (oneTap.ts decides; docs/decisions/167). */
  oneTap?: boolean;
}

export function GoogleButton({
  clientId,
  scriptUrl,
  context,
  onCredential,
  onUnavailable,
  oneTap = false,
}: GoogleButtonProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  // The latest handlers, without re-initialising the library on every render.
  const handlers = useRef({ onCredential, onUnavailable });
  useEffect(() => {
    handlers.current = { onCredential, onUnavailable };
  });

  useEffect(() => {
    let cancelled = false;
    Promise.all([loadGoogleIdentity(scriptUrl), requestGoogleNonce()])
      .then(([google, nonce]) => {
        const box = boxRef.current;
        if (cancelled || !box) return;
        google.initialize({
          client_id: clientId,
          nonce,
          ux_mode: 'popup',
          context,
          ...(oneTap ? { use_fedcm_for_prompt: true } : {}),
          callback: (response) =>
            handlers.current.onCredential(response.credential, response.select_by),
        });
        google.renderButton(box, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          logo_alignment: 'left',
          width: AUTH_FORM_WIDTH,
        });
        if (oneTap) google.prompt?.();
      })
      .catch(() => {
        if (!cancelled) handlers.current.onUnavailable();
      });
    return () => {
      cancelled = true;
      // A one-tap prompt must not outlive the view that asked for it.
      if (oneTap) window.google?.accounts?.id?.cancel();
    };
  }, [clientId, scriptUrl, context, oneTap]);

  return <div ref={boxRef} className="auth__google" data-testid="google-button" />;
}

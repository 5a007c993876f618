// Google Identity Services in the page (auth.md §2, §7; docs/decisions/031): the client library
// is loaded only when a sign-in view shows the Google button and the server has a Google client
// (GOOGLE_CLIENT_ID), from the URL the server names (Google's, or the local stand-in's). The
// library hands the page an ID token (`credential`) that the server verifies.

/** What the library's callback receives (Google: CredentialResponse). */
export interface GoogleCredentialResponse {
  credential: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  nonce: string;
  ux_mode: 'popup';
  context: 'signin' | 'signup';
  error_callback?: (error: { type: string }) => void;
  /** One tap through the browser's FedCM (Chrome), as Google Identity Services asks. */
  use_fedcm_for_prompt?: boolean;
}

export interface GoogleButtonConfiguration {
  type: 'standard';
  theme: 'outline';
  size: 'large';
  text: 'continue_with';
  shape: 'pill';
  logo_alignment: 'left';
  width: number;
}

export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonConfiguration): void;
  /** One tap (docs/decisions/167): called only when oneTap.ts allows it. */
  prompt?(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** How long the script may take to arrive before Google counts as unavailable. */
export const GOOGLE_SCRIPT_TIMEOUT_MS = 10_000;

const loads = new Map<string, Promise<GoogleAccountsId>>();

/** Loads the library once per URL; a failed load may be tried again. */
export function loadGoogleIdentity(src: string): Promise<GoogleAccountsId> {
  const existing = loads.get(src);
  if (existing) return existing;
  const loading = new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => {
      reject(new Error('Google Identity Services did not load in time'));
    }, GOOGLE_SCRIPT_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loads.set(src, loading);
  loading.catch(() => loads.delete(src));
  return loading;
}

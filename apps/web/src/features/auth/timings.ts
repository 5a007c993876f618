// auth.md §9 timings used by the views.

/** Email lookup debounce while typing. */
export const EMAIL_CHECK_DEBOUNCE_MS = 300;
/** Toast after an email validation (or other request) error. */
export const ERROR_TOAST_MS = 3000;
/** Consent error toast, and the 'Email sent!' toast. */
export const CONSENT_ERROR_TOAST_MS = 3500;
export const EMAIL_SENT_TOAST_MS = 3500;
/** Under-age Confirm: the error toast, then the redirect home. */
export const UNDERAGE_TOAST_MS = 3500;
export const UNDERAGE_REDIRECT_MS = 4000;
/** auth.md §2 loginMfa: the 'We sent you a new code!' toast. */
export const MFA_CODE_SENT_TOAST_MS = 5000;

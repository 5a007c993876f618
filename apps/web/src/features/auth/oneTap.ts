// Google one tap (auth.md §6: "Google one-tap display needs a connected Google account and a
// supported browser version (Chrome version thresholds 122 to 128 depending on the flow)";
// docs/decisions/167). One tap runs on FedCM in Chrome, so it is offered only where Chrome's FedCM
// has what that flow needs; the spec gives the range, the per-flow numbers are ours (named here):
//   - login    (the login view, a remembered visitor):           Chrome 122 — FedCM with the
//     Login Status API and `use_fedcm_for_prompt` as Google Identity Services requires;
//   - signup   (the signup view):                                 Chrome 125 — FedCM's
//     `context: 'signup'` text and the continuation of a new-account grant;
//   - switch   (adding another account, isAccountSwitch):         Chrome 128 — FedCM's
//     multiple-account chooser with a signed-in account present.
// Everything else (other browsers, older Chrome, no connected Google account, no Google client)
// gets the button only. Pure: the caller passes the user agent.

export type OneTapFlow = 'login' | 'signup' | 'switch';

export const ONE_TAP_MIN_CHROME_VERSION: Readonly<Record<OneTapFlow, number>> = {
  login: 122,
  signup: 125,
  switch: 128,
};

/** Chrome's (or Chromium's) major version from a user-agent string, or null for other browsers. */
export function chromeMajorVersion(userAgent: string): number | null {
  // Firefox on iOS (FxiOS) and Chrome on iOS (CriOS) are WebKit: no FedCM there.
  if (/\b(CriOS|FxiOS|Firefox)\//.test(userAgent)) return null;
  const match = /\b(?:Headless)?Chrome\/(\d+)\./.exec(userAgent);
  return match?.[1] ? Number(match[1]) : null;
}

export interface OneTapContext {
  flow: OneTapFlow;
  userAgent: string;
  /** The visitor's remembered account has Google connected (auth.md §6). */
  googleConnected: boolean;
  /** The server has a Google client (GOOGLE_CLIENT_ID) and the Google experiment allows it. */
  googleAvailable: boolean;
}

export function oneTapAllowed(context: OneTapContext): boolean {
  if (!context.googleAvailable || !context.googleConnected) return false;
  const version = chromeMajorVersion(context.userAgent);
  return version !== null && version >= ONE_TAP_MIN_CHROME_VERSION[context.flow];
}

/** select_by values of Google's button; one tap and FedCM answer others ('auto', 'user', 'fedcm'…). */
export function isButtonSelection(selectBy: string | undefined): boolean {
  return selectBy === undefined || selectBy.startsWith('btn');
}

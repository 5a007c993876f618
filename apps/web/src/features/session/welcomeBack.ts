// The welcome-back message after a deactivated account comes back (auth.md §4 "resurrection
// window: 28 days"; ADR 164). Logging in reloads the page, so the login flow leaves the person's
// name in sessionStorage (this tab only, gone when read) and the shell shows the message once.
export const WELCOME_BACK_KEY = 'corkboard.welcomeBack';

export function rememberWelcomeBack(name: string): void {
  try {
    window.sessionStorage.setItem(WELCOME_BACK_KEY, name);
  } catch {
    // Storage off (private mode): the account is back all the same; only the message is lost.
  }
}

/** The name to welcome back, once: reading it removes it. */
export function takeWelcomeBack(): string | null {
  try {
    const name = window.sessionStorage.getItem(WELCOME_BACK_KEY);
    if (name !== null) window.sessionStorage.removeItem(WELCOME_BACK_KEY);
    return name;
  } catch {
    return null;
  }
}

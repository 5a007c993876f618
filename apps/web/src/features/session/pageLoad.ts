// Leaving for another page after logging in, signing up or out is a full page load: every query,
// the CSRF token and the header must start over with the new session, and auth.md §4 says login
// success "redirects or reloads". An object so component tests can observe the page load jsdom
// cannot perform.
export const pageLoad = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** auth.md §2 "the requested next URL or a default login URL": ours is the home feed. */
export const DEFAULT_LOGIN_PATH = '/';

// Account switching (auth.md §2 "/add-account", §3 "Stored account-switcher user"; ADR 161): the
// shapes the web and the API share, and the cap on accounts one browser may hold. No zod here:
// the header's switcher imports this module on every first visit (ADR 146: first-render modules
// define no schemas; the request body's schema is the API's, account-switching.schemas.ts).

/**
 * Decision (ADR 161; the spec gives no number): one browser holds at most this many logged-in
 * accounts. Adding one more is refused (ACCOUNT_SWITCH_LIMIT) until one is logged out of.
 */
export const MAX_SWITCH_ACCOUNTS = 5;

/** The path of the add-account page (auth.md §2). */
export const ADD_ACCOUNT_PATH = '/add-account';

/** auth.md §3 "Stored account-switcher user": id, username, email, fullName, imageMediumUrl,
 * imageLargeUrl, optional partner.is_create. Field names exactly as the spec spells them. */
export interface SwitcherAccount {
  id: string;
  username: string;
  email: string | null;
  fullName: string;
  imageMediumUrl: string | null;
  imageLargeUrl: string | null;
  /** Present for business (partner) accounts; `is_create` see ADR 161. */
  partner?: { is_create: boolean };
  /** The account this browser is using now. */
  active: boolean;
}

/** GET /v3/users/me/accounts/ */
export interface SwitcherAccounts {
  accounts: SwitcherAccount[];
  /** MAX_SWITCH_ACCOUNTS: the page hides 'Add account' once it is reached. */
  max: number;
}

/** POST /v3/users/me/accounts/switch/ */
export interface SwitchAccountResult {
  /** Where the page goes: auth.md §2 "in an account switch the user goes to /{username}". */
  next: string;
}

/** POST /v3/users/me/accounts/logout/ */
export interface AccountLogoutResult {
  /** The account now active in this browser, or null (signed out). */
  active: { id: string; username: string } | null;
}

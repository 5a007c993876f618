import { PASSWORD_RESET_PAGE_PATH } from '@corkboard/shared/auth/api';

/** auth.md §2: the forgot-password link goes to the account recovery page with `ue`. */
export function recoveryPath(email: string): string {
  const trimmed = email.trim();
  return trimmed
    ? `${PASSWORD_RESET_PAGE_PATH}?${new URLSearchParams({ ue: trimmed }).toString()}`
    : PASSWORD_RESET_PAGE_PATH;
}

/** auth.md §2: 'Create new account' goes to /business/create with any next parameter appended. */
export function businessCreatePath(next: string | undefined): string {
  return next && next !== '/'
    ? `/business/create?${new URLSearchParams({ next }).toString()}`
    : '/business/create';
}

export const TERMS_PATH = '/terms/';
/** auth.md §2 "Privacy Policy (/_/_/policy/privacy-policy/)"; /privacy/ still renders it too. */
export const PRIVACY_PATH = '/_/_/policy/privacy-policy/';
export const LEGACY_PRIVACY_PATH = '/privacy/';
export const NOTICE_AT_COLLECTION_PATH = `${PRIVACY_PATH}#notice-at-collection`;
export const DELETE_ACCOUNT_PATH = `${PRIVACY_PATH}#delete-your-account`;
export const CONTACT_PATH = '/terms/#contact';

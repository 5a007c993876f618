// Where the page goes after logging in or signing up: only ever one of our own paths.
import { safeNextPath } from '@corkboard/shared/auth/safe-next-path';
import { DEFAULT_LOGIN_PATH } from '../session/pageLoad.ts';

export const NEXT_PARAM = 'next';

/** The `next` of a query string when it is one of our own paths (open-redirect safe), else `/`. */
export function nextPathFrom(search: string): string {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? DEFAULT_LOGIN_PATH;
}

/** auth.md §2: an account switch lands on the new account's profile. */
export function afterLoginPath(input: {
  next: string;
  isAccountSwitch: boolean;
  username: string;
}): string {
  if (input.isAccountSwitch) return `/${encodeURIComponent(input.username)}/`;
  return safeNextPath(input.next) ?? DEFAULT_LOGIN_PATH;
}

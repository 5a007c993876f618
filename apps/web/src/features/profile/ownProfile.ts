// saving.md §2.10 "A path segment _profile marks the viewer's own profile pages. A user's profile
// link is /{username}/." (docs/decisions/133): /_profile/ and /_profile/{tab}/ are the signed-in
// person's own profile pages; /{username}/_profile/… is that person's profile page.
import { PINS_TAB, TAB_PARAM } from './profileTabs.ts';

/** The profile tabs a `_profile` path may name; boards is the profile's default view. */
export const PROFILE_PATH_TABS = ['boards', 'pins'] as const;

/** `/{username}/` (with the tab), or null for a tab that does not exist. */
export function profilePathFor(username: string, tab: string | undefined): string | null {
  const base = `/${encodeURIComponent(username)}/`;
  if (tab === undefined || tab === 'boards') return base;
  if (tab === PINS_TAB) return `${base}?${TAB_PARAM}=${PINS_TAB}`;
  return null;
}

// The two auth cookies the page itself reads and writes: the under-age marker (auth.md §4) and
// the remembered identity behind personalized login (auth.md §2 "Personalized login").
import {
  UNDERAGE_COOKIE,
  UNDERAGE_COOKIE_MAX_AGE_SECONDS,
  UNDERAGE_COOKIE_VALUE,
  type AuthUser,
} from '@corkboard/shared/auth/api';
import { readCookie } from '../../api/client.ts';

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** auth.md §4: while the cookie is 1 the birthday input is disabled. */
export function isUnderageMarked(cookies: string = document.cookie): boolean {
  return readCookie(UNDERAGE_COOKIE, cookies) === UNDERAGE_COOKIE_VALUE;
}

/** Set by the page on a client-side under-age answer; the server sets the same on AUTH_UNDERAGE. */
export function markUnderage(): void {
  writeCookie(UNDERAGE_COOKIE, UNDERAGE_COOKIE_VALUE, UNDERAGE_COOKIE_MAX_AGE_SECONDS);
}

/** auth.md §4: 'Edit' resets the stored age marker. */
export function clearUnderage(): void {
  deleteCookie(UNDERAGE_COOKIE);
}

/**
 * Who last logged in on this browser, for 'Welcome back, {name}!'. It holds nothing secret and
 * nothing that logs anyone in: the public username (what the login form submits), the display
 * name, the avatar URL and a masked email, plus which ways of logging in the account has. Not
 * HttpOnly because only the page uses it; the server never reads it.
 */
export const REMEMBERED_IDENTITY_COOKIE = 'cb_known_user';
/** A year: as long as the visitor id, so a returning visitor is recognised. */
export const REMEMBERED_IDENTITY_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface RememberedIdentity {
  username: string;
  firstName: string;
  imageUrl: string | null;
  maskedEmail: string | null;
  hasPassword: boolean;
  connectedToGoogle: boolean;
  connectedToFacebook: boolean;
}

/**
 * `jane.doe@example.com` → `j•••e@example.com`: enough for the owner to recognise, not enough
 * to harvest. One- and two-character local parts keep only their first character.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = email.slice(0, at);
  const domain = email.slice(at);
  const first = local.charAt(0);
  const last = local.length > 2 ? local.charAt(local.length - 1) : '';
  return `${first}•••${last}${domain}`;
}

export function identityFromUser(user: AuthUser): RememberedIdentity {
  return {
    username: user.username,
    firstName: user.first_name || user.full_name || user.username,
    imageUrl: user.image_medium_url,
    maskedEmail: user.email ? maskEmail(user.email) : null,
    hasPassword: user.has_password,
    connectedToGoogle: user.connected_to_google,
    connectedToFacebook: user.connected_to_facebook,
  };
}

function isIdentity(value: unknown): value is RememberedIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['username'] === 'string' &&
    record['username'] !== '' &&
    typeof record['firstName'] === 'string' &&
    (record['imageUrl'] === null || typeof record['imageUrl'] === 'string') &&
    (record['maskedEmail'] === null || typeof record['maskedEmail'] === 'string') &&
    typeof record['hasPassword'] === 'boolean' &&
    typeof record['connectedToGoogle'] === 'boolean' &&
    typeof record['connectedToFacebook'] === 'boolean'
  );
}

/** Our media (site-relative) or a media origin over http(s); never `javascript:` or data. */
function isImageUrl(url: string | null): url is string {
  if (!url) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  return /^https?:\/\//i.test(url);
}

export function readRememberedIdentity(
  cookies: string = document.cookie,
): RememberedIdentity | null {
  const raw = readCookie(REMEMBERED_IDENTITY_COOKIE, cookies);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isIdentity(value)) return null;
    return { ...value, imageUrl: isImageUrl(value.imageUrl) ? value.imageUrl : null };
  } catch {
    return null;
  }
}

export function rememberIdentity(user: AuthUser): void {
  writeCookie(
    REMEMBERED_IDENTITY_COOKIE,
    JSON.stringify(identityFromUser(user)),
    REMEMBERED_IDENTITY_MAX_AGE_SECONDS,
  );
}

/** 'Not you? Log in with a different account'. */
export function forgetIdentity(): void {
  deleteCookie(REMEMBERED_IDENTITY_COOKIE);
}

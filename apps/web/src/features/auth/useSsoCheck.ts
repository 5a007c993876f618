// auth.md §4 "SSO", §5 "the SSO check runs only for a valid email": the e-mail as typed, once
// typing has paused for EMAIL_CHECK_DEBOUNCE_MS (300 ms), is asked of POST /v3/sso/info/ when it
// is a valid address; the answer counts only while the field still holds that address.
import { normalizeEmail, validateEmail } from '@corkboard/shared/auth/email';
import type { SsoInfoAnswer } from '@corkboard/shared/auth/social-api';
import { useEffect, useState } from 'react';
import { useSsoInfo } from './hooks.ts';
import { EMAIL_CHECK_DEBOUNCE_MS } from './timings.ts';

/** The address to look up, or null while `typed` is not a valid e-mail (nothing to ask). */
export function ssoLookupEmail(typed: string): string | null {
  const email = normalizeEmail(typed);
  return email !== '' && validateEmail(email) === null ? email : null;
}

/** `value`, EMAIL_CHECK_DEBOUNCE_MS after it last changed. */
export function useDebounced(value: string, delayMs: number = EMAIL_CHECK_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The SSO answer for the typed e-mail when its domain signs in with SSO, else null (not SSO,
 * not asked yet, or `enabled` false: the server offers no SSO, or the form has no e-mail field).
 */
export function useSsoCheck(typed: string, enabled: boolean): SsoInfoAnswer | null {
  const settled = useDebounced(typed);
  const email = enabled ? ssoLookupEmail(settled) : null;
  const info = useSsoInfo(email);
  if (!info?.is_sso || email === null || ssoLookupEmail(typed) !== email) return null;
  return info;
}

// auth.md §2: "An aec query parameter equal to one of two soft-ban codes opens the soft-banned
// dialog and is removed from the URL." The codes are the registry's soft-ban codes, so a link in
// a security e-mail and a failed login agree on the number.
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';

export const AEC_PARAM = 'aec';

/** Every registry code named AUTH_SOFT_BANNED…: the soft-ban codes. */
export const SOFT_BAN_CODES: readonly number[] = (Object.keys(ERROR_CODES) as ErrorCodeName[])
  .filter((name) => name.startsWith('AUTH_SOFT_BANNED'))
  .map((name) => ERROR_CODES[name].code);

/** True when the query string carries `aec=<soft-ban code>`. */
export function aecOpensSoftBan(search: string): boolean {
  const value = new URLSearchParams(search).get(AEC_PARAM);
  if (value === null || !/^\d+$/.test(value)) return false;
  return SOFT_BAN_CODES.includes(Number(value));
}

/** The query string without `aec` (with its `?`, or empty), other parameters untouched. */
export function searchWithoutAec(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(AEC_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

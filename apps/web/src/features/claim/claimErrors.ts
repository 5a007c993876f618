// The claim page's messages for the server's answers, in the page's language: the proof that did
// not hold (data.reason), a taken domain, a refused address, Instagram's refusals.
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { ApiError } from '../../api/client.ts';

/** A key under `claim.errors` of the settings namespace. */
export type ClaimErrorKey =
  | 'invalidUrl'
  | 'metaMissing'
  | 'metaMismatch'
  | 'fileMissing'
  | 'fileMismatch'
  | 'recordMissing'
  | 'redirectedElsewhere'
  | 'dnsUnavailable'
  | 'takenBySomeoneElse'
  | 'full'
  | 'blocked'
  | 'unreachable'
  | 'instagramState'
  | 'instagramFailed'
  | 'instagramTaken'
  | 'instagramUnavailable'
  | 'generic';

const REASONS: Record<string, ClaimErrorKey> = {
  meta_tag_missing: 'metaMissing',
  meta_tag_mismatch: 'metaMismatch',
  file_missing: 'fileMissing',
  file_mismatch: 'fileMismatch',
  record_missing: 'recordMissing',
  redirected_elsewhere: 'redirectedElsewhere',
  dns_unavailable: 'dnsUnavailable',
};

const CODES = new Map<number, ClaimErrorKey>([
  [ERROR_CODES.WEBSITE_URL_INVALID.code, 'invalidUrl'],
  [ERROR_CODES.WEBSITE_CLAIMED_BY_SOMEONE_ELSE.code, 'takenBySomeoneElse'],
  [ERROR_CODES.WEBSITE_CLAIMS_FULL.code, 'full'],
  [ERROR_CODES.URL_BLOCKED.code, 'blocked'],
  [ERROR_CODES.URL_INVALID.code, 'invalidUrl'],
  [ERROR_CODES.URL_UNREACHABLE.code, 'unreachable'],
  [ERROR_CODES.URL_TIMEOUT.code, 'unreachable'],
  [ERROR_CODES.URL_HTTP_ERROR.code, 'unreachable'],
  [ERROR_CODES.URL_UNSUPPORTED_CONTENT.code, 'unreachable'],
  [ERROR_CODES.URL_TOO_MANY_REDIRECTS.code, 'unreachable'],
  [ERROR_CODES.INSTAGRAM_STATE_INVALID.code, 'instagramState'],
  [ERROR_CODES.INSTAGRAM_CONNECT_FAILED.code, 'instagramFailed'],
  [ERROR_CODES.INSTAGRAM_ACCOUNT_TAKEN.code, 'instagramTaken'],
  [ERROR_CODES.INSTAGRAM_UNAVAILABLE.code, 'instagramUnavailable'],
]);

export function claimErrorKey(error: unknown): ClaimErrorKey {
  if (!(error instanceof ApiError)) return 'generic';
  if (error.code === ERROR_CODES.WEBSITE_VERIFICATION_FAILED.code) {
    const reason = error.data?.reason;
    return (typeof reason === 'string' ? REASONS[reason] : undefined) ?? 'generic';
  }
  return CODES.get(error.code) ?? 'generic';
}

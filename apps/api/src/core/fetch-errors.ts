// SSRF-safe fetch failures (lib/safe-fetch.ts) as API errors: each reason has its URL_* code in
// the registry. Only the reason and the upstream status leave the server, never the address a
// name resolved to (that would map our network for a caller).
import { AppError } from '@corkboard/shared/app-error';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';
import { SafeFetchError, type SafeFetchErrorReason } from '../lib/safe-fetch.ts';

/** SafeFetchError reasons → registry codes. */
export const FETCH_ERROR_CODES: Readonly<Record<SafeFetchErrorReason, ErrorCodeName>> = {
  invalid_url: 'URL_INVALID',
  blocked_scheme: 'URL_BLOCKED',
  blocked_port: 'URL_BLOCKED',
  blocked_address: 'URL_BLOCKED',
  dns_failure: 'URL_UNREACHABLE',
  network: 'URL_UNREACHABLE',
  timeout: 'URL_TIMEOUT',
  aborted: 'URL_TIMEOUT',
  too_large: 'URL_RESPONSE_TOO_LARGE',
  too_many_redirects: 'URL_TOO_MANY_REDIRECTS',
  bad_content_type: 'URL_UNSUPPORTED_CONTENT',
  http_status: 'URL_HTTP_ERROR',
};

/** The API error for a failed fetch (see the file comment). */
export function fetchFailure(error: SafeFetchError): AppError {
  return new AppError(FETCH_ERROR_CODES[error.reason], {
    cause: error,
    data: {
      reason: error.reason,
      ...(error.status === undefined ? {} : { status: error.status }),
    },
  });
}

/** Runs `task`, turning a SafeFetchError into its API error. */
export async function withFetchErrors<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof SafeFetchError) throw fetchFailure(error);
    throw error;
  }
}

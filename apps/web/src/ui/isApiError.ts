import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { ApiError } from '../api/client.ts';

/** True when `error` is the API's answer with the given registry code (tests assert codes). */
export function isApiError(error: unknown, name: ErrorCodeName): error is ApiError {
  return error instanceof ApiError && error.code === ERROR_CODES[name].code;
}

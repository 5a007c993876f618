import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../api/client.ts';
import { MAX_RETRIES, shouldRetry } from './queryClient.ts';

const apiError = (code: number, httpStatus: number) =>
  new ApiError({ code, httpStatus, message: 'x' });

describe('shouldRetry', () => {
  test('never retries a 4xx answer: it would not change', () => {
    expect(shouldRetry(0, apiError(ERROR_CODES.PIN_NOT_FOUND.code, 404))).toBe(false);
    expect(shouldRetry(0, apiError(ERROR_CODES.SEARCH_QUERY_REQUIRED.code, 400))).toBe(false);
  });

  test('retries server errors and network failures a bounded number of times', () => {
    const serverError = apiError(ERROR_CODES.INTERNAL.code, 500);
    const offline = apiError(NETWORK_ERROR_CODE, 0);
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(MAX_RETRIES, serverError)).toBe(false);
  });
});

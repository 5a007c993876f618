// Every SafeFetchError reason has its registered URL_* code, and no failure leaks the address a
// name resolved to.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { SafeFetchError } from '../lib/safe-fetch.ts';
import { FETCH_ERROR_CODES, fetchFailure } from './fetch-errors.ts';

describe('FETCH_ERROR_CODES', () => {
  it('maps every reason to its URL_* code with the registered number and HTTP status', () => {
    expect(FETCH_ERROR_CODES).toEqual({
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
    });
    expect(ERROR_CODES.URL_INVALID).toMatchObject({ code: 400, httpStatus: 400 });
    expect(ERROR_CODES.URL_BLOCKED).toMatchObject({ code: 401, httpStatus: 400 });
    expect(ERROR_CODES.URL_UNREACHABLE).toMatchObject({ code: 402, httpStatus: 502 });
    expect(ERROR_CODES.URL_TIMEOUT).toMatchObject({ code: 403, httpStatus: 504 });
    expect(ERROR_CODES.URL_RESPONSE_TOO_LARGE).toMatchObject({ code: 404, httpStatus: 413 });
    expect(ERROR_CODES.URL_TOO_MANY_REDIRECTS).toMatchObject({ code: 405, httpStatus: 502 });
    expect(ERROR_CODES.URL_UNSUPPORTED_CONTENT).toMatchObject({ code: 406, httpStatus: 415 });
    expect(ERROR_CODES.URL_HTTP_ERROR).toMatchObject({ code: 407, httpStatus: 502 });
  });

  it('never puts the resolved address in the answer', () => {
    const error = fetchFailure(
      new SafeFetchError('blocked_address', '10.0.0.5 (private) is not allowed', {
        url: 'http://intranet.example/',
        address: '10.0.0.5',
        category: 'private',
      }),
    );
    expect(error.codeName).toBe('URL_BLOCKED');
    expect(JSON.stringify(error.data)).not.toContain('10.0.0.5');
  });
});

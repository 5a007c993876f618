// The registered URL_* codes are the ones lib/safe-fetch.ts proposed, and schema failures map to
// their specific codes.
import { describe, expect, it } from 'vitest';
import { AppError } from '@corkboard/shared/app-error';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { boardCreateOptionsSchema, pinCreateOptionsSchema } from '@corkboard/shared/saving/schemas';
import { SAFE_FETCH_API_ERRORS, SafeFetchError } from '../lib/safe-fetch.ts';
import {
  BOARD_NAME_CODES,
  FETCH_ERROR_CODES,
  fetchFailure,
  parseSavingInput,
} from './input-errors.ts';

function thrown(task: () => unknown): AppError {
  try {
    task();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('FETCH_ERROR_CODES', () => {
  it('registers exactly the proposed name, number and HTTP status for every reason', () => {
    for (const [reason, proposal] of Object.entries(SAFE_FETCH_API_ERRORS)) {
      const name = FETCH_ERROR_CODES[reason as keyof typeof FETCH_ERROR_CODES];
      expect(name).toBe(proposal.name);
      expect(ERROR_CODES[name]).toMatchObject({
        code: proposal.code,
        httpStatus: proposal.httpStatus,
        message: proposal.message,
      });
    }
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

describe('parseSavingInput', () => {
  it('maps name, image and URL failures to their codes', () => {
    const options = { location: 'options', nameCodes: BOARD_NAME_CODES } as const;
    expect(thrown(() => parseSavingInput(boardCreateOptionsSchema, {}, options)).codeName).toBe(
      'BOARD_NAME_REQUIRED',
    );
    expect(
      thrown(() => parseSavingInput(boardCreateOptionsSchema, { name: 'x'.repeat(51) }, options))
        .codeName,
    ).toBe('BOARD_NAME_TOO_LONG');
    const pin = { location: 'options' } as const;
    expect(
      thrown(() =>
        parseSavingInput(pinCreateOptionsSchema, { board_id: '1', image_base64: '***' }, pin),
      ).codeName,
    ).toBe('MEDIA_NOT_AN_IMAGE');
    expect(
      thrown(() =>
        parseSavingInput(pinCreateOptionsSchema, { board_id: '1', image_url: 'nope' }, pin),
      ).codeName,
    ).toBe('URL_INVALID');
    const generic = thrown(() => parseSavingInput(pinCreateOptionsSchema, { board_id: 'x' }, pin));
    expect(generic.codeName).toBe('VALIDATION_FAILED');
    expect(generic.data?.['location']).toBe('options');
  });
});

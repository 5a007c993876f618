import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from './client.ts';
import { boardCreateErrorMessage, serverMessage } from './errorMessages.ts';

const apiError = (message: string, detail?: string) =>
  new ApiError({ code: 412, httpStatus: 409, message, detail });

describe('saving errors (saving.md §8)', () => {
  test('pin save and section create show message_detail, else message', () => {
    expect(serverMessage(apiError('Bad', 'The detail'))).toBe('The detail');
    expect(serverMessage(apiError('You already have a board with that name.'))).toBe(
      'You already have a board with that name.',
    );
  });

  test('no server sentence for network failures and non-API errors', () => {
    expect(
      serverMessage(
        new ApiError({ code: NETWORK_ERROR_CODE, httpStatus: 0, message: 'Failed to fetch' }),
      ),
    ).toBeNull();
    expect(serverMessage(new Error('boom'))).toBeNull();
  });

  test('board creation joins message and detail, once each', () => {
    expect(
      boardCreateErrorMessage(
        apiError('That board name is too long.', 'Please enter no more than 50 characters.'),
      ),
    ).toBe('That board name is too long. Please enter no more than 50 characters.');
    expect(
      boardCreateErrorMessage(
        apiError("Don't forget to name your board!", "Don't forget to name your board!"),
      ),
    ).toBe("Don't forget to name your board!");
  });

  test('a string error is shown as is; anything else has no message (the default copy)', () => {
    expect(boardCreateErrorMessage('Name taken')).toBe('Name taken');
    expect(boardCreateErrorMessage(new TypeError('x'))).toBeNull();
    expect(
      boardCreateErrorMessage(
        new ApiError({ code: NETWORK_ERROR_CODE, httpStatus: 0, message: 'Failed' }),
      ),
    ).toBeNull();
  });
});

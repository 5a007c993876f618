// Schema failures of the saving inputs map to their specific codes; anything else is the generic
// VALIDATION_FAILED of the one input parser.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { boardCreateOptionsSchema, pinCreateOptionsSchema } from '@corkboard/shared/saving/schemas';
import { parseInput, type InputErrorMapper } from './input.ts';
import { BOARD_NAME_CODES, savingInputErrors } from './input-errors.ts';

/** The mappers used here never touch the request or the reply. */
const context = { request: {} as FastifyRequest, reply: {} as FastifyReply };

function thrown(schema: z.ZodType, input: unknown, mapper: InputErrorMapper): AppError {
  try {
    parseInput(schema, input, 'options', context, mapper);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('savingInputErrors', () => {
  it('maps name, image and URL failures to their codes', () => {
    const board = savingInputErrors(BOARD_NAME_CODES);
    expect(thrown(boardCreateOptionsSchema, {}, board).codeName).toBe('BOARD_NAME_REQUIRED');
    expect(thrown(boardCreateOptionsSchema, { name: 'x'.repeat(51) }, board).codeName).toBe(
      'BOARD_NAME_TOO_LONG',
    );
    const pin = savingInputErrors();
    expect(
      thrown(pinCreateOptionsSchema, { board_id: '1', image_base64: '***' }, pin).codeName,
    ).toBe('MEDIA_NOT_AN_IMAGE');
    expect(thrown(pinCreateOptionsSchema, { board_id: '1', image_url: 'nope' }, pin).codeName).toBe(
      'URL_INVALID',
    );
    const generic = thrown(pinCreateOptionsSchema, { board_id: 'x' }, pin);
    expect(generic.codeName).toBe('VALIDATION_FAILED');
    expect(generic.data?.['location']).toBe('options');
  });
});

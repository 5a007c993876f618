import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { registryWithoutMessages } from './errorCodes.ts';

describe('registryWithoutMessages', () => {
  it('keeps every name, code and status and drops the messages', () => {
    const source = registryWithoutMessages(ERROR_CODES);
    const prefix = 'export const ERROR_CODES = ';
    expect(source.startsWith(prefix)).toBe(true);
    const module = {
      ERROR_CODES: JSON.parse(source.slice(prefix.length).replace(/;\n$/, '')) as Record<
        string,
        { code: number; httpStatus: number; message?: string }
      >,
    };
    expect(Object.keys(module.ERROR_CODES)).toEqual(Object.keys(ERROR_CODES));
    for (const [name, definition] of Object.entries(ERROR_CODES)) {
      expect(module.ERROR_CODES[name]).toEqual({
        code: definition.code,
        httpStatus: definition.httpStatus,
      });
    }
    expect(source).not.toContain(ERROR_CODES.INTERNAL.message);
  });
});

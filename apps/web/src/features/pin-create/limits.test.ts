import * as shared from '@corkboard/shared/saving/schemas';
import { describe, expect, test } from 'vitest';
import { PIN_DESCRIPTION_MAX_LENGTH, PIN_URL_MAX_LENGTH } from './limits.ts';

describe('create page limits', () => {
  test('equal the shared ones', () => {
    expect(PIN_DESCRIPTION_MAX_LENGTH).toBe(shared.PIN_DESCRIPTION_MAX_LENGTH);
    expect(PIN_URL_MAX_LENGTH).toBe(shared.PIN_URL_MAX_LENGTH);
  });
});

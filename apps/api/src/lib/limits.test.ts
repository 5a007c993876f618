// packages/shared cannot import packages/media (it is bundled into the browser), so it repeats
// a few media limits; this keeps the copies equal.
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@corkboard/media/pipeline';
import { PIN_IMAGE_MAX_BYTES } from '@corkboard/shared/saving/schemas';
import { SAFE_FETCH_IMAGE_MAX_BYTES } from './safe-fetch.ts';

describe('shared image limits', () => {
  it('match the media pipeline', () => {
    expect(PIN_IMAGE_MAX_BYTES).toBe(MAX_IMAGE_BYTES);
    expect(SAFE_FETCH_IMAGE_MAX_BYTES).toBe(MAX_IMAGE_BYTES);
  });
});

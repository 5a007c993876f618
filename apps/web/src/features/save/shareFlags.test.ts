import { shareFlagsForBoard } from '@corkboard/shared/saving/schemas';
import { describe, expect, test } from 'vitest';
import { shareFlags } from './shareFlags.ts';

describe('shareFlags', () => {
  test.each(['public', 'secret', 'protected'] as const)(
    'matches the shared rule for a %s board',
    (privacy) => {
      expect(shareFlags(privacy)).toEqual(shareFlagsForBoard(privacy, {}));
    },
  );

  test('a secret board carries no share flags at all', () => {
    expect(shareFlags('secret')).toEqual({});
  });
});

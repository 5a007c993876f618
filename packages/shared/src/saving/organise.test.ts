// The bulk follow body (saving.md §5 "The bulk follow sends only when the id list is non-empty";
// §7 "followee_ids as a comma-joined string") and its server-side parse.
import { describe, expect, test } from 'vitest';
import { bulkFollowBody, bulkFollowBodySchema, USER_FOLLOW_BULK_MAX } from './organise.ts';

describe('bulkFollowBody', () => {
  test('is null for an empty list, so nothing is sent', () => {
    expect(bulkFollowBody([])).toBeNull();
  });

  test('joins the ids with commas', () => {
    expect(bulkFollowBody(['12', '5', '900'])).toEqual({ followee_ids: '12,5,900' });
  });
});

describe('bulkFollowBodySchema', () => {
  test('splits, trims, drops blanks and repeats', () => {
    expect(bulkFollowBodySchema.parse({ followee_ids: ' 12, 5,,12 ,' })).toEqual({
      followee_ids: ['12', '5'],
    });
  });

  test('refuses nobody, too many people and ids that are not ids', () => {
    expect(bulkFollowBodySchema.safeParse({ followee_ids: ' , ' }).success).toBe(false);
    const many = Array.from({ length: USER_FOLLOW_BULK_MAX + 1 }, (_, i) => String(i + 1));
    expect(bulkFollowBodySchema.safeParse({ followee_ids: many.join(',') }).success).toBe(false);
    expect(
      bulkFollowBodySchema.safeParse({ followee_ids: many.slice(0, -1).join(',') }).success,
    ).toBe(true);
    expect(bulkFollowBodySchema.safeParse({ followee_ids: '12,bob' }).success).toBe(false);
  });
});

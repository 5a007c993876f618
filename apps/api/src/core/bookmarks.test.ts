import { describe, expect, it } from 'vitest';
import { AppError } from '@corkboard/shared/app-error';
import {
  decodeIdBookmark,
  decodeOffsetBookmark,
  encodeIdBookmark,
  encodeOffsetBookmark,
  keysetPage,
  SEARCH_MAX_RESULTS,
} from './bookmarks.ts';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.codeName : 'not an AppError';
  }
  return undefined;
}

describe('id bookmarks', () => {
  it('round-trip and are url-safe', () => {
    const bookmark = encodeIdBookmark('9223372036854775807');
    expect(bookmark).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeIdBookmark(bookmark)).toBe('9223372036854775807');
  });

  it('treat a missing or empty bookmark as the first page', () => {
    expect(decodeIdBookmark(undefined)).toBeUndefined();
    expect(decodeIdBookmark('')).toBeUndefined();
  });

  it.each([
    '%%%',
    'aWQ6',
    encodeOffsetBookmark(3),
    Buffer.from('id:01').toString('base64url'),
    'A'.repeat(65),
  ])('refuse %s', (bookmark) => {
    expect(codeOf(() => decodeIdBookmark(bookmark))).toBe('INVALID_BOOKMARK');
  });
});

describe('offset bookmarks', () => {
  it('round-trip within the cap and refuse beyond it', () => {
    expect(decodeOffsetBookmark(encodeOffsetBookmark(25), SEARCH_MAX_RESULTS)).toBe(25);
    expect(decodeOffsetBookmark(undefined, SEARCH_MAX_RESULTS)).toBe(0);
    expect(
      codeOf(() =>
        decodeOffsetBookmark(encodeOffsetBookmark(SEARCH_MAX_RESULTS + 1), SEARCH_MAX_RESULTS),
      ),
    ).toBe('INVALID_BOOKMARK');
    expect(codeOf(() => decodeOffsetBookmark(encodeIdBookmark('5'), SEARCH_MAX_RESULTS))).toBe(
      'INVALID_BOOKMARK',
    );
  });
});

describe('keysetPage', () => {
  const rows = [{ id: '9' }, { id: '8' }, { id: '7' }];

  it('issues a bookmark at the last row shown when an extra row proves a next page', () => {
    const page = keysetPage(rows, 2, (row) => row.id);
    expect(page.items).toEqual(['9', '8']);
    expect(decodeIdBookmark(page.bookmark)).toBe('8');
  });

  it('issues no bookmark when the rows fit', () => {
    expect(keysetPage(rows, 3, (row) => row.id).bookmark).toBeUndefined();
    expect(keysetPage([], 3, (row: { id: string }) => row.id)).toEqual({
      items: [],
      bookmark: undefined,
    });
  });
});

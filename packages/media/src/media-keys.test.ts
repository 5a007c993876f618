import { describe, expect, it } from 'vitest';
import {
  boardImageUrl,
  contentTypeForKey,
  isValidMediaKey,
  mediaKey,
  variantUrls,
  type StoredVariantsJson,
} from './media-keys.ts';

const SHA = 'ab'.repeat(32);

describe('mediaKey', () => {
  it('derives content-addressed keys from the sha256, size and format', () => {
    expect(mediaKey(SHA, '236x', 'jpeg')).toBe(`pins/ab/${SHA}/236x.jpg`);
    expect(mediaKey(SHA, 'orig', 'webp')).toBe(`pins/ab/${SHA}/orig.webp`);
    expect(isValidMediaKey(mediaKey(SHA, '736x', 'webp'))).toBe(true);
    expect(mediaKey(SHA, '170x', 'jpeg')).toBe(`pins/ab/${SHA}/170x.jpg`);
  });

  it('refuses anything that is not a lowercase hex sha256', () => {
    expect(() => mediaKey('../../etc', '236x', 'jpeg')).toThrow();
    expect(() => mediaKey(SHA.toUpperCase(), '236x', 'jpeg')).toThrow();
  });
});

describe('variantUrls', () => {
  it('turns stored keys into the API image variants through the storage URL scheme', () => {
    const stored = {} as StoredVariantsJson;
    for (const [size, width] of [
      ['236x', 236],
      ['474x', 474],
      ['736x', 736],
      ['orig', 900],
    ] as const) {
      stored[size] = {
        key: mediaKey(SHA, size, 'jpeg'),
        webp_key: mediaKey(SHA, size, 'webp'),
        width,
        height: width * 2,
      };
    }
    const urls = variantUrls({ publicUrl: (key) => `https://media.example.test/${key}` }, stored);
    expect(urls['474x']).toEqual({
      url: `https://media.example.test/pins/ab/${SHA}/474x.jpg`,
      webp_url: `https://media.example.test/pins/ab/${SHA}/474x.webp`,
      width: 474,
      height: 948,
    });
    expect(Object.keys(urls)).toEqual(['236x', '474x', '736x', 'orig']);
  });
});

describe('boardImageUrl (decision 143)', () => {
  const publicUrl = (key: string) => `/media/${key}`;
  const variant = (size: '170x' | '236x' | '474x' | '736x' | 'orig', width: number) => ({
    key: mediaKey(SHA, size, 'jpeg'),
    webp_key: mediaKey(SHA, size, 'webp'),
    width,
    height: width,
  });
  const pinSizes = {
    '236x': variant('236x', 236),
    '474x': variant('474x', 474),
    '736x': variant('736x', 736),
    orig: variant('orig', 900),
  };

  it('answers the 170x variant when it is stored', () => {
    const stored: StoredVariantsJson = { ...pinSizes, '170x': variant('170x', 170) };
    expect(boardImageUrl({ publicUrl }, stored)).toEqual({
      url: `/media/pins/ab/${SHA}/170x.jpg`,
      webp_url: `/media/pins/ab/${SHA}/170x.webp`,
      width: 170,
      height: 170,
    });
  });

  it('falls back to the nearest larger stored size (236x) before the backfill made 170x', () => {
    expect(boardImageUrl({ publicUrl }, pinSizes)).toMatchObject({
      url: `/media/pins/ab/${SHA}/236x.jpg`,
      width: 236,
    });
  });
});

describe('contentTypeForKey', () => {
  it('maps image extensions and falls back to octet-stream', () => {
    expect(contentTypeForKey('a/b.jpg')).toBe('image/jpeg');
    expect(contentTypeForKey('a/b.webp')).toBe('image/webp');
    expect(contentTypeForKey('a/b')).toBe('application/octet-stream');
  });
});

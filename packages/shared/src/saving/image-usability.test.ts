import { describe, expect, it } from 'vitest';
import {
  PINNABLE_MIN_SIDE_EXCLUSIVE,
  isUsableImageSize,
  orderFoundImages,
  pinnableImages,
  type FoundImageSource,
} from './image-usability.ts';

describe('isUsableImageSize', () => {
  it('needs both sides over 119 px', () => {
    expect(PINNABLE_MIN_SIDE_EXCLUSIVE).toBe(119);
    expect(isUsableImageSize(120, 120)).toBe(true);
    expect(isUsableImageSize(119, 500)).toBe(false);
    expect(isUsableImageSize(500, 119)).toBe(false);
    expect(isUsableImageSize(1, 1)).toBe(false);
    expect(isUsableImageSize(4000, 3000)).toBe(true);
  });

  it('rejects sizes that are not numbers', () => {
    expect(isUsableImageSize(Number.NaN, 500)).toBe(false);
    expect(isUsableImageSize(500, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('orderFoundImages', () => {
  const image = (url: string, source: FoundImageSource, width: number, height: number) => ({
    url,
    source,
    width,
    height,
  });

  it('puts og:image first in page order, then the rest by area, ties in page order', () => {
    const ordered = orderFoundImages([
      image('small', 'img', 200, 200),
      image('og-2', 'og:image', 130, 130),
      image('big', 'img', 1000, 800),
      image('twitter', 'twitter:image', 600, 400),
      image('og-1-later', 'og:image', 1200, 630),
      image('same-area-a', 'img', 400, 600),
      image('link', 'link:image_src', 300, 300),
    ]);
    expect(ordered.map((i) => i.url)).toEqual([
      'og-2',
      'og-1-later',
      'big',
      'twitter',
      'same-area-a',
      'link',
      'small',
    ]);
  });

  it('keeps page order for equal areas and does not change its input', () => {
    const input = [image('a', 'img', 300, 200), image('b', 'img', 200, 300)];
    expect(orderFoundImages(input).map((i) => i.url)).toEqual(['a', 'b']);
    expect(input.map((i) => i.url)).toEqual(['a', 'b']);
  });

  it('pinnableImages filters by size, then orders', () => {
    expect(
      pinnableImages([
        image('pixel', 'og:image', 1, 1),
        image('ok', 'img', 120, 120),
        image('large', 'img', 800, 600),
      ]).map((i) => i.url),
    ).toEqual(['large', 'ok']);
  });
});

import { describe, expect, test } from 'vitest';
import { displayDomain, popupResizeHeight, readCreateQuery } from './createQuery.ts';
import { isMobileDevice } from './device.ts';
import { ownPinIdFromUrl } from './paths.ts';

const ORIGIN = 'https://corkboard.example';

describe('create page query (saving.md §2.1)', () => {
  test('reads url, media, description, guid and color', () => {
    const query = readCreateQuery(
      '?url=https%3A%2F%2Fshop.example%2Fpie&media=https%3A%2F%2Fshop.example%2Fpie.jpg&description=%20Cherry%20pie%20&guid=abc-123&color=%23A1B2C3',
      ORIGIN,
    );
    expect(query).toMatchObject({
      url: 'https://shop.example/pie',
      media: 'https://shop.example/pie.jpg',
      description: 'Cherry pie',
      guid: 'abc-123',
      color: '#a1b2c3',
    });
    expect(query.raw['guid']).toBe('abc-123');
  });

  test('site-relative media is ours; other schemes and bad values are dropped', () => {
    expect(readCreateQuery('?media=/media/pins/1-736.jpg', ORIGIN).media).toBe(
      'https://corkboard.example/media/pins/1-736.jpg',
    );
    const bad = readCreateQuery(
      '?url=javascript:alert(1)&media=file:///etc/passwd&guid=has%20space&color=red',
      ORIGIN,
    );
    expect(bad).toMatchObject({ url: null, media: null, guid: null, color: null });
    expect(readCreateQuery('?media=https://user:pw@x.example/a.jpg', ORIGIN).media).toBeNull();
  });

  test('a data:image URL is kept as media (a page image passed inline)', () => {
    expect(readCreateQuery('?media=data:image/png;base64,iVBORw0KGgo=', ORIGIN).media).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  test('the description is cut at the pin limit', () => {
    expect(readCreateQuery(`?description=${'a'.repeat(600)}`, ORIGIN).description).toHaveLength(
      500,
    );
  });

  test('the pop-up grows to 750 + 48 when shorter than 750, else stays', () => {
    expect(popupResizeHeight(600)).toBe(798);
    expect(popupResizeHeight(750)).toBeNull();
    expect(popupResizeHeight(900)).toBeNull();
  });

  test('domains are shown without www.', () => {
    expect(displayDomain('https://www.shop.example/pie')).toBe('shop.example');
    expect(displayDomain(null)).toBeNull();
  });
});

describe('mobile create paths (saving.md §2.2)', () => {
  test('our own pin pages are repins, on our origin only', () => {
    expect(ownPinIdFromUrl('https://corkboard.example/pin/123/', ORIGIN)).toBe('123');
    expect(ownPinIdFromUrl('https://corkboard.example/amp/pin/45/', ORIGIN)).toBe('45');
    expect(ownPinIdFromUrl('https://corkboard.example/pin/abc/', ORIGIN)).toBeNull();
    expect(ownPinIdFromUrl('https://elsewhere.example/pin/123/', ORIGIN)).toBeNull();
    expect(ownPinIdFromUrl(null, ORIGIN)).toBeNull();
  });

  test('the device flag: client hints or the user agent', () => {
    expect(isMobileDevice({ userAgent: 'Desktop', userAgentData: { mobile: true } })).toBe(true);
    expect(isMobileDevice({ userAgent: 'Desktop', userAgentData: { mobile: false } })).toBe(false);
    expect(isMobileDevice({ userAgent: 'Mobile Safari', userAgentData: { mobile: false } })).toBe(
      true,
    );
    expect(
      isMobileDevice({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148' }),
    ).toBe(true);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' })).toBe(false);
  });
});

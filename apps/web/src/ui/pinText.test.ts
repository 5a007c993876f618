import { describe, expect, test } from 'vitest';
import { internalPath } from './links.ts';
import { safeExternalUrl } from './pinText.ts';

describe('safeExternalUrl', () => {
  test('keeps http and https links', () => {
    expect(safeExternalUrl('https://example.com/a?b=1')?.href).toBe('https://example.com/a?b=1');
    expect(safeExternalUrl('http://example.com')?.hostname).toBe('example.com');
  });

  test('drops script, data and malformed links', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeExternalUrl('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeExternalUrl('data:text/html,hi')).toBeUndefined();
    expect(safeExternalUrl('not a url')).toBeUndefined();
    expect(safeExternalUrl(null)).toBeUndefined();
  });
});

describe('internalPath', () => {
  test('keeps site-relative paths and refuses other origins', () => {
    expect(internalPath('/alice/bread/')).toBe('/alice/bread/');
    expect(internalPath('//evil.example/')).toBe('/');
    expect(internalPath('https://evil.example/')).toBe('/');
  });
});

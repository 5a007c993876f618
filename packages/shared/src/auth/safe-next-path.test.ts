import { describe, expect, it } from 'vitest';
import { NEXT_PATH_MAX_LENGTH, safeNextPath } from './safe-next-path.ts';

describe('safeNextPath', () => {
  it('keeps our own paths exactly as given', () => {
    for (const path of [
      '/',
      '/pin/123/',
      '/mira/garden-rooms/?tab=pins#top',
      '/search/pins/?q=caf%C3%A9',
      '/search/pins/?q=red%20chairs',
      '/a/b/c',
      '/@weird:path',
    ]) {
      expect(safeNextPath(path), path).toBe(path);
    }
  });

  it('refuses missing, empty and oversized values', () => {
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(NEXT_PATH_MAX_LENGTH)}`)).toBeNull();
  });

  it('refuses absolute and scheme URLs', () => {
    for (const next of [
      'https://evil.example/',
      'http://evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example/path',
      'pin/1/',
    ]) {
      expect(safeNextPath(next), next).toBeNull();
    }
  });

  it('refuses protocol-relative and backslash tricks', () => {
    for (const next of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil',
      '/pin\\..\\..\\evil',
    ]) {
      expect(safeNextPath(next), next).toBeNull();
    }
  });

  it('refuses the same tricks behind percent-encoding, even several layers deep', () => {
    for (const next of [
      '/%2Fevil.example',
      '/%2fevil.example',
      '/%5Cevil.example',
      '%2F%2Fevil.example',
      '/%252Fevil.example',
      '/%25252Fevil.example',
      '%6A%61%76%61script:alert(1)',
      '/%E0%A4%A',
    ]) {
      expect(safeNextPath(next), next).toBeNull();
    }
  });

  it('refuses control characters and spaces browsers would strip', () => {
    for (const next of [
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      '/%09/evil.example',
      '/%00',
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBeNull();
    }
  });
});

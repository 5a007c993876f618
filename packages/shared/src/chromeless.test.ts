import { describe, expect, test } from 'vitest';
import { isChromelessPath } from './chromeless.ts';

describe('isChromelessPath (saving.md §2.1, §2.2; the server-painted header, ADR 215)', () => {
  test('the create and mobile pages have no site header', () => {
    expect(isChromelessPath('/pin/create/bookmarklet/')).toBe(true);
    expect(isChromelessPath('/pin/12/repin/x/')).toBe(true);
    expect(isChromelessPath('/board/create/')).toBe(true);
    expect(isChromelessPath('/board/12/create_section/')).toBe(true);
  });

  test('every other page has it', () => {
    expect(isChromelessPath('/')).toBe(false);
    expect(isChromelessPath('/pin/12/')).toBe(false);
    expect(isChromelessPath('/mira/garden-rooms/')).toBe(false);
    expect(isChromelessPath('/bookmarklet/')).toBe(false);
  });
});

// The unstorable-text check behind the one input parser (docs/decisions/090).
import { describe, expect, it } from 'vitest';
import { findUnstorableText, isUnstorable } from './unstorable-text.ts';

describe('isUnstorable', () => {
  it('flags a NUL and lone surrogates, not a surrogate pair', () => {
    expect(isUnstorable('a\u0000b')).toBe(true);
    expect(isUnstorable('\ud800')).toBe(true);
    expect(isUnstorable('x\udc00')).toBe(true);
    expect(isUnstorable('📌 pinned')).toBe(false);
    expect(isUnstorable('')).toBe(false);
  });
});

describe('findUnstorableText', () => {
  it('names the first bad field in document order, keys included', () => {
    expect(findUnstorableText({ a: 'ok', b: ['ok', 'x\u0000'], c: '\u0000' })).toEqual(['b', 1]);
    expect(findUnstorableText({ nested: { ['k\u0000']: 1 } })).toEqual(['nested', 'k\u0000']);
    expect(findUnstorableText('\ud800')).toEqual([]);
    expect(findUnstorableText({ a: 1, b: null, c: true })).toBeNull();
  });

  it('walks a very deep document without overflowing the stack', () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(findUnstorableText(deep)).toHaveLength(depth);
  });
});

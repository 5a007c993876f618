// The identity-provider copy: Spanish has exactly the English keys, none empty, with the same placeholders.
import { describe, expect, test } from 'vitest';
import en from './locales/sso/en.json';
import es from './locales/sso/es.json';

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    leaves(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('sso catalogue', () => {
  test('Spanish has exactly the English keys, none empty, with the same placeholders', () => {
    const english = new Map(leaves(en));
    const spanish = new Map(leaves(es));
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    const markers = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const [key, text] of english) {
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(markers(spanish.get(key) ?? ''), key).toEqual(markers(text));
    }
  });
});

import { describe, expect, test } from 'vitest';
import { createI18n, pickLanguage } from './i18n.ts';
import en from './locales/en.json';
import es from './locales/es.json';
import authEn from './locales/auth/en.json';
import authEs from './locales/auth/es.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('locales', () => {
  test('Spanish has exactly the English keys', () => {
    expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
    expect(keysOf(authEs).sort()).toEqual(keysOf(authEn).sort());
  });

  test('no message is empty', () => {
    for (const catalogue of [en, es, authEn, authEs]) {
      for (const key of keysOf(catalogue)) {
        const message = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(typeof message === 'string' && message.trim().length > 0, key).toBe(true);
      }
    }
  });

  test('translations keep the placeholders and link tags of the English', () => {
    const markers = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g) ?? []).sort();
    for (const [english, spanish] of [
      [en, es],
      [authEn, authEs],
    ] as const) {
      for (const key of keysOf(english)) {
        const lookup = (catalogue: unknown) =>
          key
            .split('.')
            .reduce<unknown>(
              (node, part) => (node as Record<string, unknown>)[part],
              catalogue,
            ) as string;
        expect(markers(lookup(spanish)), key).toEqual(markers(lookup(english)));
      }
    }
  });

  test('plurals and numbers follow the language', () => {
    expect(createI18n('en').t('count.pins', { count: 1 })).toBe('1 Pin');
    expect(createI18n('en').t('count.followers', { count: 1200 })).toBe('1,200 followers');
    expect(createI18n('es').t('count.pins', { count: 3 })).toBe('3 Pines');
  });
});

describe('pickLanguage', () => {
  test('takes the first supported language, region ignored', () => {
    expect(pickLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(pickLanguage(['fr-FR', 'en-GB'])).toBe('en');
  });

  test('falls back to English', () => {
    expect(pickLanguage(['de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

import { describe, expect, test, vi } from 'vitest';
import { createI18n, pickLanguage, PLAIN_DIGIT_LANGUAGES, PLAIN_DIGITS_BELOW } from './i18n.ts';
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

describe('counts ({{count, number}})', () => {
  test('a count under PLAIN_DIGITS_BELOW is its digits, without building an Intl.NumberFormat', () => {
    const i18n = createI18n('en');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect(i18n.t('count.pins', { count: 12 })).toBe('12 Pins');
      expect(i18n.t('count.pins', { count: 1 })).toBe('1 Pin');
      expect(i18n.t('count.pins', { count: PLAIN_DIGITS_BELOW - 1 })).toBe('999 Pins');
      expect(numberFormat).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
    }
  });

  test('larger counts are grouped by Intl as before, in each language', () => {
    expect(createI18n('en').t('count.pins', { count: 1234 })).toBe('1,234 Pins');
    expect(createI18n('es').t('count.pins', { count: 12345 })).toBe(
      `${new Intl.NumberFormat('es').format(12345)} Pines`,
    );
    expect(createI18n('en').t('count.followers', { count: 2.5 })).toBe(
      `${new Intl.NumberFormat('en').format(2.5)} followers`,
    );
  });

  test('the plain digits are what Intl writes for every small count of every language', () => {
    for (const language of PLAIN_DIGIT_LANGUAGES) {
      const i18n = createI18n(language);
      const intl = new Intl.NumberFormat(language);
      for (let count = 0; count < PLAIN_DIGITS_BELOW; count++) {
        expect(i18n.t('count.following', { count }).split(' ')[0]).toBe(intl.format(count));
      }
    }
  });
});

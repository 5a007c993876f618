// i18next setup. All user-facing copy lives in locales/*.json; components use `t()` only.
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

const resources = { en: { translation: en }, es: { translation: es } } as const;

function isLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** First supported language among the browser's preferences ("es-MX" counts as "es"). */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

export function browserLanguages(): readonly string[] {
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export function createI18n(language: Language): i18n {
  const instance = createInstance();
  // Resources are bundled, so initialisation is synchronous (initAsync: false); the returned
  // promise carries nothing we wait for.
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    initAsync: false,
    // React escapes text itself; escaping here too would show "&amp;" in titles.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  plainDigitsForSmallCounts(instance);
  return instance;
}

/**
 * Below this, a non-negative whole number is written as its plain digits by Intl.NumberFormat in
 * every language of PLAIN_DIGIT_LANGUAGES (grouping starts at 1,000; es from 10,000).
 */
export const PLAIN_DIGITS_BELOW = 1000;

/**
 * Languages whose numbers use the ASCII digits 0–9 (Latin numbering). A language added with other
 * digits (Arabic, Devanagari, …) must be left out: its counts then always go through Intl.
 */
export const PLAIN_DIGIT_LANGUAGES: readonly Language[] = SUPPORTED_LANGUAGES;

/** Intl.NumberFormat options that change how a small whole number is written. */
const DIGIT_OPTIONS = [
  'style',
  'currency',
  'unit',
  'notation',
  'numberingSystem',
  'signDisplay',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingIncrement',
] as const;

function isPlainCount(value: unknown, language: string, options: object): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value < PLAIN_DIGITS_BELOW &&
    (PLAIN_DIGIT_LANGUAGES as readonly string[]).includes(language) &&
    !DIGIT_OPTIONS.some((option) => option in options)
  );
}

/**
 * i18next's `number` format (`{{count, number}}`), without Intl for small counts: the first
 * Intl.NumberFormat of a page loads the language's number data, 40–200 ms at Lighthouse's 4× CPU,
 * inside the board page's first render (its pin count). A count under PLAIN_DIGITS_BELOW is its
 * digits in every supported language, so it is written directly; anything else is formatted by
 * Intl.NumberFormat exactly as i18next's own format does, built on first use (docs/decisions/211).
 */
function plainDigitsForSmallCounts(instance: i18n): void {
  instance.services.formatter?.addCached('number', (language, options: object) => {
    let intl: Intl.NumberFormat | undefined;
    return (value: unknown) => {
      if (isPlainCount(value, language ?? '', options ?? {})) return String(value);
      intl ??= new Intl.NumberFormat(language, { ...options });
      return intl.format(value as number);
    };
  });
}

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
  return instance;
}

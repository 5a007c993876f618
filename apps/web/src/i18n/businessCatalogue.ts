// The business copy is its own i18next namespace, bundled with the lazily loaded business chunk
// (docs/decisions/100): people who never use a business page never download it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/business/en.json';
import es from './locales/business/es.json';

export const BUSINESS_NAMESPACE = 'business';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the business namespace for every supported language, once per i18n instance. */
export function ensureBusinessCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, BUSINESS_NAMESPACE)) {
      instance.addResourceBundle(language, BUSINESS_NAMESPACE, catalogue);
    }
  }
}

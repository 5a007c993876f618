// The search copy is its own i18next namespace, bundled with the lazily loaded search chunk
// (docs/decisions/018): people who never search never download it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/search/en.json';
import es from './locales/search/es.json';

export const SEARCH_NAMESPACE = 'search';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the search namespace for every supported language, once per i18n instance. */
export function ensureSearchCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, SEARCH_NAMESPACE)) {
      instance.addResourceBundle(language, SEARCH_NAMESPACE, catalogue);
    }
  }
}

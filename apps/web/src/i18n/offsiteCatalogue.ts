// The /offsite/ page's copy is its own i18next namespace, bundled with the page's lazily loaded
// chunk (docs/decisions/080): people who never follow an outbound link never download it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/offsite/en.json';
import es from './locales/offsite/es.json';

export const OFFSITE_NAMESPACE = 'offsite';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the offsite namespace for every supported language, once per i18n instance. */
export function ensureOffsiteCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, OFFSITE_NAMESPACE)) {
      instance.addResourceBundle(language, OFFSITE_NAMESPACE, catalogue);
    }
  }
}

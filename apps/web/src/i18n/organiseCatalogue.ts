// The organise copy (following, organising boards) is its own i18next namespace, bundled with
// the page chunks that use it (docs/decisions/050): the shell never carries it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/organise/en.json';
import es from './locales/organise/es.json';

export const ORGANISE_NAMESPACE = 'organise';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the organise namespace for every supported language, once per i18n instance. */
export function ensureOrganiseCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, ORGANISE_NAMESPACE)) {
      instance.addResourceBundle(language, ORGANISE_NAMESPACE, catalogue);
    }
  }
}

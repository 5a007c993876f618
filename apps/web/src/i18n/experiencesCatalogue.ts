// The experiences' own copy (the dismiss button, the region name) is its own i18next namespace,
// bundled with the lazily loaded experience chunk (docs/decisions/081); an experience's message
// itself comes from its definition.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/experiences/en.json';
import es from './locales/experiences/es.json';

export const EXPERIENCES_NAMESPACE = 'experiences';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the experiences namespace for every supported language, once per i18n instance. */
export function ensureExperiencesCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, EXPERIENCES_NAMESPACE)) {
      instance.addResourceBundle(language, EXPERIENCES_NAMESPACE, catalogue);
    }
  }
}

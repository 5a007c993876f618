// The saving copy is its own i18next namespace, bundled with the lazily loaded saving chunk
// (like the auth views, docs/decisions/007): a visitor who never presses Save never downloads it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/saving/en.json';
import es from './locales/saving/es.json';

export const SAVING_NAMESPACE = 'saving';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the saving namespace for every supported language, once per i18n instance. */
export function ensureSavingCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, SAVING_NAMESPACE)) {
      instance.addResourceBundle(language, SAVING_NAMESPACE, catalogue);
    }
  }
}

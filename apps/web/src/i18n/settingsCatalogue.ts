// The account settings copy is its own i18next namespace, bundled with the lazily loaded
// settings chunk: people who never open /settings/ never download it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/settings/en.json';
import es from './locales/settings/es.json';

export const SETTINGS_NAMESPACE = 'settings';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the settings namespace for every supported language, once per i18n instance. */
export function ensureSettingsCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, SETTINGS_NAMESPACE)) {
      instance.addResourceBundle(language, SETTINGS_NAMESPACE, catalogue);
    }
  }
}

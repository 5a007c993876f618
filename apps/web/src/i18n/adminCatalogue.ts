// The admin copy is its own i18next namespace, bundled with the lazily loaded admin chunk
// (docs/decisions/019): people who never open /admin/ never download it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/admin/en.json';
import es from './locales/admin/es.json';

export const ADMIN_NAMESPACE = 'admin';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the admin namespace for every supported language, once per i18n instance. */
export function ensureAdminCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, ADMIN_NAMESPACE)) {
      instance.addResourceBundle(language, ADMIN_NAMESPACE, catalogue);
    }
  }
}

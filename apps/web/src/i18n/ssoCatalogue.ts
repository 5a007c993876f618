// The identity-provider copy (docs/decisions/154, 190) is its own i18next namespace, bundled with
// the lazily loaded pages that use it: the operators' /admin/sso/ and a business's
// /business/{id}/sso/. Neither audience downloads the other's whole catalogue.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/sso/en.json';
import es from './locales/sso/es.json';

export const SSO_NAMESPACE = 'sso';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the sso namespace for every supported language, once per i18n instance. */
export function ensureSsoCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, SSO_NAMESPACE)) {
      instance.addResourceBundle(language, SSO_NAMESPACE, catalogue);
    }
  }
}

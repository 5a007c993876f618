// The campaign editor's copy is its own i18next namespace (docs/decisions/178), bundled with the
// console chunk only: nobody who never opens Ads Manager downloads it.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/ads-editor/en.json';
import es from './locales/ads-editor/es.json';

export const ADS_EDITOR_NAMESPACE = 'adsEditor';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the editor namespace for every supported language, once per i18n instance. */
export function ensureAdsEditorCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, ADS_EDITOR_NAMESPACE)) {
      instance.addResourceBundle(language, ADS_EDITOR_NAMESPACE, catalogue);
    }
  }
}

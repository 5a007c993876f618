// The auth views' copy is its own i18next namespace, bundled with the lazily loaded auth chunk
// instead of the first-visit catalogue (docs/decisions/007-web-auth-views.md): a visitor who never
// opens a login or signup view never downloads it.
import type { i18n } from 'i18next';
import en from '../../i18n/locales/auth/en.json';
import es from '../../i18n/locales/auth/es.json';
import type { Language } from '../../i18n/i18n.ts';

export const AUTH_NAMESPACE = 'auth';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the auth namespace for every supported language, once per i18n instance. */
export function ensureAuthCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, AUTH_NAMESPACE)) {
      instance.addResourceBundle(language, AUTH_NAMESPACE, catalogue);
    }
  }
}

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message key of the auth namespace. */
export type AuthKey = Leaves<typeof en>;

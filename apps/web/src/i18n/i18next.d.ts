// Types `t('…')` keys against the English catalogues, so a missing key fails typecheck. The
// `auth` namespace is added at run time with its lazily loaded chunk (authCatalogue.ts).
import 'i18next';
import type en from './locales/en.json';
import type authEn from './locales/auth/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; auth: typeof authEn };
  }
}

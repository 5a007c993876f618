// Types `t('…')` keys against the English catalogues, so a missing key fails typecheck. The
// `auth`, `saving` and `admin` namespaces are added at run time with their lazily loaded chunks
// (authCatalogue.ts, i18n/savingCatalogue.ts, i18n/adminCatalogue.ts).
import 'i18next';
import type en from './locales/en.json';
import type authEn from './locales/auth/en.json';
import type savingEn from './locales/saving/en.json';
import type adminEn from './locales/admin/en.json';
import type organiseEn from './locales/organise/en.json';
import type businessEn from './locales/business/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      auth: typeof authEn;
      saving: typeof savingEn;
      admin: typeof adminEn;
      organise: typeof organiseEn;
      business: typeof businessEn;
    };
  }
}

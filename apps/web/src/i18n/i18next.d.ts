// Types `t('…')` keys against the English catalogues, so a missing key fails typecheck. Every
// namespace but the default is added at run time with its lazily loaded chunk (authCatalogue.ts
// and the i18n/*Catalogue.ts files).
import 'i18next';
import type en from './locales/en.json';
import type authEn from './locales/auth/en.json';
import type savingEn from './locales/saving/en.json';
import type adminEn from './locales/admin/en.json';
import type offsiteEn from './locales/offsite/en.json';
import type experiencesEn from './locales/experiences/en.json';
import type organiseEn from './locales/organise/en.json';
import type billingEn from './locales/billing/en.json';
import type businessEn from './locales/business/en.json';
import type searchEn from './locales/search/en.json';
import type settingsEn from './locales/settings/en.json';
import type adsEditorEn from './locales/ads-editor/en.json';
import type ssoEn from './locales/sso/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      auth: typeof authEn;
      saving: typeof savingEn;
      admin: typeof adminEn;
      offsite: typeof offsiteEn;
      experiences: typeof experiencesEn;
      organise: typeof organiseEn;
      business: typeof businessEn;
      billing: typeof billingEn;
      search: typeof searchEn;
      settings: typeof settingsEn;
      adsEditor: typeof adsEditorEn;
      sso: typeof ssoEn;
    };
  }
}

// The billing copy is its own i18next namespace, bundled with the console and quick-promote
// chunks that show billing (docs/decisions/171), like the business namespace.
import type { i18n } from 'i18next';
import type { Language } from './i18n.ts';
import en from './locales/billing/en.json';
import es from './locales/billing/es.json';

export const BILLING_NAMESPACE = 'billing';

const catalogues: Record<Language, typeof en> = { en, es };

/** Adds the billing namespace for every supported language, once per i18n instance. */
export function ensureBillingCatalogue(instance: i18n): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (!instance.hasResourceBundle(language, BILLING_NAMESPACE)) {
      instance.addResourceBundle(language, BILLING_NAMESPACE, catalogue);
    }
  }
}

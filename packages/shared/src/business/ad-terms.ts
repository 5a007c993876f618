// The GDPR step of quick promote (business.md §2.3 "a GDPR modal"; the spec does not say who sees
// it or what it asks, so decided in docs/decisions/181): an ad account whose country is in the EU,
// the EEA, the UK or Switzerland accepts the advertising terms and the data-processing terms once
// per terms version before it promotes; the acceptance is stored per ad account on the server.

/** Decided (ADR 181): EU 27 + EEA (IS, LI, NO) + GB (UK GDPR) + CH (revFADP). */
export const GDPR_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
  'CH',
]);

/** The version of the advertising and data-processing terms; raising it asks everyone again. */
export const AD_TERMS_VERSION = '2026-11';

/** Whether an ad account in `country` must accept the terms before it promotes. */
export function adTermsRequired(country: string): boolean {
  return GDPR_COUNTRIES.has(country.toUpperCase());
}

/** GET/POST /v3/ads/advertisers/{id}/terms/. */
export interface AdTermsStatus {
  /** The account's country needs the terms (GDPR_COUNTRIES). */
  required: boolean;
  /** The current version is accepted (always true when not required). */
  accepted: boolean;
  version: string;
  accepted_at: string | null;
}

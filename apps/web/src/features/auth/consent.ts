// The Korea privacy consent step (auth.md §2 "Consent step", §4 "Consent"). Pure state and rules;
// ConsentStep renders them.

/** The four boxes auth.md requires for a personal account, in display order. */
export const REQUIRED_CONSENTS = ['terms', 'personalInfo', 'thirdParty', 'overseas'] as const;
export const OPTIONAL_CONSENTS = ['marketing'] as const;

export type RequiredConsent = (typeof REQUIRED_CONSENTS)[number];
export type OptionalConsent = (typeof OPTIONAL_CONSENTS)[number];
export type ConsentItem = RequiredConsent | OptionalConsent;

export type ConsentState = Readonly<Record<ConsentItem, boolean>>;

export const NO_CONSENT: ConsentState = {
  terms: false,
  personalInfo: false,
  thirdParty: false,
  overseas: false,
  marketing: false,
};

const ALL_ITEMS: readonly ConsentItem[] = [...REQUIRED_CONSENTS, ...OPTIONAL_CONSENTS];

/** 'Agree to all' is ticked exactly when every box, optional included, is ticked. */
export function agreesToAll(state: ConsentState): boolean {
  return ALL_ITEMS.every((item) => state[item]);
}

/** Ticking 'Agree to all' ticks every box; clearing it clears every box. */
export function setAll(checked: boolean): ConsentState {
  return {
    terms: checked,
    personalInfo: checked,
    thirdParty: checked,
    overseas: checked,
    marketing: checked,
  };
}

export function toggle(state: ConsentState, item: ConsentItem, checked: boolean): ConsentState {
  return { ...state, [item]: checked };
}

/** Next is enabled only when all four required boxes are ticked. */
export function canContinue(state: ConsentState): boolean {
  return REQUIRED_CONSENTS.every((item) => state[item]);
}

/** auth.md §3 "Consent output". */
export function consentOutput(state: ConsentState): {
  kr_privacy_consent_opt_in: boolean;
  marketing_notifs_opt_out: boolean;
} {
  return {
    kr_privacy_consent_opt_in: canContinue(state),
    marketing_notifs_opt_out: !state.marketing,
  };
}

/**
 * The country of a language tag (`ko-KR` → `KR`), the same reading the server gives the
 * Accept-Language header when the signup sends no country: the browser's first language is what
 * that header starts with.
 */
export function countryFromLanguage(tag: string | undefined): string | null {
  const match = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})$/.exec(tag?.trim() ?? '');
  return match?.[1]?.toUpperCase() ?? null;
}

/** ADR 005: the consent step shows when the experiment is on and the country is KR. */
export const CONSENT_COUNTRY = 'KR';

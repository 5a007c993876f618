// The quick-promote flow's pure rules (business.md §2.3, §4.1, §8, §9): the ordered steps, the
// transition after the business form, where an error goes, and the drafts kept in storage.
import {
  QUICK_PROMOTE_MAX_DRAFTS,
  type QuickPromoteFormValues,
} from '@corkboard/shared/business/quick-promote';

/** business.md §2.3 "The ordered list of pages". */
export const QUICK_PROMOTE_STEPS = [
  'gdpr',
  'pinSelection',
  'page',
  'businessForm',
  'billingForm',
  'success',
  'error',
] as const;
export type QuickPromoteStep = (typeof QUICK_PROMOTE_STEPS)[number];

/** §4.1 "The steps advance by one … Past the last step there is no next step." */
export function nextStep(step: QuickPromoteStep): QuickPromoteStep | null {
  return QUICK_PROMOTE_STEPS[QUICK_PROMOTE_STEPS.indexOf(step) + 1] ?? null;
}

export interface BusinessSubmitOutcome {
  modalError: boolean;
  hasBusiness: boolean;
  hasBilling: boolean;
  onQuickPromotePage: boolean;
}

/**
 * §4.1 after the business form is submitted: a modal-area error → error; business and billing
 * → success; business only → billing; otherwise the business form, unless already on the
 * quick-promote page (null: stay).
 */
export function afterBusinessSubmit(outcome: BusinessSubmitOutcome): QuickPromoteStep | null {
  if (outcome.modalError) return 'error';
  if (outcome.hasBusiness && outcome.hasBilling) return 'success';
  if (outcome.hasBusiness) return 'billingForm';
  return outcome.onQuickPromotePage ? null : 'businessForm';
}

/** §8: HTTP 401 puts the error on the pin area; any other goes on the modal. */
export function errorPlacement(httpStatus: number): 'pin' | 'modal' {
  return httpStatus === 401 ? 'pin' : 'modal';
}

export const QUICK_PROMOTE_DRAFTS_KEY = 'corkboard.quickPromote.drafts';

export interface QuickPromoteDraft {
  advertiserId: string;
  pinId: string;
  values: QuickPromoteFormValues;
}

function isDraft(value: unknown): value is QuickPromoteDraft {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['advertiserId'] === 'string' &&
    typeof record['pinId'] === 'string' &&
    typeof record['values'] === 'object' &&
    record['values'] !== null
  );
}

export function parseDrafts(raw: string | null): QuickPromoteDraft[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isDraft) : [];
  } catch {
    return [];
  }
}

/** §9: keeps the newest draft per advertiser and pin, at most QUICK_PROMOTE_MAX_DRAFTS. */
export function withDraft(
  drafts: readonly QuickPromoteDraft[],
  draft: QuickPromoteDraft,
): QuickPromoteDraft[] {
  const others = drafts.filter(
    (entry) => entry.advertiserId !== draft.advertiserId || entry.pinId !== draft.pinId,
  );
  return [draft, ...others].slice(0, QUICK_PROMOTE_MAX_DRAFTS);
}

export function withoutDraft(
  drafts: readonly QuickPromoteDraft[],
  advertiserId: string,
  pinId: string,
): QuickPromoteDraft[] {
  return drafts.filter((entry) => entry.advertiserId !== advertiserId || entry.pinId !== pinId);
}

export function findDraft(
  drafts: readonly QuickPromoteDraft[],
  advertiserId: string,
  pinId: string,
): QuickPromoteDraft | undefined {
  return drafts.find((entry) => entry.advertiserId === advertiserId && entry.pinId === pinId);
}

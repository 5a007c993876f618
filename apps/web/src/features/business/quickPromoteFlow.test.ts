import {
  defaultQuickPromoteValues,
  QUICK_PROMOTE_MAX_DRAFTS,
} from '@corkboard/shared/business/quick-promote';
import { describe, expect, test } from 'vitest';
import {
  afterBusinessSubmit,
  errorPlacement,
  findDraft,
  nextStep,
  parseDrafts,
  withDraft,
  withoutDraft,
} from './quickPromoteFlow.ts';

describe('quick-promote steps (business.md §4.1)', () => {
  test('advance by one in the listed order; none past the last', () => {
    expect(nextStep('gdpr')).toBe('pinSelection');
    expect(nextStep('pinSelection')).toBe('page');
    expect(nextStep('page')).toBe('businessForm');
    expect(nextStep('businessForm')).toBe('billingForm');
    expect(nextStep('billingForm')).toBe('success');
    expect(nextStep('success')).toBe('error');
    expect(nextStep('error')).toBeNull();
  });

  test('after the business form', () => {
    const base = { modalError: false, hasBusiness: false, hasBilling: false };
    expect(
      afterBusinessSubmit({
        ...base,
        modalError: true,
        hasBusiness: true,
        hasBilling: true,
        onQuickPromotePage: false,
      }),
    ).toBe('error');
    expect(
      afterBusinessSubmit({
        ...base,
        hasBusiness: true,
        hasBilling: true,
        onQuickPromotePage: true,
      }),
    ).toBe('success');
    expect(afterBusinessSubmit({ ...base, hasBusiness: true, onQuickPromotePage: false })).toBe(
      'billingForm',
    );
    expect(afterBusinessSubmit({ ...base, onQuickPromotePage: false })).toBe('businessForm');
    expect(afterBusinessSubmit({ ...base, onQuickPromotePage: true })).toBeNull();
  });

  test('401 goes on the pin area, anything else on the modal (§8)', () => {
    expect(errorPlacement(401)).toBe('pin');
    expect(errorPlacement(400)).toBe('modal');
    expect(errorPlacement(500)).toBe('modal');
  });
});

describe('drafts (business.md §9)', () => {
  const values = defaultQuickPromoteValues({
    advertiserId: '7',
    country: 'US',
    pinTitle: 'Tart',
    pinLink: null,
  });

  test('one per advertiser and pin, newest first, at most ten', () => {
    let drafts = parseDrafts(null);
    for (let pin = 1; pin <= QUICK_PROMOTE_MAX_DRAFTS + 2; pin += 1) {
      drafts = withDraft(drafts, { advertiserId: '7', pinId: String(pin), values });
    }
    expect(drafts).toHaveLength(QUICK_PROMOTE_MAX_DRAFTS);
    expect(drafts[0]?.pinId).toBe(String(QUICK_PROMOTE_MAX_DRAFTS + 2));
    expect(findDraft(drafts, '7', '1')).toBeUndefined();
    const edited = withDraft(drafts, {
      advertiserId: '7',
      pinId: '5',
      values: { ...values, budget: 9 },
    });
    expect(edited).toHaveLength(QUICK_PROMOTE_MAX_DRAFTS);
    expect(findDraft(edited, '7', '5')?.values.budget).toBe(9);
    expect(findDraft(withoutDraft(edited, '7', '5'), '7', '5')).toBeUndefined();
  });

  test('ignores anything in storage that is not a draft list', () => {
    expect(parseDrafts('not json')).toEqual([]);
    expect(parseDrafts('{"a":1}')).toEqual([]);
    expect(parseDrafts('[1, {"advertiserId": "7"}]')).toEqual([]);
  });
});

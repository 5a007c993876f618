import { describe, expect, test } from 'vitest';
import {
  isPromotable,
  QUICK_PROMOTE_OLD_ACCOUNT_DAYS,
  siteTypeOf,
  SITE_TYPE_NO_WEBSITE,
  SITE_TYPE_WEBSITE,
  type PromoteFacts,
} from './eligibility.ts';

const now = new Date('2026-11-23T12:00:00Z');
const eligible: PromoteFacts = {
  viewerIsPinner: true,
  pinIsPublic: true,
  siteType: SITE_TYPE_WEBSITE,
  signedIn: true,
  isPartner: false,
  acting: false,
  hasBusinessExemption: false,
  accountCreatedAt: new Date('2026-01-01T00:00:00Z'),
  now,
};

describe('promote eligibility (business.md §5.1)', () => {
  test('offered only when every condition holds', () => {
    expect(isPromotable(eligible)).toBe(true);
    expect(isPromotable({ ...eligible, viewerIsPinner: false })).toBe(false);
    expect(isPromotable({ ...eligible, pinIsPublic: false })).toBe(false);
    expect(isPromotable({ ...eligible, siteType: SITE_TYPE_NO_WEBSITE })).toBe(false);
    expect(isPromotable({ ...eligible, signedIn: false })).toBe(false);
    expect(isPromotable({ ...eligible, isPartner: true })).toBe(false);
    expect(isPromotable({ ...eligible, acting: true })).toBe(false);
    expect(isPromotable({ ...eligible, hasBusinessExemption: true })).toBe(false);
  });

  test('an account older than the limit is "old"; one day younger is not', () => {
    const day = 86_400_000;
    const limit = QUICK_PROMOTE_OLD_ACCOUNT_DAYS * day;
    expect(
      isPromotable({ ...eligible, accountCreatedAt: new Date(now.getTime() - limit - day) }),
    ).toBe(false);
    expect(
      isPromotable({ ...eligible, accountCreatedAt: new Date(now.getTime() - limit + day) }),
    ).toBe(true);
  });

  test('site type 3: no link, a non-web link, or a link to the product itself', () => {
    const origin = 'http://corkboard.test';
    expect(siteTypeOf('https://shop.example/a', origin)).toBe(SITE_TYPE_WEBSITE);
    expect(siteTypeOf(null, origin)).toBe(SITE_TYPE_NO_WEBSITE);
    expect(siteTypeOf('ftp://shop.example/', origin)).toBe(SITE_TYPE_NO_WEBSITE);
    expect(siteTypeOf('http://corkboard.test/pin/1/', origin)).toBe(SITE_TYPE_NO_WEBSITE);
    expect(siteTypeOf('not a url', origin)).toBe(SITE_TYPE_NO_WEBSITE);
  });
});

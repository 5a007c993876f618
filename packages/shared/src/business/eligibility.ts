// Promote eligibility (business.md §5.1; docs/decisions/102): whether 'Promote your Pin' is
// offered. The server decides with these facts and answers `is_promotable` with the pin.

/**
 * Not in the spec ("the account is not old according to a creation-date check"): an account
 * created more than this many days ago is "old" and is not offered quick promote (decided,
 * docs/decisions/102: long-standing personal accounts are offered the full console instead).
 */
export const QUICK_PROMOTE_OLD_ACCOUNT_DAYS = 3650;

/** §3 "site type": 3 is a pin with no outside website (no link, or a link to us). */
export const SITE_TYPE_NO_WEBSITE = 3;
export const SITE_TYPE_WEBSITE = 1;

export interface PromoteFacts {
  /** The viewer is the pin's pinner (§5.1 "quick-promotable by its pinner"). */
  readonly viewerIsPinner: boolean;
  /** The pin is on a board others can see (a secret pin cannot be an ad). */
  readonly pinIsPublic: boolean;
  readonly siteType: number;
  readonly signedIn: boolean;
  readonly isPartner: boolean;
  /** The viewer acts for a business right now (acting is being a partner, §6). */
  readonly acting: boolean;
  readonly hasBusinessExemption: boolean;
  readonly accountCreatedAt: Date;
  readonly now: Date;
}

export function isOldAccount(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > QUICK_PROMOTE_OLD_ACCOUNT_DAYS * 86_400_000;
}

/** §3: the site type of a pin's link; `ownOrigin` is the product's public origin. */
export function siteTypeOf(link: string | null, ownOrigin: string): number {
  if (link === null) return SITE_TYPE_NO_WEBSITE;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return SITE_TYPE_NO_WEBSITE;
    return url.hostname === new URL(ownOrigin).hostname ? SITE_TYPE_NO_WEBSITE : SITE_TYPE_WEBSITE;
  } catch {
    return SITE_TYPE_NO_WEBSITE;
  }
}

/** business.md §5.1: every condition must hold. */
export function isPromotable(facts: PromoteFacts): boolean {
  return (
    facts.signedIn &&
    facts.viewerIsPinner &&
    facts.pinIsPublic &&
    facts.siteType !== SITE_TYPE_NO_WEBSITE &&
    !facts.isPartner &&
    !facts.acting &&
    !facts.hasBusinessExemption &&
    !isOldAccount(facts.accountCreatedAt, facts.now)
  );
}

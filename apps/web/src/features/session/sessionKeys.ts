// saving.md §9 "Session storage keys track last visited pages, invite-code redemption and
// paid-traffic landing" (docs/decisions/133). Session storage: per tab, gone when it closes.
// Every access tolerates a storage that refuses (private modes, quotas): tracking never breaks
// a page.

export const SESSION_KEYS = {
  lastVisitedPages: 'corkboard.lastVisitedPages',
  inviteCodeRedemption: 'corkboard.inviteCodeRedemption',
  paidTrafficLanding: 'corkboard.paidTrafficLanding',
} as const;

/** How many pages the last-visited list keeps, newest first. */
export const LAST_VISITED_PAGES_MAX = 10;
/** The query parameter that carries an invite code (saving.md §7 UserFollowResource invite_code). */
export const INVITE_CODE_PARAM = 'invite_code';
const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;
/** utm_medium values that mean the visit was paid for. */
export const PAID_UTM_MEDIUMS = ['cpc', 'ppc', 'paid', 'paidsocial', 'paid_social', 'display'];
/** Click ids ad networks add to paid clicks. */
export const PAID_CLICK_IDS = ['gclid', 'msclkid', 'dclid'];

export interface InviteCodeRedemption {
  readonly code: string;
  readonly landed_at: string;
  /** When a follow sent it; null while not redeemed. */
  readonly redeemed_at: string | null;
}

export interface PaidTrafficLanding {
  /** The first page of the visit, path and query. */
  readonly path: string;
  /** The utm_source, else the click id's name. */
  readonly source: string;
  readonly at: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read<T>(storage: Store, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(storage: Store, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage only loses tracking.
  }
}

export function readLastVisitedPages(storage: Store): string[] {
  const value = read<unknown>(storage, SESSION_KEYS.lastVisitedPages);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function readInviteCodeRedemption(storage: Store): InviteCodeRedemption | null {
  const value = read<InviteCodeRedemption>(storage, SESSION_KEYS.inviteCodeRedemption);
  return value && typeof value.code === 'string' && INVITE_CODE.test(value.code) ? value : null;
}

export function readPaidTrafficLanding(storage: Store): PaidTrafficLanding | null {
  const value = read<PaidTrafficLanding>(storage, SESSION_KEYS.paidTrafficLanding);
  return value && typeof value.path === 'string' ? value : null;
}

function paidSource(params: URLSearchParams): string | null {
  const medium = params.get('utm_medium')?.toLowerCase();
  if (medium && PAID_UTM_MEDIUMS.includes(medium)) return params.get('utm_source') ?? medium;
  return PAID_CLICK_IDS.find((name) => params.has(name)) ?? null;
}

/** One page of the visit: the last-visited list, an invite code it carries, a paid landing. */
export function recordPageVisit(storage: Store, pathname: string, search: string, now: Date) {
  const path = `${pathname}${search}`;
  const pages = readLastVisitedPages(storage);
  if (pages[0] !== path) {
    write(
      storage,
      SESSION_KEYS.lastVisitedPages,
      [path, ...pages].slice(0, LAST_VISITED_PAGES_MAX),
    );
  }
  const params = new URLSearchParams(search);
  const code = params.get(INVITE_CODE_PARAM)?.trim() ?? '';
  if (INVITE_CODE.test(code) && readInviteCodeRedemption(storage)?.code !== code) {
    const redemption: InviteCodeRedemption = {
      code,
      landed_at: now.toISOString(),
      redeemed_at: null,
    };
    write(storage, SESSION_KEYS.inviteCodeRedemption, redemption);
  }
  const source = paidSource(params);
  // Only the first paid landing of the visit counts.
  if (source !== null && readPaidTrafficLanding(storage) === null) {
    const landing: PaidTrafficLanding = { path, source, at: now.toISOString() };
    write(storage, SESSION_KEYS.paidTrafficLanding, landing);
  }
}

/** The invite code a follow should send: landed on and not yet redeemed. */
export function pendingInviteCode(storage: Store): string | null {
  const redemption = readInviteCodeRedemption(storage);
  return redemption && redemption.redeemed_at === null ? redemption.code : null;
}

export function markInviteCodeRedeemed(storage: Store, code: string, now: Date): void {
  const redemption = readInviteCodeRedemption(storage);
  if (redemption?.code !== code) return;
  write(storage, SESSION_KEYS.inviteCodeRedemption, {
    ...redemption,
    redeemed_at: now.toISOString(),
  });
}

/** The browser's session storage, or null where reading it throws. */
export function browserSessionStorage(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

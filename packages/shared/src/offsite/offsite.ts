// Offsite links (business.md §2.2, §3 "Offsite check response", §5.3, §7; auth.md §2;
// docs/decisions/080). Every outbound pin link in the web goes through the /offsite/ page, which
// asks GET /v3/offsite/?check_only=true and either goes on to the checked URL or explains why
// it will not. The server and the web share these rules and names.

/** The web page every outbound link goes through. */
export const OFFSITE_PAGE_PATH = '/offsite/';
/** The check the page (and the business side's ad review) asks. */
export const OFFSITE_CHECK_PATH = '/v3/offsite/';

/** business.md §5.3: "Offsite links carry a random token between 0 and 1000" (both included). */
export const OFFSITE_TOKEN_MAX = 1000;

/** Longest URL we check or redirect to; the saving side refuses longer pin links anyway. */
export const OFFSITE_URL_MAX_LENGTH = 2048;
/** client_tracking_params / aux_data are passed through for logging only, never interpreted. */
export const OFFSITE_PASSTHROUGH_MAX_LENGTH = 1024;

/**
 * What the check answers in `redirect_status`. `ok` goes on; the other three are refused
 * (business.md §5.3, §8 "blocked, suspicious and porn statuses are refused").
 */
export const OFFSITE_STATUSES = ['ok', 'blocked', 'suspicious', 'porn'] as const;
export type OffsiteStatus = (typeof OFFSITE_STATUSES)[number];
export const REFUSED_OFFSITE_STATUSES = ['blocked', 'suspicious', 'porn'] as const;
export type RefusedOffsiteStatus = (typeof REFUSED_OFFSITE_STATUSES)[number];

export function isRefusedOffsiteStatus(status: OffsiteStatus): status is RefusedOffsiteStatus {
  return status !== 'ok';
}

/**
 * What an operator can say about a domain on the admin list: one of the refused statuses, or
 * `allowed` (reviewed and fine: the URL-reputation service is not asked about it).
 */
export const OFFSITE_LIST_STATUSES = ['blocked', 'suspicious', 'porn', 'allowed'] as const;
export type OffsiteListStatus = (typeof OFFSITE_LIST_STATUSES)[number];

/** Where a verdict came from (for the ad review and the logs; the web does not need it). */
export type OffsiteVerdictSource = 'admin_list' | 'safe_browsing' | 'none';

/** GET /v3/offsite/?check_only=true → data (business.md §3 "Offsite check response"). */
export interface OffsiteCheckAnswer {
  redirect_status: OffsiteStatus;
  /** The URL as checked (normalised); the only URL the page may go on to. */
  url: string;
  /**
   * True when the page may go on without asking: the URL is the link of the pin named in the
   * request. Otherwise the page shows the destination and lets the person choose (no open
   * redirect through our domain; ADR 080).
   */
  direct: boolean;
}

/** The /offsite/ query parameters (business.md §2.2). */
export interface OffsiteLinkParams {
  url: string;
  pinId?: string | undefined;
  isThirdPartyAd?: boolean | undefined;
  csr?: string | undefined;
  clientTrackingParams?: string | undefined;
  auxData?: string | undefined;
}

/** A random integer in [0, OFFSITE_TOKEN_MAX]. */
export function offsiteToken(random: () => number = Math.random): number {
  return Math.min(OFFSITE_TOKEN_MAX, Math.floor(random() * (OFFSITE_TOKEN_MAX + 1)));
}

/** `/offsite/?token=&url=&pin=&isThirdPartyAd=&csr=&client_tracking_params=&aux_data=`. */
export function offsiteHref(params: OffsiteLinkParams, random: () => number = Math.random): string {
  const query = new URLSearchParams();
  query.set('token', String(offsiteToken(random)));
  query.set('url', params.url);
  if (params.pinId !== undefined) query.set('pin', params.pinId);
  query.set('isThirdPartyAd', params.isThirdPartyAd ? 'true' : 'false');
  if (params.csr !== undefined) query.set('csr', params.csr);
  if (params.clientTrackingParams !== undefined) {
    query.set('client_tracking_params', params.clientTrackingParams);
  }
  if (params.auxData !== undefined) query.set('aux_data', params.auxData);
  return `${OFFSITE_PAGE_PATH}?${query.toString()}`;
}

/**
 * The URL when it may leave through /offsite/ at all: absolute, http or https, no user name or
 * password (`https://corkboard.example@evil.example/` reads as ours and goes elsewhere), at most
 * OFFSITE_URL_MAX_LENGTH characters. Undefined otherwise (business.md §5.3 "must begin with http
 * or https").
 */
export function parseOffsiteUrl(value: string | null | undefined): URL | undefined {
  if (!value || value.length > OFFSITE_URL_MAX_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
  return url;
}

/** A host name without a trailing dot, lower case (how the list and the checks compare hosts). */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.+$/, '');
}

/**
 * business.md §5.3 "must not be internal": the host is ours or a subdomain of ours (ports do not
 * matter: every port of our host is ours).
 */
export function isInternalHost(host: string, ownHost: string): boolean {
  const candidate = normaliseHost(host);
  const own = normaliseHost(ownHost);
  return candidate === own || candidate.endsWith(`.${own}`);
}

/**
 * The hosts an admin-list entry for `host` may be written as, most specific first:
 * `a.b.example.com` → a.b.example.com, b.example.com, example.com (never the bare TLD).
 */
export function hostSuffixes(host: string): string[] {
  const labels = normaliseHost(host).split('.');
  const suffixes: string[] = [];
  for (let i = 0; i < labels.length - 1; i += 1) suffixes.push(labels.slice(i).join('.'));
  if (labels.length === 1 && labels[0]) suffixes.push(labels[0]);
  return suffixes;
}

const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * An admin-list domain as typed (`Evil.Example.`, `www.evil.example`), normalised; undefined when
 * it is not a bare host name (a scheme, path, port, IP literal with a port, or bad label).
 */
export function parseListDomain(value: string): string | undefined {
  const host = normaliseHost(value);
  if (host.length === 0 || host.length > 253) return undefined;
  const labels = host.split('.');
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return undefined;
  return host;
}

/** A domain on the admin list (GET /v3/admin/offsite/). */
export interface AdminOffsiteDomain {
  domain: string;
  status: OffsiteListStatus;
  /** Why it is listed (for other operators). */
  note: string;
  updated_at: string;
  updated_by: string | null;
}

/** PUT /v3/admin/offsite/{domain}/ body. */
export interface AdminOffsiteDomainBody {
  status: OffsiteListStatus;
  note?: string | undefined;
}

export const OFFSITE_NOTE_MAX_LENGTH = 300;

/** GET /v3/admin/offsite/check/?url= → data: what the check says about a URL, and why. */
export interface AdminOffsiteCheck {
  url: string;
  redirect_status: OffsiteStatus;
  source: OffsiteVerdictSource;
  /** The list entry that decided, when the list did. */
  listed_domain: string | null;
  /** The reputation service's threat types, when it matched. */
  threat_types: string[];
  /** False when the reputation service was configured but could not answer (fail open). */
  reputation_checked: boolean;
}

// Search advisories (business.md §2.4, §3 "Search advisory" / "Text tag", §9;
// docs/decisions/073). Operators map terms and patterns to advisories; a search whose query
// matches one carries it, and the results page shows it as a banner. The API and the web share
// these names, limits and rules.
import { foldText } from '../saving/fold.ts';

/** business.md §3 / §9: "Severity: ABUSIVE 0, SENSITIVE 1, BRAND_UNSAFE 2". */
export const ADVISORY_SEVERITY = { ABUSIVE: 0, SENSITIVE: 1, BRAND_UNSAFE: 2 } as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITY)[keyof typeof ADVISORY_SEVERITY];
export const ADVISORY_SEVERITIES: readonly AdvisorySeverity[] = [0, 1, 2];
export const ADVISORY_SEVERITY_NAMES: Record<AdvisorySeverity, keyof typeof ADVISORY_SEVERITY> = {
  0: 'ABUSIVE',
  1: 'SENSITIVE',
  2: 'BRAND_UNSAFE',
};

/** business.md §2.4 / §9: "Advisory types 4 and 14 show actions." */
export const ADVISORY_TYPES_WITH_ACTIONS: readonly number[] = [4, 14];

export function advisoryShowsActions(advisoryType: number): boolean {
  return ADVISORY_TYPES_WITH_ACTIONS.includes(advisoryType);
}

/** advisory_type is a small number (the spec names 4 and 14); ADR 073 caps it. */
export const ADVISORY_TYPE_MAX = 99;

/**
 * How an entry matches a query (ADR 073): `term` — the whole folded query equals the folded
 * term; `pattern` — a glob over the whole folded query where `*` stands for any run of
 * characters (`*self harm*` matches any query containing "self harm").
 */
export const ADVISORY_MATCH_KINDS = ['term', 'pattern'] as const;
export type AdvisoryMatchKind = (typeof ADVISORY_MATCH_KINDS)[number];

/** Notice styles; `phone_support` is the phone-support variant (business.md §2.4). */
export const ADVISORY_NOTICE_STYLES = ['info', 'warning', 'phone_support'] as const;
export type AdvisoryNoticeStyle = (typeof ADVISORY_NOTICE_STYLES)[number];

/** Text tag kinds: a link over the tagged range, or bold text. */
export const ADVISORY_TAG_TYPES = ['link', 'bold'] as const;
export type AdvisoryTagType = (typeof ADVISORY_TAG_TYPES)[number];

/** Limits of one entry (ADR 073). */
export const ADVISORY_LIMITS = {
  matchText: 200,
  advisory: 100,
  notices: 3,
  title: 200,
  text: 1000,
  tags: 20,
  actions: 3,
  buttonText: 60,
  link: 2000,
  footer: 500,
  phoneNumber: 30,
} as const;

/** The operators' list holds at most this many entries (each search checks every pattern). */
export const SEARCH_ADVISORY_LIST_MAX = 1000;

/** A range of a description's text (offset and length in UTF-16 units, as JavaScript counts). */
export interface AdvisoryTextTag {
  offset: number;
  length: number;
  tagType: AdvisoryTagType;
  /** The link of a `link` tag (a safe link, see isSafeAdvisoryLink); null for `bold`. */
  link: string | null;
}

export interface AdvisoryAction {
  button_text: string;
  link: string;
}

export interface AdvisoryNotice {
  style: AdvisoryNoticeStyle;
  title: string;
  description: { text: string; text_tags: AdvisoryTextTag[] };
  /** Shown only for advisory types 4 and 14. */
  actions: AdvisoryAction[];
  footer: string | null;
  /** The number to call in the phone-support variant; null otherwise. */
  phone_number: string | null;
}

/** What a search answer carries (business.md §3 "Search advisory"). */
export interface SearchAdvisory {
  id: string;
  advisory: string;
  severity: AdvisorySeverity;
  advisory_type: number;
  /** ISO 3166-1 alpha-2; the entry applies only to people from this country. Null: everyone. */
  resource_country: string | null;
  notices: AdvisoryNotice[];
}

/** An entry of the operators' list (GET /v3/admin/search-advisories/). */
export interface AdminSearchAdvisory extends SearchAdvisory {
  match_kind: AdvisoryMatchKind;
  match_text: string;
  updated_at: string;
  updated_by: string | null;
}

/** POST / PUT /v3/admin/search-advisories/ body. */
export interface SearchAdvisoryInput {
  match_kind: AdvisoryMatchKind;
  match_text: string;
  advisory: string;
  severity: AdvisorySeverity;
  advisory_type: number;
  resource_country: string | null;
  notices: AdvisoryNotice[];
}

/**
 * Links an advisory may carry (ADR 073): absolute http(s) URLs, or a path on our own site
 * (`/…`, but not `//host` or `/\host`, which browsers read as another host).
 */
export function isSafeAdvisoryLink(link: string): boolean {
  if (link.startsWith('/')) {
    return !link.startsWith('//') && !link.startsWith('/\\') && !/[\s\\]/.test(link);
  }
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A phone number as an operator types it: digits, spaces, dots, dashes, brackets, leading +. */
export const ADVISORY_PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{2,28}[0-9]$/;

/** The tel: address of a phone number (digits and a leading +; formatting dropped). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^0-9]/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The form queries and terms are matched in (ADR 073): accents and case folded (as search does),
 * whitespace runs made one space, trimmed.
 */
export function foldAdvisoryText(text: string): string {
  return foldText(text).replace(/\s+/gu, ' ').trim();
}

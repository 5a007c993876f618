// Offsite link checks (business.md §5.3, §7; auth.md §2; docs/decisions/080).
//
// `checkOutboundUrl(deps, url)` is the one check: the product's /offsite/ page asks it through
// GET /v3/offsite/, and the business side's ad review calls it directly. Order:
//   1. only absolute http/https URLs without credentials (OFFSITE_URL_NOT_HTTP);
//   2. never our own host or its subdomains (OFFSITE_URL_INTERNAL);
//   3. the operators' domain list: the most specific listed parent domain decides (`allowed`
//      means reviewed and fine, and skips step 4);
//   4. when configured, the Safe Browsing adapter: MALWARE and SOCIAL_ENGINEERING → blocked,
//      UNWANTED_SOFTWARE, POTENTIALLY_HARMFUL_APPLICATION and anything else → suspicious.
//      Verdicts are cached per URL (matches for the service's cacheDuration, clean answers for
//      SAFE_BROWSING_CLEAN_TTL_MS). When the service cannot answer the check FAILS OPEN: the
//      verdict is ok with `reputationChecked: false` (logged, not cached), so an outage does not
//      break every outbound link; the ad review reads the flag and can hold an ad instead.
// Clicks (every GET /v3/offsite/ from our own pages) are recorded for ad reporting, once per
// person and link within CLICK_DEDUP_WINDOW_MS, or per /offsite/ token within a day.
import { LRUCache } from 'lru-cache';
import { AppError } from '@corkboard/shared/app-error';
import {
  hostSuffixes,
  isInternalHost,
  OFFSITE_LIST_STATUSES,
  parseListDomain,
  parseOffsiteUrl,
  type AdminOffsiteCheck,
  type AdminOffsiteDomain,
  type OffsiteListStatus,
  type OffsiteStatus,
  type OffsiteVerdictSource,
} from '@corkboard/shared/offsite/offsite';
import type { AppConfig } from '../../config/config.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeOffsetBookmark, offsetPage, type Page } from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { visiblePinSource } from '../pins/pins.service.ts';
import {
  countClicksByStatus,
  countDomains,
  countOkClicksByPin,
  deleteDomain,
  domainExists,
  findListedDomains,
  hasDuplicateClick,
  insertClick,
  listDomains,
  lockSubject,
  upsertDomain,
} from './offsite.repository.ts';
import { lookupUrl, SafeBrowsingUnavailableError } from './safe-browsing.adapter.ts';

/** Not in the spec: how long a clean Safe Browsing answer is trusted. */
export const SAFE_BROWSING_CLEAN_TTL_MS = 5 * 60_000;
/** A match is cached for the service's cacheDuration, kept within these bounds. */
export const SAFE_BROWSING_MATCH_TTL_MIN_MS = 60_000;
export const SAFE_BROWSING_MATCH_TTL_MAX_MS = 60 * 60_000;
/** Verdicts kept per server process. */
export const SAFE_BROWSING_CACHE_MAX_ENTRIES = 10_000;
/** Not in the spec: the operators' list holds at most this many domains. */
export const OFFSITE_DOMAIN_LIST_MAX = 10_000;
/** A second click on the same link by the same person within this window is the same click. */
export const CLICK_DEDUP_WINDOW_MS = 60_000;
/** A reload of the same /offsite/ page (same token) within this window is the same click. */
export const CLICK_TOKEN_DEDUP_WINDOW_MS = 24 * 60 * 60_000;
/** Admin list pages: offset bookmarks up to the whole list. */
const DOMAIN_LIST_MAX_RESULTS = OFFSITE_DOMAIN_LIST_MAX;

const STATUS_BY_THREAT: Readonly<Record<string, OffsiteStatus>> = {
  MALWARE: 'blocked',
  SOCIAL_ENGINEERING: 'blocked',
  UNWANTED_SOFTWARE: 'suspicious',
  POTENTIALLY_HARMFUL_APPLICATION: 'suspicious',
};
/** Worse first: when several threat types match, the worst decides. */
const SEVERITY: readonly OffsiteStatus[] = ['blocked', 'porn', 'suspicious', 'ok'];

/** Threat type → status (an unknown type is suspicious, never ok). */
export function statusForThreat(threatType: string): OffsiteStatus {
  return STATUS_BY_THREAT[threatType] ?? 'suspicious';
}

export function worstStatus(statuses: readonly OffsiteStatus[]): OffsiteStatus {
  for (const status of SEVERITY) if (statuses.includes(status)) return status;
  return 'ok';
}

export interface OutboundVerdict {
  /** The URL as checked (normalised by the URL parser). */
  url: string;
  host: string;
  status: OffsiteStatus;
  source: OffsiteVerdictSource;
  listedDomain: string | null;
  threatTypes: string[];
  /** False when Safe Browsing is configured but could not answer (the check failed open). */
  reputationChecked: boolean;
}

interface CachedReputation {
  threatTypes: string[];
}

// One verdict cache per app (keyed by its config object), so test apps never share verdicts.
const caches = new WeakMap<AppConfig, LRUCache<string, CachedReputation>>();

function cacheFor(config: AppConfig, now: () => Date): LRUCache<string, CachedReputation> {
  let cache = caches.get(config);
  if (!cache) {
    cache = new LRUCache<string, CachedReputation>({
      max: SAFE_BROWSING_CACHE_MAX_ENTRIES,
      // The app's clock, so expiry follows AppDeps.now like every other time rule; no
      // ttlResolution, which would keep a stale "now" until a real timer fires.
      perf: { now: () => now().getTime() },
      ttlResolution: 0,
    });
    caches.set(config, cache);
  }
  return cache;
}

function matchTtl(durations: (number | undefined)[]): number {
  const given = durations.filter((value): value is number => value !== undefined);
  const shortest = given.length > 0 ? Math.min(...given) : SAFE_BROWSING_MATCH_TTL_MIN_MS;
  return Math.min(
    SAFE_BROWSING_MATCH_TTL_MAX_MS,
    Math.max(SAFE_BROWSING_MATCH_TTL_MIN_MS, shortest),
  );
}

async function reputationOf(
  deps: Pick<AppDeps, 'config' | 'log' | 'now'>,
  url: string,
): Promise<CachedReputation | undefined> {
  const provider = deps.config.providers.safeBrowsing;
  if (!provider) return { threatTypes: [] };
  const cache = cacheFor(deps.config, deps.now);
  const cached = cache.get(url);
  if (cached) return cached;
  try {
    const matches = await lookupUrl(provider, url);
    const verdict = { threatTypes: [...new Set(matches.map((match) => match.threatType))] };
    const ttl =
      matches.length === 0
        ? SAFE_BROWSING_CLEAN_TTL_MS
        : matchTtl(matches.map((match) => match.cacheDurationMs));
    cache.set(url, verdict, { ttl });
    return verdict;
  } catch (error) {
    if (!(error instanceof SafeBrowsingUnavailableError)) throw error;
    // The URL may carry personal data in its query: log the host only.
    deps.log.warn(
      { err: error, host: new URL(url).hostname },
      'offsite: Safe Browsing unavailable, failing open',
    );
    return undefined;
  }
}

function mostSpecific<T extends { domain: string }>(rows: T[], suffixes: string[]): T | undefined {
  for (const suffix of suffixes) {
    const row = rows.find((candidate) => candidate.domain === suffix);
    if (row) return row;
  }
  return undefined;
}

/**
 * The verdict for an outbound URL (see the file comment). Throws OFFSITE_URL_NOT_HTTP or
 * OFFSITE_URL_INTERNAL for URLs that may never leave through /offsite/.
 */
export async function checkOutboundUrl(
  deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'publicUrl' | 'now'>,
  rawUrl: string,
): Promise<OutboundVerdict> {
  const parsed = parseOffsiteUrl(rawUrl);
  if (!parsed) throw new AppError('OFFSITE_URL_NOT_HTTP');
  if (isInternalHost(parsed.hostname, new URL(deps.publicUrl).hostname)) {
    throw new AppError('OFFSITE_URL_INTERNAL');
  }
  const url = parsed.href;
  const host = parsed.hostname;
  const suffixes = hostSuffixes(host);
  const listed = mostSpecific(await findListedDomains(deps.db, suffixes), suffixes);
  const base = { url, host, threatTypes: [], reputationChecked: true };
  if (listed) {
    return {
      ...base,
      status: listed.status === 'allowed' ? 'ok' : listed.status,
      source: 'admin_list',
      listedDomain: listed.domain,
    };
  }
  const reputation = await reputationOf(deps, url);
  if (!reputation) {
    return { ...base, status: 'ok', source: 'none', listedDomain: null, reputationChecked: false };
  }
  const status = worstStatus(reputation.threatTypes.map(statusForThreat));
  return {
    ...base,
    status,
    source: status === 'ok' ? 'none' : 'safe_browsing',
    listedDomain: null,
    threatTypes: reputation.threatTypes,
  };
}

// ---- the /offsite/ page's check and the click log ----------------------------------------

export interface OffsiteCheckRequest {
  url: string;
  pinId: string | undefined;
  isThirdPartyAd: boolean;
  token: number | undefined;
  /** Record the click (false for requests from other sites' pages). */
  countClick: boolean;
  /** The page's `client_tracking_params` (a promoted pin's tracking params). */
  trackingParams?: string | undefined;
}

/**
 * A counted click that went through (status ok) on a pin the viewer may see: a promoted pin's
 * when marked isThirdPartyAd with its tracking params, else an organic one.
 */
export interface PinOutboundClick {
  viewer: Viewer | null;
  pinId: string;
  isThirdPartyAd: boolean;
  trackingParams: string | undefined;
}

export type PinOutboundClickListener = (click: PinOutboundClick) => Promise<void>;

// Per app (keyed by its config object, like the verdict cache), so test apps never share them.
const pinClickListeners = new WeakMap<AppConfig, PinOutboundClickListener[]>();

/**
 * Ad delivery (issue 11) learns of outbound pin clicks here rather than offsite knowing about
 * ads — paid ones (isThirdPartyAd, ADR 104) and earned ones (ADR 191): the listener runs after
 * the click is recorded; its failure is logged, never the person's problem.
 */
export function onPinOutboundClick(
  deps: Pick<AppDeps, 'config'>,
  listener: PinOutboundClickListener,
): void {
  pinClickListeners.set(deps.config, [...(pinClickListeners.get(deps.config) ?? []), listener]);
}

export interface OffsiteCheckResult {
  verdict: OutboundVerdict;
  /** The URL is the named pin's own link: the page may go on without asking. */
  direct: boolean;
}

/** Who clicked: the person when signed in, else the visitor id (ADR 080). */
export function clickSubject(viewer: Viewer | null, visitorId: string): string {
  return viewer ? `u:${viewer.id}` : `v:${visitorId}`;
}

function sameLink(pinLink: string | null, url: string): boolean {
  if (pinLink === null) return false;
  return parseOffsiteUrl(pinLink)?.href === url;
}

/** GET /v3/offsite/: the verdict, whether the page may go on directly, and the click. */
export async function checkOffsiteClick(
  deps: AppDeps,
  viewer: Viewer | null,
  visitorId: string,
  request: OffsiteCheckRequest,
): Promise<OffsiteCheckResult> {
  const verdict = await checkOutboundUrl(deps, request.url);
  const pin =
    request.pinId === undefined
      ? undefined
      : await visiblePinSource(deps.db, viewer, request.pinId);
  const direct = verdict.status === 'ok' && pin !== undefined && sameLink(pin.link, verdict.url);
  if (request.countClick) {
    const counted = await recordClick(deps, {
      subject: clickSubject(viewer, visitorId),
      userId: viewer?.id ?? null,
      visitorId: viewer ? null : visitorId,
      // A pin the viewer may not see is not credited (its id could be guessed).
      pinId: pin?.id ?? null,
      isThirdPartyAd: request.isThirdPartyAd,
      url: verdict.url,
      domain: verdict.host,
      status: verdict.status,
      token: request.token ?? null,
    });
    if (counted && pin !== undefined && verdict.status === 'ok') {
      const click: PinOutboundClick = {
        viewer,
        pinId: pin.id,
        isThirdPartyAd: request.isThirdPartyAd,
        trackingParams: request.trackingParams,
      };
      for (const listener of pinClickListeners.get(deps.config) ?? []) {
        await listener(click).catch((error: unknown) => {
          deps.log.error({ err: error }, 'offsite: pin click listener failed');
        });
      }
    }
  }
  return { verdict, direct };
}

async function recordClick(
  deps: Pick<AppDeps, 'db' | 'now'>,
  click: Parameters<typeof insertClick>[1],
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockSubject(trx, click.subject);
    const duplicate = await hasDuplicateClick(
      trx,
      click,
      new Date(now.getTime() - CLICK_DEDUP_WINDOW_MS),
      new Date(now.getTime() - CLICK_TOKEN_DEDUP_WINDOW_MS),
    );
    if (!duplicate) await insertClick(trx, click, now);
    return !duplicate;
  });
}

/**
 * For ad reporting (issue 11): clicks that went through (status ok) per pin in [from, to),
 * optionally only those marked as third-party ads. Pins without clicks are 0.
 */
export async function offsiteClickCounts(
  deps: Pick<AppDeps, 'db'>,
  query: { pinIds: string[]; from: Date; to: Date; thirdPartyAdOnly?: boolean },
): Promise<Map<string, number>> {
  const rows = await countOkClicksByPin(
    deps.db,
    query.pinIds,
    query.from,
    query.to,
    query.thirdPartyAdOnly ?? false,
  );
  const counts = new Map(query.pinIds.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.pin_id, Number(row.clicks));
  return counts;
}

// ---- the operators' list ----------------------------------------------------------------

function domainOrThrow(value: string): string {
  const domain = parseListDomain(value);
  if (!domain) throw new AppError('OFFSITE_DOMAIN_INVALID');
  return domain;
}

export async function listOffsiteDomains(
  deps: Pick<AppDeps, 'db'>,
  search: string | undefined,
  page: PageRequest,
): Promise<Page<AdminOffsiteDomain>> {
  const offset = decodeOffsetBookmark(page.bookmark, DOMAIN_LIST_MAX_RESULTS);
  const rows = await listDomains(deps.db, search?.trim().toLowerCase(), offset, page.pageSize + 1);
  return offsetPage(rows, offset, page.pageSize, DOMAIN_LIST_MAX_RESULTS, (row) => ({
    domain: row.domain,
    status: row.status,
    note: row.note,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by_username,
  }));
}

export async function setOffsiteDomain(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  rawDomain: string,
  entry: { status: OffsiteListStatus; note: string },
): Promise<string> {
  const domain = domainOrThrow(rawDomain);
  if (!OFFSITE_LIST_STATUSES.includes(entry.status)) throw new AppError('VALIDATION_FAILED');
  await deps.db.transaction().execute(async (trx) => {
    // The cap holds for concurrent adds too: one list writer at a time.
    await lockSubject(trx, 'domain-list');
    if (
      !(await domainExists(trx, domain)) &&
      (await countDomains(trx)) >= OFFSITE_DOMAIN_LIST_MAX
    ) {
      throw new AppError('OFFSITE_DOMAIN_LIST_FULL', { data: { max: OFFSITE_DOMAIN_LIST_MAX } });
    }
    await upsertDomain(trx, { domain, ...entry, updatedBy: viewer.id }, deps.now());
  });
  deps.log.info({ by: viewer.id, domain, status: entry.status }, 'offsite: domain listed');
  return domain;
}

export async function removeOffsiteDomain(
  deps: Pick<AppDeps, 'db' | 'log'>,
  viewer: Viewer,
  rawDomain: string,
): Promise<string> {
  const domain = domainOrThrow(rawDomain);
  if (!(await deleteDomain(deps.db, domain))) throw new AppError('OFFSITE_DOMAIN_NOT_FOUND');
  deps.log.info({ by: viewer.id, domain }, 'offsite: domain removed');
  return domain;
}

/** What the check says about a URL, for operators trying the list out. */
export async function explainOutboundUrl(
  deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'publicUrl' | 'now'>,
  url: string,
): Promise<AdminOffsiteCheck> {
  const verdict = await checkOutboundUrl(deps, url);
  return {
    url: verdict.url,
    redirect_status: verdict.status,
    source: verdict.source,
    listed_domain: verdict.listedDomain,
    threat_types: verdict.threatTypes,
    reputation_checked: verdict.reputationChecked,
  };
}

/** Clicks per status since `days` ago (the admin page's summary). */
export async function clickSummary(
  deps: Pick<AppDeps, 'db' | 'now'>,
  days: number,
): Promise<Record<OffsiteStatus, number>> {
  const since = new Date(deps.now().getTime() - days * 24 * 60 * 60_000);
  const summary: Record<OffsiteStatus, number> = { ok: 0, blocked: 0, suspicious: 0, porn: 0 };
  for (const row of await countClicksByStatus(deps.db, since)) {
    summary[row.status] = Number(row.clicks);
  }
  return summary;
}

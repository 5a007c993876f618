// The ad review's destination check (business.md §5.3; docs/decisions/103). One entry point,
// `checkDestinationUrl(deps, url)`. Until disc-platform's offsite check is merged it applies the
// rules itself: http(s) only, never internal, the SSRF-safe fetcher's address and port rules
// (no private or reserved IP literal, no blocked port, no credentials in the URL), the
// operators' deny-list, and the URL-reputation service (Safe Browsing v4 Lookup API shape; the
// loopback peer in development and tests). At merge it delegates to `checkOutboundUrl`.
import { isIP } from 'node:net';
import type { AppDeps } from '../../core/app-deps.ts';
import { BLOCKED_PORTS } from '../../lib/safe-fetch.ts';
import { isPublicAddress } from '../../lib/ip-ranges.ts';
import { deniedDomain } from './ads.repository.ts';

/** business.md §5.3 "redirect_status" values; blocked, suspicious and porn are refused. */
export type DestinationStatus = 'ok' | 'invalid' | 'internal' | 'blocked' | 'suspicious' | 'porn';

export interface DestinationVerdict {
  status: DestinationStatus;
  /** True when the reputation service could not answer: a person must look. */
  unverified: boolean;
}

/** Not in the spec: how long the reputation lookup may take before the ad waits for a person. */
export const REPUTATION_TIMEOUT_MS = 5_000;

const MALWARE_TYPES = new Set(['MALWARE', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION']);

/** The syntactic part: what a person can fix in the form (answered as 400 at submit). */
export function destinationSyntax(
  raw: string,
  publicUrl: string,
): { status: 'ok' | 'invalid' | 'internal'; url?: URL } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { status: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { status: 'invalid' };
  if (url.username !== '' || url.password !== '') return { status: 'invalid' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) {
    return { status: 'internal' };
  }
  if (host === new URL(publicUrl).hostname.toLowerCase()) return { status: 'internal' };
  if (isIP(host) !== 0 && !isPublicAddress(host)) return { status: 'internal' };
  if (url.port !== '' && BLOCKED_PORTS.has(Number(url.port))) return { status: 'invalid' };
  return { status: 'ok', url };
}

async function reputation(
  deps: Pick<AppDeps, 'config' | 'log'>,
  url: string,
): Promise<{ status: 'ok' | 'blocked' | 'suspicious'; unverified: boolean }> {
  const provider = deps.config.providers.safeBrowsing;
  // Not configured: the deny-list and a person's review are the checks.
  if (!provider) return { status: 'ok', unverified: true };
  try {
    const response = await fetch(
      `${provider.url}/v4/threatMatches:find?key=${encodeURIComponent(provider.apiKey)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client: { clientId: 'corkboard', clientVersion: '1.0.0' },
          threatInfo: {
            threatTypes: [
              'MALWARE',
              'SOCIAL_ENGINEERING',
              'UNWANTED_SOFTWARE',
              'POTENTIALLY_HARMFUL_APPLICATION',
            ],
            platformTypes: ['ANY_PLATFORM'],
            threatEntryTypes: ['URL'],
            threatEntries: [{ url }],
          },
        }),
        signal: AbortSignal.timeout(REPUTATION_TIMEOUT_MS),
      },
    );
    if (!response.ok) throw new Error(`reputation service answered ${response.status}`);
    const body = (await response.json()) as { matches?: { threatType?: string }[] };
    const matches = body.matches ?? [];
    if (matches.some((match) => MALWARE_TYPES.has(match.threatType ?? ''))) {
      return { status: 'blocked', unverified: false };
    }
    if (matches.length > 0) return { status: 'suspicious', unverified: false };
    return { status: 'ok', unverified: false };
  } catch (error) {
    deps.log.warn({ err: error }, 'ads: URL reputation lookup failed; the ad waits for a person');
    return { status: 'ok', unverified: true };
  }
}

/** The whole check a new or edited ad's destination goes through. */
export async function checkDestinationUrl(
  deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'publicUrl'>,
  raw: string,
): Promise<DestinationVerdict> {
  const syntax = destinationSyntax(raw, deps.publicUrl);
  if (syntax.status !== 'ok' || !syntax.url) return { status: syntax.status, unverified: false };
  const host = syntax.url.hostname.toLowerCase();
  if ((await deniedDomain(deps.db, host)) !== undefined) {
    return { status: 'blocked', unverified: false };
  }
  return reputation(deps, syntax.url.href);
}

// The ad review's destination check (business.md §5.3; docs/decisions/103). One entry point,
// `checkDestinationUrl(deps, url)`: http(s) only, never internal, the SSRF-safe fetcher's
// address and port rules (no private or reserved IP literal, no blocked port, no credentials in
// the URL), the ads deny-list, then disc-platform's offsite check `checkOutboundUrl` (operators'
// offsite list and the URL-reputation service, Safe Browsing v4 shape).
import { isIP } from 'node:net';
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import { BLOCKED_PORTS } from '../../lib/safe-fetch.ts';
import { isPublicAddress } from '../../lib/ip-ranges.ts';
import { checkOutboundUrl } from '../offsite/offsite.service.ts';
import { deniedDomain } from './ads.repository.ts';

/** business.md §5.3 "redirect_status" values; blocked, suspicious and porn are refused. */
export type DestinationStatus = 'ok' | 'invalid' | 'internal' | 'blocked' | 'suspicious' | 'porn';

export interface DestinationVerdict {
  status: DestinationStatus;
  /** True when the reputation service could not answer: a person must look. */
  unverified: boolean;
}

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

/**
 * The whole check a new or edited ad's destination goes through: the syntax above, the ads
 * deny-list, then disc-platform's offsite check (its operators' list and the URL-reputation
 * service), whose refusals (blocked, suspicious, porn) are the ad's.
 */
export async function checkDestinationUrl(
  deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'publicUrl' | 'now'>,
  raw: string,
): Promise<DestinationVerdict> {
  const syntax = destinationSyntax(raw, deps.publicUrl);
  if (syntax.status !== 'ok' || !syntax.url) return { status: syntax.status, unverified: false };
  const host = syntax.url.hostname.toLowerCase();
  if ((await deniedDomain(deps.db, host)) !== undefined) {
    return { status: 'blocked', unverified: false };
  }
  try {
    const verdict = await checkOutboundUrl(deps, syntax.url.href);
    return { status: verdict.status, unverified: !verdict.reputationChecked };
  } catch (error) {
    // The offsite check refusing a URL our syntax let through: never let it leave.
    if (error instanceof AppError) return { status: 'blocked', unverified: false };
    throw error;
  }
}

// The three proofs of website ownership (docs/decisions/127). The meta tag and the file are
// fetched from the site through the SSRF-safe fetcher (a site can point at our own network);
// the TXT record is asked of the configured DNS server (DNS_SERVER; the loopback DNS peer in
// development and tests) or the system's resolver.
import { Resolver } from 'node:dns/promises';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import {
  SITE_VERIFICATION_META_NAME,
  verificationFilePath,
  verificationTxtValue,
  type ClaimMethod,
} from '@corkboard/shared/claim/claim';
import { SafeFetchError, HTML_CONTENT_TYPES, type SafeFetcher } from '../../lib/safe-fetch.ts';

/** Decision: a proof page is read within 8 s (the fetcher's own deadline is longer). */
export const PROOF_FETCH_TIMEOUT_MS = 8_000;
/** Decision: the head of a home page sits in its first 512 KiB; the rest is not read. */
export const PROOF_PAGE_MAX_BYTES = 512 * 1024;
/** The verification file holds the token and little else. */
export const PROOF_FILE_MAX_BYTES = 4 * 1024;
/** Decision: one DNS try of 3 s, then one more. */
export const PROOF_DNS_TIMEOUT_MS = 3_000;
export const PROOF_DNS_TRIES = 2;

/** Why a proof did not hold (`data.reason` of WEBSITE_VERIFICATION_FAILED). */
export type ProofFailure =
  | 'meta_tag_missing'
  | 'meta_tag_mismatch'
  | 'file_missing'
  | 'file_mismatch'
  | 'record_missing'
  | 'redirected_elsewhere'
  | 'dns_unavailable';

export type ProofResult = { ok: true } | { ok: false; reason: ProofFailure };

/** Lower-case host without `www.`: how pins' link domains and verified_domains are written. */
export function domainOfHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

function isElement(node: DefaultTreeAdapterTypes.ChildNode): node is Element {
  return 'tagName' in node;
}

function child(parent: ParentNode, tagName: string): Element | undefined {
  return parent.childNodes.filter(isElement).find((node) => node.tagName === tagName);
}

/**
 * The `content` of every `<meta name="corkboard-site-verification">` in the document's head
 * (parse5 applies the HTML parsing algorithm, so a meta tag written before `<body>` lands in the
 * head even without a `<head>` tag; one inside the body does not count).
 */
export function verificationMetaContents(html: string): string[] {
  const document = parse(html);
  const htmlElement = child(document, 'html');
  const head = htmlElement ? child(htmlElement, 'head') : undefined;
  if (!head) return [];
  const contents: string[] = [];
  for (const node of head.childNodes) {
    if (!isElement(node) || node.tagName !== 'meta') continue;
    const attr = (name: string) => node.attrs.find((a) => a.name === name)?.value;
    if (attr('name')?.trim().toLowerCase() !== SITE_VERIFICATION_META_NAME) continue;
    contents.push((attr('content') ?? '').trim());
  }
  return contents;
}

function sameSite(finalUrl: string, domain: string): boolean {
  return domainOfHost(new URL(finalUrl).hostname) === domain;
}

/** The meta tag proof: the site's home page (`{origin}/`) carries the token in its head. */
export async function checkMetaTag(
  fetcher: SafeFetcher,
  origin: string,
  domain: string,
  token: string,
): Promise<ProofResult> {
  const response = await fetcher(`${origin}/`, {
    maxBytes: PROOF_PAGE_MAX_BYTES,
    onLimit: 'truncate',
    timeoutMs: PROOF_FETCH_TIMEOUT_MS,
    allowedContentTypes: HTML_CONTENT_TYPES,
    headers: { accept: 'text/html' },
  });
  if (!sameSite(response.url, domain)) return { ok: false, reason: 'redirected_elsewhere' };
  const contents = verificationMetaContents(response.body.toString('utf8'));
  if (contents.length === 0) return { ok: false, reason: 'meta_tag_missing' };
  return contents.includes(token) ? { ok: true } : { ok: false, reason: 'meta_tag_mismatch' };
}

/** The file proof: `{origin}/corkboard-{token}.html` exists and contains the token. */
export async function checkFile(
  fetcher: SafeFetcher,
  origin: string,
  domain: string,
  token: string,
): Promise<ProofResult> {
  let response;
  try {
    response = await fetcher(`${origin}${verificationFilePath(token)}`, {
      maxBytes: PROOF_FILE_MAX_BYTES,
      onLimit: 'truncate',
      timeoutMs: PROOF_FETCH_TIMEOUT_MS,
      allowedContentTypes: [...HTML_CONTENT_TYPES, 'text/plain'],
    });
  } catch (error) {
    if (error instanceof SafeFetchError && error.reason === 'http_status') {
      return { ok: false, reason: 'file_missing' };
    }
    throw error;
  }
  if (!sameSite(response.url, domain)) return { ok: false, reason: 'redirected_elsewhere' };
  return response.body.toString('utf8').includes(token)
    ? { ok: true }
    : { ok: false, reason: 'file_mismatch' };
}

const MISSING_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/** The DNS proof: a TXT record `corkboard-site-verification={token}` on the domain itself. */
export async function checkTxtRecord(
  dnsServer: string | undefined,
  domain: string,
  token: string,
): Promise<ProofResult> {
  const resolver = new Resolver({ timeout: PROOF_DNS_TIMEOUT_MS, tries: PROOF_DNS_TRIES });
  if (dnsServer !== undefined) resolver.setServers([dnsServer]);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(domain);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return { ok: false, reason: MISSING_CODES.has(code) ? 'record_missing' : 'dns_unavailable' };
  }
  // A long TXT value arrives in 255-byte strings; the record is their concatenation.
  const wanted = verificationTxtValue(token);
  return records.some((chunks) => chunks.join('').trim() === wanted)
    ? { ok: true }
    : { ok: false, reason: 'record_missing' };
}

export async function checkProof(
  deps: { fetcher: SafeFetcher; dnsServer: string | undefined },
  method: ClaimMethod,
  site: { origin: string; domain: string },
  token: string,
): Promise<ProofResult> {
  switch (method) {
    case 'meta':
      return checkMetaTag(deps.fetcher, site.origin, site.domain, token);
    case 'file':
      return checkFile(deps.fetcher, site.origin, site.domain, token);
    case 'dns':
      return checkTxtRecord(deps.dnsServer, site.domain, token);
  }
}

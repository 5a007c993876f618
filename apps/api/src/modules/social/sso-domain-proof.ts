// Proving that an organisation owns an e-mail domain before SSO routes it (docs/decisions/155).
// By DNS: a TXT record `_corkboard-sso.<domain>` = `corkboard-sso-verification=<token>`, asked of
// the configured DNS server (DNS_SERVER: the loopback DNS peer in development and tests, never
// the internet there) or the system's resolver. By e-mail: a single-use link, valid
// SSO_DOMAIN_LINK_TTL_MS, mailed to an administrative address at the domain; only the link
// token's SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { SSO_DOMAIN_VERIFY_PATH } from '@corkboard/shared/auth/social-api';

/** The label the TXT record sits under (its own name, so it never clashes with SPF & co.). */
export const SSO_TXT_LABEL = '_corkboard-sso';
export const SSO_TXT_VALUE_PREFIX = 'corkboard-sso-verification=';
/** Decision: one DNS try of 3 s, then one more (as the website claims, ADR 127). */
export const SSO_DNS_TIMEOUT_MS = 3_000;
export const SSO_DNS_TRIES = 2;
/** Decision: a mailed proof link works for 48 hours (people read mail the next day). */
export const SSO_DOMAIN_LINK_TTL_MS = 48 * 60 * 60_000;
/** 32 random bytes (256 bits), base64url in the link. */
export const SSO_DOMAIN_LINK_TOKEN_BYTES = 32;

export function txtRecordName(domain: string): string {
  return `${SSO_TXT_LABEL}.${domain}`;
}

export function txtRecordValue(token: string): string {
  return `${SSO_TXT_VALUE_PREFIX}${token}`;
}

/** The per-domain token published in the TXT record (not a secret: it is public DNS). */
export function newTxtToken(): string {
  return randomBytes(16).toString('hex');
}

export type DnsProofResult =
  { ok: true } | { ok: false; reason: 'record_missing' | 'dns_unavailable' };

const MISSING_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

export async function checkSsoTxtRecord(
  dnsServer: string | undefined,
  domain: string,
  token: string,
): Promise<DnsProofResult> {
  const resolver = new Resolver({ timeout: SSO_DNS_TIMEOUT_MS, tries: SSO_DNS_TRIES });
  if (dnsServer !== undefined) resolver.setServers([dnsServer]);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(txtRecordName(domain));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return { ok: false, reason: MISSING_CODES.has(code) ? 'record_missing' : 'dns_unavailable' };
  }
  // A long TXT value arrives in 255-byte strings; the record is their concatenation.
  const wanted = txtRecordValue(token);
  return records.some((chunks) => chunks.join('').trim() === wanted)
    ? { ok: true }
    : { ok: false, reason: 'record_missing' };
}

export function newLinkToken(): string {
  return randomBytes(SSO_DOMAIN_LINK_TOKEN_BYTES).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function domainProofLink(publicUrl: string, token: string): string {
  return `${publicUrl}${SSO_DOMAIN_VERIFY_PATH}?token=${encodeURIComponent(token)}`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function domainProofMail(providerName: string, domain: string, link: string) {
  const subject = `Confirm that ${domain} signs in to Corkboard with ${providerName}`;
  const text = [
    'Hi,',
    '',
    `Someone asked Corkboard to sign in everyone with an e-mail address at ${domain} through the`,
    `identity provider "${providerName}". If your organisation asked for this, confirm it here:`,
    '',
    link,
    '',
    'The link works once, for 48 hours. If you did not expect this mail, ignore it: nothing',
    'changes until someone opens the link and confirms.',
    '',
    '— Corkboard',
    '',
  ].join('\n');
  const html = `<p>Hi,</p>
<p>Someone asked Corkboard to sign in everyone with an e-mail address at ${escapeHtml(domain)} through the
identity provider &quot;${escapeHtml(providerName)}&quot;. If your organisation asked for this, confirm it here:</p>
<p><a href="${escapeHtml(link)}">Confirm ${escapeHtml(domain)}</a></p>
<p>The link works once, for 48 hours. If you did not expect this mail, ignore it: nothing
changes until someone opens the link and confirms.</p>
<p>— Corkboard</p>`;
  return { subject, text, html };
}

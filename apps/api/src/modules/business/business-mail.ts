// The business invitation e-mail: who invites, to which business, with which permissions, and
// the accept link `${PUBLIC_URL}/invite/business/?token=…` (works after logging in or signing up).
import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml } from '../../plugins/app/page-meta.ts';

export const BUSINESS_INVITE_PAGE_PATH = '/invite/business/';
/** 32 random bytes (256 bits), base64url in the link. */
export const BUSINESS_INVITE_TOKEN_BYTES = 32;
/** Not in the spec: as board invitations (docs/decisions/008), a link works for two weeks. */
export const BUSINESS_INVITE_TTL_MS = 14 * 24 * 60 * 60_000;

export function newBusinessInviteToken(): string {
  return randomBytes(BUSINESS_INVITE_TOKEN_BYTES).toString('base64url');
}

/** Only this is stored: a database leak must not hand out working links. */
export function hashBusinessInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function businessInviteLink(publicUrl: string, token: string): string {
  return `${publicUrl}${BUSINESS_INVITE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

export function businessInviteMail(
  inviterName: string,
  businessName: string,
  permissions: readonly string[],
  link: string,
) {
  const roles = permissions.join(', ');
  const subject = `${inviterName} invited you to manage ${businessName} on Corkboard`;
  const text = [
    'Hi,',
    '',
    `${inviterName} invited you to work on the business account "${businessName}" on Corkboard (${roles}).`,
    'Open this link to accept (log in or sign up first, it takes you back here):',
    '',
    link,
    '',
    "The link works for 14 days. If you don't want to join, you can ignore this mail.",
    '',
    '— Corkboard',
    '',
  ].join('\n');
  const html = `<p>Hi,</p>
<p>${escapeHtml(inviterName)} invited you to work on the business account
&quot;${escapeHtml(businessName)}&quot; on Corkboard (${escapeHtml(roles)}).</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a> (log in or sign up first, it takes you back here).</p>
<p>The link works for 14 days. If you don't want to join, you can ignore this mail.</p>
<p>— Corkboard</p>`;
  return { subject, text, html };
}

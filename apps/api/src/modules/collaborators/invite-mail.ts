// The collaborator invitation e-mail (docs/decisions/008): who invites, to which board, and the
// accept link `${PUBLIC_URL}/invite/board/?token=…`, which works after logging in or signing up.
import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml } from '../../plugins/app/page-meta.ts';

/** The web page the link opens; it accepts the token once the person is signed in. */
export const BOARD_INVITE_PAGE_PATH = '/invite/board/';
/** 32 random bytes (256 bits), base64url in the link. */
export const BOARD_INVITE_TOKEN_BYTES = 32;
/**
 * Not in the spec: how long an invitation link works. Two weeks covers someone who signs up
 * only after a while; an older link is refused (COLLABORATOR_INVITE_TOKEN_INVALID).
 */
export const BOARD_INVITE_TTL_MS = 14 * 24 * 60 * 60_000;

export function newInviteToken(): string {
  return randomBytes(BOARD_INVITE_TOKEN_BYTES).toString('base64url');
}

/** Only this is stored: a database leak must not hand out working links. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function inviteLink(publicUrl: string, token: string): string {
  return `${publicUrl}${BOARD_INVITE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

export function inviteMail(inviterName: string, boardName: string, link: string) {
  const subject = `${inviterName} invited you to the board "${boardName}" on Corkboard`;
  const text = [
    'Hi,',
    '',
    `${inviterName} invited you to save Pins together on the board "${boardName}" on Corkboard.`,
    'Open this link to join (log in or sign up first, it takes you back here):',
    '',
    link,
    '',
    "The link works for 14 days. If you don't want to join, you can ignore this mail.",
    '',
    '— Corkboard',
    '',
  ].join('\n');
  const html = `<p>Hi,</p>
<p>${escapeHtml(inviterName)} invited you to save Pins together on the board
&quot;${escapeHtml(boardName)}&quot; on Corkboard.</p>
<p><a href="${escapeHtml(link)}">Join the board</a> (log in or sign up first, it takes you back here).</p>
<p>The link works for 14 days. If you don't want to join, you can ignore this mail.</p>
<p>— Corkboard</p>`;
  return { subject, text, html };
}

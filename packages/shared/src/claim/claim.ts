// /settings/claim/ (issue 10 "Upsells"; docs/decisions/127, 128): the proofs of website ownership
// the server checks and the web explains, and the answers both sides read.

/** The meta tag's name: `<meta name="corkboard-site-verification" content="{token}">`. */
export const SITE_VERIFICATION_META_NAME = 'corkboard-site-verification';

/** The ways of proving a site: a meta tag on the home page, a file, a DNS TXT record. */
export const CLAIM_METHODS = ['meta', 'file', 'dns'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];

/** A person's verification token: 32 lower-case hex digits (ADR 127). */
export const VERIFICATION_TOKEN_PATTERN = /^[a-f0-9]{32}$/;

/** The file proof's path on the site: `/corkboard-{token}.html`. */
export function verificationFilePath(token: string): string {
  return `/corkboard-${token}.html`;
}

/** The DNS proof: a TXT record on the domain itself with this value. */
export function verificationTxtValue(token: string): string {
  return `${SITE_VERIFICATION_META_NAME}=${token}`;
}

/** The meta tag to paste into the home page's `<head>`. */
export function verificationMetaTag(token: string): string {
  return `<meta name="${SITE_VERIFICATION_META_NAME}" content="${token}">`;
}

/** A person claims at most this many domains (ADR 127), so their list is one short page. */
export const MAX_CLAIMED_WEBSITES = 20;

export interface ClaimedWebsite {
  /** Lower-case host without `www.`, as pins' link domains are written. */
  domain: string;
  /** The address the person entered (its origin), or null for rows an operator made. */
  url: string | null;
  method: ClaimMethod | null;
  verified_at: string;
}

export interface InstagramConnection {
  username: string;
  connected_at: string;
}

/** GET /v3/users/me/claim/ → data. */
export interface ClaimState {
  verification_token: string;
  websites: ClaimedWebsite[];
  instagram: InstagramConnection | null;
  /** Whether an Instagram provider is configured (else the connect button is not offered). */
  instagram_available: boolean;
}

/** POST /v3/users/me/instagram/authorize/ → data: where to send the browser. */
export interface InstagramAuthorization {
  authorize_url: string;
}

/** The page Instagram sends the browser back to (registered as the app's redirect URI). */
export const INSTAGRAM_CALLBACK_PATH = '/settings/claim/instagram/callback/';
/** Where the person lands after connecting (or failing to). */
export const CLAIM_SETTINGS_PATH = '/settings/claim/';

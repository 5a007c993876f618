// /settings/claim/ (issue 10 "Upsells"; docs/decisions/127, 128): claim a website — the person's
// verification token, proven by a meta tag, a file or a DNS TXT record; one owner per domain,
// who becomes its official user behind the creator card — and connect an Instagram account
// over OAuth (authorization code, state bound to this browser's session and to the person).
// The last claimed website is the person's listed website; a connection sets
// connected_to_instagram.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import { isHostNameLabel } from '@corkboard/shared/host-name';
import {
  INSTAGRAM_CALLBACK_PATH,
  MAX_CLAIMED_WEBSITES,
  type ClaimedWebsite,
  type ClaimMethod,
  type ClaimState,
  type InstagramAuthorization,
  type InstagramConnection,
} from '@corkboard/shared/claim/claim';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { ProvidersConfig } from '../../config/providers.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { uniqueViolation } from '../../core/db-errors.ts';
import { withFetchErrors } from '../../core/fetch-errors.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  countClaimedDomains,
  deleteClaim,
  deleteConnection,
  findConnection,
  findDomainOwner,
  findListedWebsite,
  findToken,
  insertOauthState,
  insertTokenOnce,
  listClaimedDomains,
  setListedWebsite,
  takeOauthState,
  upsertConnection,
  upsertOwnClaim,
  type ClaimedDomainRow,
} from './claims.repository.ts';
import {
  exchangeCodeForAccount,
  instagramAuthorizeUrl,
  InstagramCallError,
} from './instagram-client.ts';
import { checkProof, domainOfHost } from './site-verification.ts';

/** The longest domain name DNS allows. */
export const MAX_DOMAIN_LENGTH = 253;
/** An Instagram connection must finish within this long of starting it. */
export const INSTAGRAM_STATE_TTL_MS = 10 * 60_000;
/** The HttpOnly cookie holding the state of the connection this browser started. */
export const INSTAGRAM_STATE_COOKIE = 'cb_instagram_state';
/** The cookie goes only to the Instagram routes. */
const INSTAGRAM_COOKIE_PATH = '/v3/users/me/instagram/';

type Deps = Pick<AppDeps, 'db' | 'fetcher' | 'config' | 'now' | 'publicUrl'>;

// ---- websites -------------------------------------------------------------------------------

export interface Site {
  /** scheme://host[:port], what the proofs fetch from. */
  origin: string;
  domain: string;
  /** The listed website: the origin with a slash. */
  url: string;
}

/** The person's input → the site; `example.com` means https://example.com. */
export function parseSite(input: string): Site {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new AppError('WEBSITE_URL_INVALID');
  }
  const domain = domainOfHost(url.hostname);
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    domain === '' ||
    !domain.includes('.') ||
    // Every label a host-name label: '../..' parses as the host '..' and '&.O' as '&.o'; both
    // went on to a DNS lookup and answered 502 (found by the fuzz run), though the input was bad.
    !domain.split('.').every(isHostNameLabel) ||
    domain.length > MAX_DOMAIN_LENGTH
  ) {
    throw new AppError('WEBSITE_URL_INVALID');
  }
  return { origin: url.origin, domain, url: `${url.origin}/` };
}

function newToken(): string {
  return randomBytes(16).toString('hex');
}

async function ensureToken(deps: Deps, viewer: Viewer): Promise<string> {
  return (await findToken(deps.db, viewer.id)) ?? insertTokenOnce(deps.db, viewer.id, newToken());
}

function serializeWebsite(row: ClaimedDomainRow): ClaimedWebsite {
  return {
    domain: row.domain,
    url: row.site_url,
    method: row.method,
    verified_at: row.verified_at.toISOString(),
  };
}

function serializeConnection(row: { username: string; connected_at: Date }): InstagramConnection {
  return { username: row.username, connected_at: row.connected_at.toISOString() };
}

/** GET /v3/users/me/claim/: the token (issued on first visit), the domains, the connection. */
export async function claimState(deps: Deps, viewer: Viewer): Promise<ClaimState> {
  const token = await ensureToken(deps, viewer);
  const [websites, connection] = await Promise.all([
    listClaimedDomains(deps.db, viewer.id, MAX_CLAIMED_WEBSITES),
    findConnection(deps.db, viewer.id),
  ]);
  return {
    verification_token: token,
    websites: websites.map(serializeWebsite),
    instagram: connection ? serializeConnection(connection) : null,
    instagram_available: deps.config.providers.instagram !== undefined,
  };
}

/**
 * Claims a website: refuses a domain someone else owns before fetching anything, checks the
 * proof, then stores the claim and the listed website together.
 */
export async function claimWebsite(
  deps: Deps,
  viewer: Viewer,
  input: { url: string; method: ClaimMethod },
): Promise<ClaimedWebsite> {
  const site = parseSite(input.url);
  const token = await ensureToken(deps, viewer);
  const owner = await findDomainOwner(deps.db, site.domain);
  if (owner !== undefined && owner !== viewer.id) {
    throw new AppError('WEBSITE_CLAIMED_BY_SOMEONE_ELSE', { data: { domain: site.domain } });
  }
  if (
    owner === undefined &&
    (await countClaimedDomains(deps.db, viewer.id)) >= MAX_CLAIMED_WEBSITES
  ) {
    throw new AppError('WEBSITE_CLAIMS_FULL', { data: { max: MAX_CLAIMED_WEBSITES } });
  }
  const proof = await withFetchErrors(() =>
    checkProof(
      { fetcher: deps.fetcher, dnsServer: deps.config.providers.dnsServer },
      input.method,
      site,
      token,
    ),
  );
  if (!proof.ok) {
    throw new AppError('WEBSITE_VERIFICATION_FAILED', {
      data: { method: input.method, reason: proof.reason },
    });
  }
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const stored = await upsertOwnClaim(trx, {
      domain: site.domain,
      userId: viewer.id,
      siteUrl: site.url,
      method: input.method,
      now,
    });
    if (!stored) {
      throw new AppError('WEBSITE_CLAIMED_BY_SOMEONE_ELSE', { data: { domain: site.domain } });
    }
    await setListedWebsite(trx, viewer.id, site.url);
  });
  return {
    domain: site.domain,
    url: site.url,
    method: input.method,
    verified_at: now.toISOString(),
  };
}

/**
 * Removes a claim. When it was the listed website, the newest remaining claim becomes the
 * listed website (none: no listed website).
 */
export async function removeWebsite(deps: Deps, viewer: Viewer, domain: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteClaim(trx, viewer.id, domain))) throw new AppError('WEBSITE_NOT_CLAIMED');
    const listed = await findListedWebsite(trx, viewer.id);
    if (listed === null || !URL.canParse(listed)) return;
    if (domainOfHost(new URL(listed).hostname) !== domain) return;
    const [next] = await listClaimedDomains(trx, viewer.id, 1);
    await setListedWebsite(trx, viewer.id, next?.site_url ?? null);
  });
}

// ---- Instagram ------------------------------------------------------------------------------

/** Instagram's own site (posts at https://www.instagram.com/p/{id}/). */
export const INSTAGRAM_SITE_DOMAIN = 'instagram.com';

/**
 * "That photo site" of the Instagram upsell (saving.md §2.8; docs/decisions/129): instagram.com,
 * and, against the development stand-ins, the Instagram peer's host, which serves its posts at
 * `/p/{id}/` the way instagram.com does.
 */
export function instagramSiteDomains(providers: ProvidersConfig): string[] {
  const domains = [INSTAGRAM_SITE_DOMAIN];
  if (providers.devPeers && providers.instagram) {
    domains.push(domainOfHost(new URL(providers.instagram.authorizeUrl).hostname));
  }
  return domains;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function redirectUri(deps: Deps): string {
  return `${deps.publicUrl}${INSTAGRAM_CALLBACK_PATH}`;
}

function provider(deps: Deps) {
  const instagram = deps.config.providers.instagram;
  if (!instagram) throw new AppError('INSTAGRAM_UNAVAILABLE');
  return instagram;
}

/**
 * Starts a connection: a fresh state, kept hashed against the person and whole in an HttpOnly
 * cookie of this browser; the answer is the provider's authorize address.
 */
export async function startInstagram(
  deps: Deps,
  viewer: Viewer,
  reply: FastifyReply,
): Promise<InstagramAuthorization> {
  const instagram = provider(deps);
  const state = randomBytes(32).toString('base64url');
  const now = deps.now();
  await insertOauthState(deps.db, {
    hash: sha256(state),
    userId: viewer.id,
    expiresAt: new Date(now.getTime() + INSTAGRAM_STATE_TTL_MS),
    now,
  });
  reply.setCookie(INSTAGRAM_STATE_COOKIE, state, {
    path: INSTAGRAM_COOKIE_PATH,
    httpOnly: true,
    // Lax is enough: the cookie is read by our own same-origin POST after the redirect back.
    sameSite: 'lax',
    secure: isHttpsPublicUrl(deps.config),
    maxAge: INSTAGRAM_STATE_TTL_MS / 1000,
  });
  return { authorize_url: instagramAuthorizeUrl(instagram, redirectUri(deps), state) };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Finishes a connection with the code the provider sent back: the state must be the one this
 * browser's cookie holds AND one this person started, live and unused (it is used up here,
 * whatever happens next).
 */
export async function connectInstagram(
  deps: Deps,
  viewer: Viewer,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { code: string; state: string },
): Promise<InstagramConnection> {
  const instagram = provider(deps);
  const cookie = request.cookies[INSTAGRAM_STATE_COOKIE];
  reply.clearCookie(INSTAGRAM_STATE_COOKIE, { path: INSTAGRAM_COOKIE_PATH });
  const now = deps.now();
  const bound = cookie !== undefined && sameText(cookie, input.state);
  // Taken even when the cookie does not match, so a leaked state cannot be tried again.
  const live = await takeOauthState(deps.db, sha256(input.state), viewer.id, now);
  if (!bound || !live) throw new AppError('INSTAGRAM_STATE_INVALID');

  let account;
  try {
    account = await exchangeCodeForAccount(instagram, redirectUri(deps), input.code);
  } catch (error) {
    if (error instanceof InstagramCallError) {
      throw new AppError('INSTAGRAM_CONNECT_FAILED', { data: { reason: error.reason } });
    }
    throw error;
  }
  let stored: boolean;
  try {
    stored = await upsertConnection(deps.db, {
      userId: viewer.id,
      instagramUserId: account.id,
      username: account.username,
      now,
    });
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    stored = false;
  }
  if (!stored) throw new AppError('INSTAGRAM_ACCOUNT_TAKEN');
  return serializeConnection({ username: account.username, connected_at: now });
}

export async function disconnectInstagram(deps: Deps, viewer: Viewer): Promise<void> {
  if (!(await deleteConnection(deps.db, viewer.id))) throw new AppError('INSTAGRAM_NOT_CONNECTED');
}

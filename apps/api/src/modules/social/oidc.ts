// OpenID Connect as a relying party (docs/decisions/030): discovery, the issuer's keys, ID token
// verification with jose, and the authorization-code exchange with PKCE. One implementation for
// Google, LINE and every enterprise identity provider; what differs is only where the HTTP goes:
// providers from our configuration are trusted URLs (plain fetch), providers an operator typed
// into the admin go through the SSRF-safe fetcher (OidcHttp).
import { createHash, randomBytes } from 'node:crypto';
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  errors,
  jwtVerify,
  type FetchImplementation,
  type JWTPayload,
} from 'jose';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { SafeFetchError, type SafeFetcher } from '../../lib/safe-fetch.ts';

/** Discovery documents and keys are re-read after this long (keys rotate; providers move). */
export const DISCOVERY_CACHE_MS = 60 * 60_000;
/** Clock skew tolerated on `exp`, `iat` and `nbf`: servers and providers drift a little. */
export const ID_TOKEN_CLOCK_TOLERANCE_SECONDS = 60;
/** Any one call to a provider (discovery, keys, token) gives up after this long. */
export const PROVIDER_TIMEOUT_MS = 8_000;
/** Discovery, JWKS and token answers are small; anything larger is not a provider's. */
export const PROVIDER_ANSWER_MAX_BYTES = 256 * 1024;
/** The signature algorithms the providers use (Google, enterprise RS256; LINE ES256). */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'PS256', 'RS384', 'RS512', 'ES384'];

/** How a provider is reached: JSON by GET, a form by POST. */
export interface OidcHttp {
  getJson(url: string): Promise<unknown>;
  postForm(url: string, form: URLSearchParams): Promise<{ status: number; body: unknown }>;
  /** For jose's key fetches. */
  fetchForKeys: FetchImplementation;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Configured providers: their URLs come from our environment, so plain fetch. */
export const trustedHttp: OidcHttp = {
  async getJson(url) {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
    return parseJson(await response.text());
  },
  async postForm(url, form) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    return { status: response.status, body: parseJson(await response.text()) };
  },
  fetchForKeys: (url, options) => fetch(url, options),
};

/** Operator-registered providers: every request is vetted like any URL people give us. */
export function safeHttp(fetcher: SafeFetcher): OidcHttp {
  const get = (url: string) =>
    fetcher(url, {
      maxBytes: PROVIDER_ANSWER_MAX_BYTES,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      maxRedirects: 0,
      headers: { accept: 'application/json' },
    });
  return {
    async getJson(url) {
      return parseJson((await get(url)).body.toString('utf8'));
    },
    async postForm(url, form) {
      try {
        const response = await fetcher(url, {
          form,
          maxBytes: PROVIDER_ANSWER_MAX_BYTES,
          timeoutMs: PROVIDER_TIMEOUT_MS,
          headers: { accept: 'application/json' },
        });
        return { status: response.status, body: parseJson(response.body.toString('utf8')) };
      } catch (error) {
        // An OAuth error answer (400 invalid_grant) is an answer, not an outage.
        if (error instanceof SafeFetchError && error.reason === 'http_status' && error.status) {
          return { status: error.status, body: undefined };
        }
        throw error;
      }
    },
    fetchForKeys: async (url) => {
      const response = await get(url);
      return new Response(new Uint8Array(response.body), {
        status: response.status,
        headers: { 'content-type': response.contentType ?? 'application/json' },
      });
    },
  };
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});
export type OidcMetadata = z.output<typeof discoverySchema>;

interface CachedIssuer {
  metadata: OidcMetadata;
  keys: ReturnType<typeof createRemoteJWKSet>;
  readAt: number;
}

/** Why an issuer could not be used (SSO_ISSUER_UNREACHABLE / SOCIAL_PROVIDER_UNAVAILABLE). */
export class DiscoveryError extends Error {
  override readonly name = 'DiscoveryError';
}

/**
 * Discovery and keys per issuer, cached for DISCOVERY_CACHE_MS. One instance per app (so tests
 * with their own peers never share keys), keyed by issuer URL.
 */
export class OidcIssuers {
  readonly #cache = new Map<string, CachedIssuer>();

  async get(issuer: string, http: OidcHttp): Promise<CachedIssuer> {
    const cached = this.#cache.get(issuer);
    if (cached && Date.now() - cached.readAt < DISCOVERY_CACHE_MS) return cached;
    let raw: unknown;
    try {
      raw = await http.getJson(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    } catch (cause) {
      throw new DiscoveryError(`discovery of ${issuer} failed`, { cause });
    }
    const parsed = discoverySchema.safeParse(raw);
    // OpenID Connect Discovery §4.3: the document must name the issuer it was asked about.
    if (!parsed.success || parsed.data.issuer !== issuer) {
      throw new DiscoveryError(`${issuer} has no valid discovery document`);
    }
    const keys = createRemoteJWKSet(new URL(parsed.data.jwks_uri), {
      timeoutDuration: PROVIDER_TIMEOUT_MS,
      cacheMaxAge: DISCOVERY_CACHE_MS,
      [customFetch]: http.fetchForKeys,
    });
    const entry = { metadata: parsed.data, keys, readAt: Date.now() };
    this.#cache.set(issuer, entry);
    return entry;
  }
}

export type TokenFailure = 'malformed' | 'signature' | 'issuer' | 'audience' | 'nonce' | 'claims';

function invalid(provider: string, reason: TokenFailure): AppError {
  return new AppError('SOCIAL_TOKEN_INVALID', { data: { provider, reason } });
}

export function unavailable(provider: string): AppError {
  return new AppError('SOCIAL_PROVIDER_UNAVAILABLE', { data: { provider } });
}

export interface VerifyIdTokenOptions {
  provider: string;
  token: string;
  /** The issuer we trust for this provider; a token naming another is refused unverified. */
  issuer: string;
  /** Other spellings of the same issuer the provider uses (Google: `accounts.google.com`). */
  issuerAliases?: readonly string[];
  audience: string;
  now: Date;
  http: OidcHttp;
}

/**
 * Verifies an ID token: issuer (before any key is fetched), signature against the issuer's
 * JWKS, audience, expiry and the presence of `sub`. The nonce and replay rules are the caller's
 * (they need the browser's cookie and the database).
 */
export async function verifyIdToken(
  issuers: OidcIssuers,
  options: VerifyIdTokenOptions,
): Promise<JWTPayload & { sub: string }> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(options.token);
  } catch {
    throw invalid(options.provider, 'malformed');
  }
  const accepted = [options.issuer, ...(options.issuerAliases ?? [])];
  if (typeof unverified.iss !== 'string' || !accepted.includes(unverified.iss)) {
    throw invalid(options.provider, 'issuer');
  }
  let issuer: CachedIssuer;
  try {
    issuer = await issuers.get(options.issuer, options.http);
  } catch {
    throw unavailable(options.provider);
  }
  try {
    const { payload } = await jwtVerify(options.token, issuer.keys, {
      issuer: accepted,
      audience: options.audience,
      algorithms: ID_TOKEN_ALGORITHMS,
      currentDate: options.now,
      clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || payload.sub === '')
      throw invalid(options.provider, 'claims');
    return { ...payload, sub: payload.sub };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) {
      throw new AppError('SOCIAL_TOKEN_EXPIRED', { data: { provider: options.provider } });
    }
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') throw invalid(options.provider, 'audience');
      if (error.claim === 'iss') throw invalid(options.provider, 'issuer');
      if (error.claim === 'iat' || error.claim === 'nbf') {
        throw new AppError('SOCIAL_TOKEN_EXPIRED', { data: { provider: options.provider } });
      }
      throw invalid(options.provider, 'claims');
    }
    if (
      error instanceof errors.JWSSignatureVerificationFailed ||
      error instanceof errors.JWKSNoMatchingKey ||
      error instanceof errors.JWKSMultipleMatchingKeys ||
      error instanceof errors.JOSEAlgNotAllowed
    ) {
      throw invalid(options.provider, 'signature');
    }
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
      throw unavailable(options.provider);
    }
    if (error instanceof errors.JOSEError) throw invalid(options.provider, 'malformed');
    // A network failure fetching the keys.
    throw unavailable(options.provider);
  }
}

/** A URL-safe random value: states, nonces, PKCE verifiers (RFC 7636: 43–128 characters). */
export function randomValue(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  scope: string;
  /** Extra parameters (login_hint, prompt, …). */
  extra?: Record<string, string>;
}

/** The authorization endpoint URL for an authorization-code request with PKCE S256. */
export function authorizationUrl(metadata: OidcMetadata, request: AuthorizationRequest): string {
  const url = new URL(metadata.authorization_endpoint);
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', request.clientId);
  params.set('redirect_uri', request.redirectUri);
  params.set('scope', request.scope);
  params.set('state', request.state);
  params.set('nonce', request.nonce);
  params.set('code_challenge', pkceChallenge(request.codeVerifier));
  params.set('code_challenge_method', 'S256');
  for (const [name, value] of Object.entries(request.extra ?? {})) params.set(name, value);
  return url.href;
}

const tokenAnswerSchema = z.object({ id_token: z.string().min(1) });

export interface CodeExchange {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
}

/**
 * Trades an authorization code for the ID token (client_secret_post, PKCE). Undefined when the
 * provider refused the code or answered without an ID token ("No tokens returned").
 */
export async function exchangeCode(
  metadata: OidcMetadata,
  http: OidcHttp,
  exchange: CodeExchange,
): Promise<string | undefined> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    client_id: exchange.clientId,
    client_secret: exchange.clientSecret,
    code_verifier: exchange.codeVerifier,
  });
  const answer = await http.postForm(metadata.token_endpoint, form);
  if (answer.status < 200 || answer.status > 299) return undefined;
  const parsed = tokenAnswerSchema.safeParse(answer.body);
  return parsed.success ? parsed.data.id_token : undefined;
}

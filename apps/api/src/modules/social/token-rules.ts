// The rules every ID token shares beyond its signature (docs/decisions/030): it carries the nonce
// this browser's flow cookie holds, and neither it nor its nonce ever signed anyone in before.
// A token is marked used only when it produces a session (consume), so a login that answers
// "no account yet" leaves it good for the signup that follows.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import type { ConnectCredentialKind } from '../../core/credential-kinds.ts';
import { readFlow, type FlowName, type FlowState } from './flow-cookies.ts';
import { OidcIssuers, sha256 } from './oidc.ts';
import { anyTokenUsed, recordTokenUses } from './social.repository.ts';

const issuersByApp = new WeakMap<AppDeps, OidcIssuers>();

/** This app's discovery and key cache (one per app, so tests with their own peers never mix). */
export function issuersFor(deps: AppDeps): OidcIssuers {
  let issuers = issuersByApp.get(deps);
  if (!issuers) {
    issuers = new OidcIssuers();
    issuersByApp.set(deps, issuers);
  }
  return issuers;
}

/** The secret the flow cookies are signed with: Better Auth's (AUTH_SECRET or the generated one). */
export async function flowSecret(deps: AppDeps): Promise<string> {
  return (await deps.authEngine.$context).secret;
}

export async function currentFlow(
  deps: AppDeps,
  request: FastifyRequest,
  flow: FlowName,
): Promise<FlowState | undefined> {
  return readFlow(request, await flowSecret(deps), flow, deps.now());
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface TokenUse {
  /** The keys recorded when the token is used. */
  keys: string[];
  /** Until when they are kept: the token's own expiry. */
  expiresAt: Date;
}

/**
 * Checks the nonce against the flow cookie and the token against earlier uses; answers what to
 * record when it is used.
 */
export async function checkTokenUse(
  deps: AppDeps,
  provider: string,
  token: string,
  claims: JWTPayload,
  flow: FlowState | undefined,
): Promise<TokenUse> {
  const nonce = claims.nonce;
  if (!flow || typeof nonce !== 'string' || !sameText(nonce, flow.nonce)) {
    throw new AppError('SOCIAL_TOKEN_INVALID', { data: { provider, reason: 'nonce' } });
  }
  const keys = [`token:${sha256(token)}`, `nonce:${sha256(nonce)}`];
  if (await anyTokenUsed(deps.db, keys)) {
    throw new AppError('SOCIAL_TOKEN_REPLAYED', { data: { provider } });
  }
  const expiresAt = new Date(
    Math.max((claims.exp ?? 0) * 1000, flow.exp * 1000, deps.now().getTime()),
  );
  return { keys, expiresAt };
}

/** Records the use; a use that lost a race with another answers SOCIAL_TOKEN_REPLAYED. */
export function consumer(deps: AppDeps, provider: string, use: TokenUse): () => Promise<void> {
  return async () => {
    if (!(await recordTokenUses(deps.db, use.keys, use.expiresAt))) {
      throw new AppError('SOCIAL_TOKEN_REPLAYED', { data: { provider } });
    }
  };
}

/** A claim's text, trimmed; null when it is absent, not a string or blank. */
export function claimText(claims: JWTPayload, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Connecting an ID-token provider (Google, LINE) from the settings page (ADR 188): the log-in's
 * verification of the token — signature, issuer, audience, expiry, this browser's nonce, no
 * replay — and the token is used up once connected.
 */
export function idTokenConnectKind(
  provider: string,
  verify: (
    deps: AppDeps,
    request: FastifyRequest,
    token: string,
  ) => Promise<{ sub: string; use: TokenUse }>,
): ConnectCredentialKind<AppDeps> {
  return {
    provider,
    verify: async (deps, request, input) => {
      const identity = await verify(deps, request, input.credential);
      return {
        providerId: provider,
        accountId: identity.sub,
        consume: consumer(deps, provider, identity.use),
      };
    },
  };
}

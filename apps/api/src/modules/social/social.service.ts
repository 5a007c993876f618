// What the social module answers beyond the credential kinds (docs/decisions/030–032): which
// providers this server offers (and whether they are the development stand-ins), the visitor's
// country for the LINE button, and nonces for Google.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import type { AuthProvidersAnswer, SocialNonceAnswer } from '@corkboard/shared/auth/social-api';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { OIDC_FLOW_TTL_SECONDS, writeFlow } from './flow-cookies.ts';
import { GOOGLE_PROVIDER } from './google.ts';
import { randomValue } from './oidc.ts';
import { anyVerifiedSsoDomain } from './sso-providers.repository.ts';
import { flowSecret } from './token-rules.ts';

/** docs/decisions/032: the country that shows the LINE button. */
export const LINE_COUNTRY = 'JP';

/**
 * The visitor's country (docs/decisions/032): an explicit `?country=` where overrides are
 * allowed (outside production, or against the development stand-ins), else the trusted proxy
 * header when GEO_COUNTRY_HEADER names one, else the region of the first Accept-Language tag
 * (`ja-JP`), with a bare `ja` counting as JP.
 */
export function visitorCountry(
  deps: AppDeps,
  request: FastifyRequest,
  override: string | undefined,
): string | null {
  const overridesAllowed = deps.config.nodeEnv !== 'production' || deps.config.providers.devPeers;
  if (override && overridesAllowed && /^[A-Za-z]{2}$/.test(override)) return override.toUpperCase();
  const headerName = deps.config.providers.countryHeader;
  if (headerName) {
    const value = request.headers[headerName];
    if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value.trim())) {
      return value.trim().toUpperCase();
    }
  }
  const first = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const region = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})$/.exec(first)?.[1];
  if (region) return region.toUpperCase();
  return /^ja$/i.test(first) ? LINE_COUNTRY : null;
}

/** GET /v3/auth/providers/ */
export async function authProviders(
  deps: AppDeps,
  request: FastifyRequest,
  countryOverride: string | undefined,
): Promise<AuthProvidersAnswer> {
  const { google, facebook, line, devPeers } = deps.config.providers;
  return {
    dev_peers: devPeers,
    google: google ? { client_id: google.clientId, gsi_client_url: google.gsiClientUrl } : null,
    facebook: facebook
      ? {
          app_id: facebook.appId,
          sdk_base_url: facebook.sdkBaseUrl,
          dialog_url: facebook.dialogUrl,
          graph_version: facebook.graphVersion,
        }
      : null,
    line: line ? { enabled: true } : null,
    // Single sign-on by e-mail domain: the page asks POST /v3/sso/info/ for a valid e-mail
    // while the environment's provider or a proven domain of a registered one exists.
    sso: {
      enabled: deps.config.providers.envSso !== undefined || (await anyVerifiedSsoDomain(deps.db)),
    },
    country: visitorCountry(deps, request, countryOverride),
  };
}

/**
 * POST /v3/auth/nonce/: a nonce for the next Google ID token, remembered in this browser's flow
 * cookie (the token must carry it; docs/decisions/030).
 */
export async function issueGoogleNonce(
  deps: AppDeps,
  reply: FastifyReply,
): Promise<SocialNonceAnswer> {
  if (!deps.config.providers.google) {
    throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE', { data: { provider: GOOGLE_PROVIDER } });
  }
  const nonce = randomValue();
  const exp = Math.floor(deps.now().getTime() / 1000) + OIDC_FLOW_TTL_SECONDS;
  writeFlow(reply, await flowSecret(deps), 'google', { nonce, exp }, isHttpsPublicUrl(deps.config));
  return { nonce, expires_at: new Date(exp * 1000).toISOString() };
}

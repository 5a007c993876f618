// The server's own OpenID Connect sign-in pop-up, for providers the page signs in with without a
// provider script: 'Connect with Google' (the disabled-Google experiment, ADR 136) and LINE (ADR
// 137). GET /v3/{provider}/authorize/ sends the pop-up to the provider's authorization endpoint
// (authorization code, PKCE S256, a fresh nonce and state in this browser's flow cookie); the
// provider redirects back to /api/auth/callback/{provider}, where the code is traded for the ID
// token, and the pop-up hands the token to its opener (our origin only). The page then logs in
// with the token like any other: the credential kind verifies it (signature, issuer, audience,
// expiry) and its nonce against the same flow cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OAUTH_VALUE_MAX_LENGTH } from '@corkboard/shared/auth/social-schemas';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { sendCallbackPage } from './callback-page.ts';
import { OIDC_FLOW_TTL_SECONDS, writeFlow, type FlowName, type FlowState } from './flow-cookies.ts';
import { authorizationUrl, exchangeCode, randomValue, trustedHttp } from './oidc.ts';
import { currentFlow, flowSecret, issuersFor } from './token-rules.ts';

export const POPUP_SCOPE = 'openid email profile';

/** What a provider's pop-up needs; undefined client when the provider is not configured. */
export interface CodePopupProvider {
  /** The flow cookie (also the provider's name in the paths). */
  flow: Extract<FlowName, 'google' | 'line'>;
  /** Shown on the callback page. */
  displayName: string;
  client: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Extra authorization parameters (Google: prompt=select_account). */
  extra: Record<string, string>;
}

export function authorizePath(flow: CodePopupProvider['flow']): string {
  return `/v3/${flow}/authorize/`;
}

export function callbackPath(flow: CodePopupProvider['flow']): string {
  return `/api/auth/callback/${flow}`;
}

/** What the callback page posts to its opener (the web's pop-up buttons listen for it). */
export function callbackMessageType(flow: CodePopupProvider['flow']): string {
  return `corkboard-${flow}-callback`;
}

export const codeCallbackQuery = z.object({
  code: z.string().max(OAUTH_VALUE_MAX_LENGTH).optional(),
  state: z.string().max(OAUTH_VALUE_MAX_LENGTH).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  // Providers add these to the redirect; they are not used.
  scope: z.string().max(2000).optional(),
  authuser: z.string().max(20).optional(),
  prompt: z.string().max(200).optional(),
  hd: z.string().max(200).optional(),
  iss: z.string().max(2000).optional(),
  friendship_status_changed: z.string().max(10).optional(),
});

type Failure = 'denied' | 'failed' | 'state' | 'unavailable';

function finish(
  deps: AppDeps,
  reply: FastifyReply,
  provider: CodePopupProvider,
  credential: string | null,
  error: Failure | null,
): FastifyReply {
  return sendCallbackPage(reply, {
    title: error
      ? `${provider.displayName} sign-in did not finish`
      : `Signed in with ${provider.displayName}`,
    text: 'You can close this window and return to Corkboard.',
    message: { type: callbackMessageType(provider.flow), credential, error },
    targetOrigin: new URL(deps.publicUrl).origin,
  });
}

/** GET /v3/{provider}/authorize/: the pop-up's first stop; on to the provider with PKCE. */
export async function startCodePopup(
  deps: AppDeps,
  reply: FastifyReply,
  provider: CodePopupProvider,
): Promise<FastifyReply> {
  const client = provider.client;
  if (!client) return finish(deps, reply, provider, null, 'unavailable');
  let metadata;
  try {
    metadata = (await issuersFor(deps).get(client.issuer, trustedHttp)).metadata;
  } catch (error) {
    deps.log.warn({ err: error, provider: provider.flow }, 'sign-in discovery failed');
    return finish(deps, reply, provider, null, 'unavailable');
  }
  const redirectUri = `${deps.publicUrl}${callbackPath(provider.flow)}`;
  const flow: FlowState = {
    nonce: randomValue(),
    state: randomValue(),
    verifier: randomValue(48),
    redirectUri,
    exp: Math.floor(deps.now().getTime() / 1000) + OIDC_FLOW_TTL_SECONDS,
  };
  writeFlow(reply, await flowSecret(deps), provider.flow, flow, isHttpsPublicUrl(deps.config));
  const target = authorizationUrl(metadata, {
    clientId: client.clientId,
    redirectUri,
    state: flow.state ?? '',
    nonce: flow.nonce,
    codeVerifier: flow.verifier ?? '',
    scope: POPUP_SCOPE,
    extra: provider.extra,
  });
  return (
    reply
      .header('cache-control', 'no-store')
      // Like the callback page: the pop-up must keep its opener across the provider's origin.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .redirect(target, 302)
  );
}

/** GET /api/auth/callback/{provider}: the code traded for the ID token, handed to the opener. */
export async function codePopupCallback(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: CodePopupProvider,
  query: z.output<typeof codeCallbackQuery>,
): Promise<FastifyReply> {
  if (query.error) {
    const failure = query.error === 'access_denied' ? 'denied' : 'failed';
    return finish(deps, reply, provider, null, failure);
  }
  const client = provider.client;
  if (!client) return finish(deps, reply, provider, null, 'unavailable');
  const flow = await currentFlow(deps, request, provider.flow);
  if (!flow?.verifier || !flow.redirectUri || !query.code || query.state !== flow.state) {
    return finish(deps, reply, provider, null, 'state');
  }
  try {
    const { metadata } = await issuersFor(deps).get(client.issuer, trustedHttp);
    const idToken = await exchangeCode(metadata, trustedHttp, {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: flow.redirectUri,
      code: query.code,
      codeVerifier: flow.verifier,
    });
    if (!idToken) return finish(deps, reply, provider, null, 'failed');
    return finish(deps, reply, provider, idToken, null);
  } catch (error) {
    deps.log.warn({ err: error, provider: provider.flow }, 'sign-in code exchange failed');
    return finish(deps, reply, provider, null, 'unavailable');
  }
}

/** The two pop-up providers as this server is configured. */
export function googlePopupProvider(deps: AppDeps): CodePopupProvider {
  const google = deps.config.providers.google;
  return {
    flow: 'google',
    displayName: 'Google',
    // The code flow needs the client secret (the Identity Services button alone does not).
    client: google?.clientSecret
      ? { issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret }
      : undefined,
    extra: { prompt: 'select_account' },
  };
}

export function linePopupProvider(deps: AppDeps): CodePopupProvider {
  const line = deps.config.providers.line;
  return {
    flow: 'line',
    displayName: 'LINE',
    client: line
      ? { issuer: line.issuer, clientId: line.channelId, clientSecret: line.channelSecret }
      : undefined,
    extra: {},
  };
}

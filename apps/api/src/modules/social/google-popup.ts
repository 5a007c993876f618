// 'Connect with Google' (auth.md §2: "Google sign-in becomes a plain 'Connect with Google' button
// when a disabled-Google experiment is on"; docs/decisions/136). Without Google Identity Services
// the page opens this server's own OpenID Connect pop-up: GET /v3/google/authorize/ sends it to
// Google's authorization endpoint (authorization code, PKCE S256, a fresh nonce and state in this
// browser's `google` flow cookie); Google redirects back to /api/auth/callback/google, where the
// code is traded for the ID token, and the pop-up hands the token to its opener (our origin only).
// The page then logs in with `google_open_id_token` like the GIS button: the token is verified by
// google.ts (signature, issuer, audience, expiry) and its nonce against the same flow cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OAUTH_VALUE_MAX_LENGTH } from '@corkboard/shared/auth/social-schemas';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { sendCallbackPage } from './callback-page.ts';
import { OIDC_FLOW_TTL_SECONDS, writeFlow, type FlowState } from './flow-cookies.ts';
import { authorizationUrl, exchangeCode, randomValue, trustedHttp } from './oidc.ts';
import { currentFlow, flowSecret, issuersFor } from './token-rules.ts';

export const GOOGLE_AUTHORIZE_PATH = '/v3/google/authorize/';
export const GOOGLE_CALLBACK_PATH = '/api/auth/callback/google';
export const GOOGLE_POPUP_SCOPE = 'openid email profile';
/** What the callback page posts to its opener (the web's GooglePlainButton listens for it). */
export const GOOGLE_CALLBACK_MESSAGE_TYPE = 'corkboard-google-callback';

export const googleCallbackQuery = z.object({
  code: z.string().max(OAUTH_VALUE_MAX_LENGTH).optional(),
  state: z.string().max(OAUTH_VALUE_MAX_LENGTH).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  // Google adds these to the redirect; they are not used.
  scope: z.string().max(2000).optional(),
  authuser: z.string().max(20).optional(),
  prompt: z.string().max(200).optional(),
  hd: z.string().max(200).optional(),
  iss: z.string().max(2000).optional(),
});

function finish(
  deps: AppDeps,
  reply: FastifyReply,
  credential: string | null,
  error: 'denied' | 'failed' | 'state' | 'unavailable' | null,
): FastifyReply {
  return sendCallbackPage(reply, {
    title: error ? 'Google sign-in did not finish' : 'Signed in with Google',
    text: 'You can close this window and return to Corkboard.',
    message: { type: GOOGLE_CALLBACK_MESSAGE_TYPE, credential, error },
    targetOrigin: new URL(deps.publicUrl).origin,
  });
}

/** GET /v3/google/authorize/: the pop-up's first stop; on to Google with PKCE. */
export async function startGoogleAuthorization(
  deps: AppDeps,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const google = deps.config.providers.google;
  // The code flow needs the client secret (the GIS button alone does not).
  if (!google?.clientSecret) return finish(deps, reply, null, 'unavailable');
  let metadata;
  try {
    metadata = (await issuersFor(deps).get(google.issuer, trustedHttp)).metadata;
  } catch (error) {
    deps.log.warn({ err: error }, 'Google discovery failed');
    return finish(deps, reply, null, 'unavailable');
  }
  const redirectUri = `${deps.publicUrl}${GOOGLE_CALLBACK_PATH}`;
  const flow: FlowState = {
    nonce: randomValue(),
    state: randomValue(),
    verifier: randomValue(48),
    redirectUri,
    exp: Math.floor(deps.now().getTime() / 1000) + OIDC_FLOW_TTL_SECONDS,
  };
  writeFlow(reply, await flowSecret(deps), 'google', flow, isHttpsPublicUrl(deps.config));
  const target = authorizationUrl(metadata, {
    clientId: google.clientId,
    redirectUri,
    state: flow.state ?? '',
    nonce: flow.nonce,
    codeVerifier: flow.verifier ?? '',
    scope: GOOGLE_POPUP_SCOPE,
    extra: { prompt: 'select_account' },
  });
  return (
    reply
      .header('cache-control', 'no-store')
      // Like the callback page: the pop-up must keep its opener across the provider's origin.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .redirect(target, 302)
  );
}

/** GET /api/auth/callback/google: the code traded for the ID token, handed to the opener. */
export async function googleCallback(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: z.output<typeof googleCallbackQuery>,
): Promise<FastifyReply> {
  if (query.error) {
    return finish(deps, reply, null, query.error === 'access_denied' ? 'denied' : 'failed');
  }
  const google = deps.config.providers.google;
  if (!google?.clientSecret) return finish(deps, reply, null, 'unavailable');
  const flow = await currentFlow(deps, request, 'google');
  if (!flow?.verifier || !flow.redirectUri || !query.code || query.state !== flow.state) {
    return finish(deps, reply, null, 'state');
  }
  try {
    const { metadata } = await issuersFor(deps).get(google.issuer, trustedHttp);
    const idToken = await exchangeCode(metadata, trustedHttp, {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri: flow.redirectUri,
      code: query.code,
      codeVerifier: flow.verifier,
    });
    if (!idToken) return finish(deps, reply, null, 'failed');
    return finish(deps, reply, idToken, null);
  } catch (error) {
    deps.log.warn({ err: error }, 'Google code exchange failed');
    return finish(deps, reply, null, 'unavailable');
  }
}

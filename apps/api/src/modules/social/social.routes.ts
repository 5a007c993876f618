// Social sign-in's own endpoints (docs/decisions/030, 031). Logging in and signing up with a
// provider go through the auth module's POST /v3/login/ and POST /v3/register/ (the credential
// kinds of this module, handed over in AppDeps); here is what the page needs before that:
//   GET  /v3/auth/providers/ → which providers this server offers and their public ids
//   POST /v3/auth/nonce/     → a nonce for the next Google ID token, bound to this browser
//   POST /v3/sso/info/       → is this e-mail's domain signed in by an identity provider (SSO)
//   GET  /v3/sso/authorize/  → the SSO pop-up's first stop: on to the IdP (code + PKCE)
//   GET  /api/auth/sso/callback/:slug → the IdP's redirect back; posts the code to the opener
//   POST /v3/sso/popup-result/ → the callback's result, for an opener whose message was lost (ADR 213)
//   POST /v3/sso/token/      → the code traded for sso_id, sso_id_token, sso_email, sso_user_name
//   POST /v3/facebook/profile_data/ → the verified Facebook profile of an access token (ADR 135)
//   /v3/admin/sso/providers/…, POST /v3/sso/domains/verify/ → identity providers registered by
//        organisations and their domain proofs (sso-providers.routes.ts; ADR 154–156)
//   GET  /v3/{google,line}/authorize/, /api/auth/callback/{google,line} → the sign-in pop-ups
//        of 'Connect with Google' (ADR 136) and LINE (ADR 137)
// Used ID tokens are remembered until they expire; the sweep below forgets them after that.
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRawRoute, registerRoute } from '../../core/http/route.ts';
import { z } from 'zod';
import {
  authProvidersSchema,
  nonceBody,
  nonceSchema,
  providersQuery,
  ssoAuthorizeQuery,
  ssoExchangeBody,
  ssoInfoBody,
  ssoInfoSchema,
  ssoPopupResultBody,
  ssoPopupResultSchema,
  ssoSlugParams,
  ssoTokensSchema,
} from './social.schemas.ts';
import {
  authorizePath,
  callbackPath,
  codeCallbackQuery,
  codePopupCallback,
  googlePopupProvider,
  linePopupProvider,
  startCodePopup,
  type CodePopupProvider,
} from './code-popup.ts';
import { facebookProfileData, profileDataBody, profileDataSchema } from './facebook.ts';
import { purgeExpiredTokenUses } from './social.repository.ts';
import { authProviders, issueGoogleNonce } from './social.service.ts';
import {
  exchangeSsoCode,
  ssoCallback,
  ssoCallbackQuery,
  ssoInfo,
  ssoPopupResult,
  startSsoAuthorization,
  SSO_AUTHORIZE_PATH,
  SSO_EXCHANGE_PATH,
} from './sso.ts';
import { SSO_CALLBACK_PATH_PREFIX } from './sso-registry.ts';
import { SSO_POPUP_ATTEMPT_PARAM, SSO_POPUP_RESULT_PATH } from '@corkboard/shared/auth/social-api';
import { registerBusinessSsoProviderRoutes } from './sso-business-providers.routes.ts';
import { registerSsoProviderRoutes } from './sso-providers.routes.ts';

/** How often expired token uses are deleted. */
export const TOKEN_USE_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * POST /v3/sso/popup-result/ per address (ADR 213): a page asks once per closed pop-up (and
 * retries once), so 30 a minute is many sign-ins' worth, and it reads only this browser's cookie.
 */
export const SSO_POPUP_RESULT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export const socialRoutes: ModuleRoutes = (app, { deps }, done) => {
  const tags = ['auth'];

  // Answers about sign-in state and nonces must never be cached.
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });

  let timer: NodeJS.Timeout | undefined;
  const purge = (): void => {
    purgeExpiredTokenUses(deps.db, deps.now())
      .then((count) => deps.log.debug({ purged: count }, 'social token uses purged'))
      .catch((error: unknown) => deps.log.error({ err: error }, 'social token purge failed'));
  };
  app.addHook('onReady', (hookDone) => {
    timer = setInterval(purge, TOKEN_USE_PURGE_INTERVAL_MS);
    timer.unref();
    hookDone();
  });
  app.addHook('onClose', (_instance, hookDone) => {
    if (timer) clearInterval(timer);
    hookDone();
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/auth/providers/',
    summary: 'The sign-in providers this server offers, with their public ids (auth.md §2)',
    tags,
    access: 'anyone',
    query: providersQuery,
    response: authProvidersSchema,
    handler: async ({ request, query }) => ({
      data: await authProviders(deps, request, query.country),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/auth/nonce/',
    summary: 'A nonce for the next Google ID token, remembered in this browser (ADR 030)',
    tags,
    access: 'anyone',
    body: nonceBody,
    response: nonceSchema,
    handler: async ({ reply }) => ({ data: await issueGoogleNonce(deps, reply) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/sso/info/',
    summary: "Whether the e-mail's domain signs in with single sign-on (auth.md §3, §7)",
    tags,
    access: 'anyone',
    body: ssoInfoBody,
    response: ssoInfoSchema,
    handler: async ({ body }) => ({ data: await ssoInfo(deps, body.email) }),
  });

  registerRawRoute(app, {
    method: 'GET',
    url: SSO_AUTHORIZE_PATH,
    summary: 'The SSO pop-up: on to the identity provider (authorization code with PKCE)',
    tags,
    access: 'anyone',
    query: ssoAuthorizeQuery,
    produces: { 'text/html': z.string() },
    status: 302,
    handler: ({ reply, query }) =>
      startSsoAuthorization(deps, reply, query.email, query[SSO_POPUP_ATTEMPT_PARAM]),
  });

  registerRawRoute(app, {
    method: 'GET',
    url: `${SSO_CALLBACK_PATH_PREFIX}:slug`,
    summary: "The identity provider's redirect back: hands the code to the page that opened it",
    tags,
    access: 'anyone',
    params: ssoSlugParams,
    query: ssoCallbackQuery,
    produces: { 'text/html': z.string() },
    handler: ({ request, reply, params, query }) =>
      ssoCallback(deps, request, reply, params.slug, query),
  });

  registerRoute(app, {
    method: 'POST',
    url: SSO_POPUP_RESULT_PATH,
    summary:
      "The SSO pop-up's result for the opener that started it, when its message did not arrive (ADR 213)",
    tags,
    access: 'anyone',
    rateLimit: SSO_POPUP_RESULT_RATE_LIMIT,
    body: ssoPopupResultBody,
    response: ssoPopupResultSchema,
    handler: async ({ request, body }) => ({
      data: await ssoPopupResult(deps, request, body.attempt),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: SSO_EXCHANGE_PATH,
    summary:
      'Trades the SSO code for the identity (sso_id, sso_id_token, sso_email, sso_user_name)',
    tags,
    access: 'anyone',
    body: ssoExchangeBody,
    response: ssoTokensSchema,
    handler: async ({ request, body }) => ({ data: await exchangeSsoCode(deps, request, body) }),
  });

  // The server's own sign-in pop-ups: 'Connect with Google' (ADR 136) and LINE (ADR 137).
  const popups: { provider: (d: typeof deps) => CodePopupProvider; name: string; adr: string }[] = [
    { provider: googlePopupProvider, name: "'Connect with Google'", adr: 'ADR 136' },
    { provider: linePopupProvider, name: 'LINE', adr: 'ADR 137' },
  ];
  for (const popup of popups) {
    const flow = popup.provider(deps).flow;
    registerRawRoute(app, {
      method: 'GET',
      url: authorizePath(flow),
      summary: `${popup.name} pop-up: on to the provider (authorization code with PKCE; ${popup.adr})`,
      tags,
      access: 'anyone',
      produces: { 'text/html': z.string() },
      status: 302,
      handler: ({ reply }) => startCodePopup(deps, reply, popup.provider(deps)),
    });
    registerRawRoute(app, {
      method: 'GET',
      url: callbackPath(flow),
      summary: `${popup.name}: the provider's redirect back; the ID token handed to the opener`,
      tags,
      access: 'anyone',
      query: codeCallbackQuery,
      produces: { 'text/html': z.string() },
      handler: ({ request, reply, query }) =>
        codePopupCallback(deps, request, reply, popup.provider(deps), query),
    });
  }

  registerRoute(app, {
    method: 'POST',
    url: '/v3/facebook/profile_data/',
    summary: 'The Facebook profile of a verified access token (auth.md §3, §7; ADR 135)',
    tags,
    access: 'anyone',
    body: profileDataBody,
    response: profileDataSchema,
    handler: async ({ body }) => ({ data: await facebookProfileData(deps, body) }),
  });

  // Identity providers registered by organisations, and their domain proofs (ADR 154–156).
  registerSsoProviderRoutes(app, deps);
  registerBusinessSsoProviderRoutes(app, deps);

  done();
};

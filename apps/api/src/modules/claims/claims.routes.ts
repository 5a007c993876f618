// /settings/claim/ (docs/decisions/127, 128), signed in only:
//   GET    /v3/users/me/claim/                 → the token, claimed websites, Instagram connection
//   POST   /v3/users/me/websites/              { url, method } → the claimed website
//   DELETE /v3/users/me/websites/{domain}/     → removes the claim
//   POST   /v3/users/me/instagram/authorize/   → { authorize_url } (+ the state cookie)
//   POST   /v3/users/me/instagram/connect/     { code, state } → the connection
//   DELETE /v3/users/me/instagram/             → disconnects
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import {
  claimedWebsiteSchema,
  claimStateSchema,
  claimWebsiteBodySchema,
  doneSchema,
  instagramAuthorizationSchema,
  instagramConnectBodySchema,
  instagramConnectionSchema,
  websiteParamsSchema,
} from './claims.schemas.ts';
import {
  claimState,
  claimWebsite,
  connectInstagram,
  disconnectInstagram,
  removeWebsite,
  startInstagram,
} from './claims.service.ts';

/**
 * Decision: a proof fetches someone's site; 30 tries a minute per client is plenty by hand and
 * keeps the server from being used to hammer a site.
 */
export const CLAIM_RATE_LIMIT_MAX = 30;
/** Decision: starting or finishing an Instagram connection, 20 a minute per client. */
export const INSTAGRAM_RATE_LIMIT_MAX = 20;

export const claimRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/me/claim/',
    summary: "The viewer's verification token, claimed websites and Instagram connection",
    tags: ['claim'],
    access: 'viewer',
    response: claimStateSchema,
    handler: async ({ viewer }) => ({ data: await claimState(deps, viewer) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/users/me/websites/',
    summary: 'Claims a website proven by a meta tag, a file or a DNS TXT record',
    tags: ['claim'],
    access: 'viewer',
    rateLimit: { max: CLAIM_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: claimWebsiteBodySchema,
    response: claimedWebsiteSchema,
    handler: async ({ viewer, body }) => ({ data: await claimWebsite(deps, viewer, body) }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/users/me/websites/:domain/',
    summary: 'Removes a claimed website',
    tags: ['claim'],
    access: 'viewer',
    params: websiteParamsSchema,
    response: doneSchema,
    handler: async ({ viewer, params }) => {
      await removeWebsite(deps, viewer, params.domain);
      return { data: { ok: true as const } };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/users/me/instagram/authorize/',
    summary: 'Starts connecting an Instagram account (authorization code flow)',
    tags: ['claim'],
    access: 'viewer',
    rateLimit: { max: INSTAGRAM_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    response: instagramAuthorizationSchema,
    handler: async ({ viewer, reply }) => ({ data: await startInstagram(deps, viewer, reply) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/users/me/instagram/connect/',
    summary: 'Finishes connecting an Instagram account with the code it sent back',
    tags: ['claim'],
    access: 'viewer',
    rateLimit: { max: INSTAGRAM_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: instagramConnectBodySchema,
    response: instagramConnectionSchema,
    handler: async ({ viewer, request, reply, body }) => ({
      data: await connectInstagram(deps, viewer, request, reply, body),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/users/me/instagram/',
    summary: 'Disconnects the Instagram account',
    tags: ['claim'],
    access: 'viewer',
    response: doneSchema,
    handler: async ({ viewer }) => {
      await disconnectInstagram(deps, viewer);
      return { data: { ok: true as const } };
    },
  });
  done();
};

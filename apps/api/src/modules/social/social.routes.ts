// Social sign-in's own endpoints (docs/decisions/030, 031). Logging in and signing up with a
// provider go through the auth module's POST /v3/login/ and POST /v3/register/ (the credential
// kinds of this module, handed over in AppDeps); here is what the page needs before that:
//   GET  /v3/auth/providers/ → which providers this server offers and their public ids
//   POST /v3/auth/nonce/     → a nonce for the next Google ID token, bound to this browser
// Used ID tokens are remembered until they expire; the sweep below forgets them after that.
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { authProvidersSchema, nonceBody, nonceSchema, providersQuery } from './social.schemas.ts';
import { purgeExpiredTokenUses } from './social.repository.ts';
import { authProviders, issueGoogleNonce } from './social.service.ts';

/** How often expired token uses are deleted. */
export const TOKEN_USE_PURGE_INTERVAL_MS = 60 * 60_000;

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
    handler: ({ request, query }) =>
      Promise.resolve({ data: authProviders(deps, request, query.country) }),
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

  done();
};

// The email-auth endpoints (auth.md §7 and docs/decisions/006 for the paths the spec leaves out):
//   POST /v3/register/exists/          { email }                → data: boolean (true = taken)
//   POST /v3/email/validation/         { email }                → data: { is_valid }
//   POST /v3/register/                 signup credentials       → data: AuthSuccess
//   POST /v3/login/                    login credentials        → data: AuthSuccess
//   POST /v3/logout/                                            → data: null
//   POST /v3/users/forgot_password/    { username_or_email }    → data: null (always)
//   POST /v3/users/password/reset/     { token, new_password }  → data: { username_or_email }
//   GET  /v3/users/me/                                          → data: AuthUser, or 401
// Bodies are parsed by the services with the shared schemas (so every failure gets its auth
// code and field); the route schema only insists on a JSON object.
import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import { authEffectsOf, authRequestOf } from './auth-context.ts';
import type { AuthDeps } from './auth-deps.ts';
import { emailExists, emailValidation, login, logout, me, register } from './auth.service.ts';
import { completePasswordReset, requestPasswordReset } from './password-reset.service.ts';

const jsonObject = z.record(z.string(), z.unknown());

export interface AuthRoutesOptions {
  deps: AuthDeps;
  secureCookie: boolean;
}

export const authRoutes: FastifyPluginCallback<AuthRoutesOptions> = (app, options, done) => {
  const { deps } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const body = { schema: { body: jsonObject } };

  // Answers about who is signed in must never be cached by a browser or proxy.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  // Limits carry their wait in data.retry_after_seconds; say it the HTTP way too.
  app.addHook('onError', (_request, reply, error, done) => {
    const seconds = error instanceof AppError ? error.data?.['retry_after_seconds'] : undefined;
    if (typeof seconds === 'number') reply.header('Retry-After', String(seconds));
    done();
  });

  routes.post('/v3/register/exists/', body, async (request) =>
    success(await emailExists(deps, authRequestOf(request), request.body)),
  );

  routes.post('/v3/email/validation/', body, async (request) =>
    success(await emailValidation(deps, authRequestOf(request), request.body)),
  );

  routes.post('/v3/register/', body, async (request, reply) =>
    success(
      await register(deps, authRequestOf(request), authEffectsOf(reply, options), request.body),
    ),
  );

  routes.post('/v3/login/', body, async (request, reply) =>
    success(await login(deps, authRequestOf(request), authEffectsOf(reply, options), request.body)),
  );

  routes.post('/v3/logout/', async (request, reply) => {
    await logout(deps, authRequestOf(request), authEffectsOf(reply, options));
    return success(null);
  });

  routes.post('/v3/users/forgot_password/', body, async (request) =>
    success(await requestPasswordReset(deps, authRequestOf(request), request.body)),
  );

  routes.post('/v3/users/password/reset/', body, async (request) =>
    success(await completePasswordReset(deps, authRequestOf(request), request.body)),
  );

  routes.get('/v3/users/me/', async (request) => success(await me(deps, request.viewer)));
  done();
};

// Logging in with a passkey (docs/decisions/166):
//   POST /v3/login/passkey/options/       → data: request options (passwordless; UV required)
//   POST /v3/login/passkey/               { response, next?, is_account_switch? } → AuthSuccess
//   POST /v3/login/mfa/passkey/options/   → data: request options for the pending log-in
//   POST /v3/login/mfa/passkey/           { response, next? } → AuthSuccess
// Anyone may call them; each has its own per-address limit, and the pending log-in's wrong
// answers count like wrong codes.
import { z } from 'zod';
import { passkeyAuthenticationResponseSchema } from '@corkboard/shared/auth/passkeys';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { authEffectsOf, authRequestOf } from './auth-context.ts';
import { authSuccessSchema } from './auth.schemas.ts';
import {
  finishSecondFactorWithPasskey,
  loginWithPasskey,
  passwordlessOptions,
  secondFactorPasskeyOptions,
} from './passkey-login.service.ts';

/** Per address and route: a person tries a few times; a script does not get far. */
export const PASSKEY_LOGIN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

const requestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.unknown().optional(),
});

const next = z.string().max(2048).optional();

export const passkeyLoginRoutes: ModuleRoutes = (app, { deps }, done) => {
  const cookieOptions = { secureCookie: isHttpsPublicUrl(deps.config) };
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });
  const tags = ['auth'];
  const rateLimit = PASSKEY_LOGIN_RATE_LIMIT;

  registerRoute(app, {
    method: 'POST',
    url: '/v3/login/passkey/options/',
    summary: 'Options for a passwordless passkey log-in (discoverable credentials, UV required)',
    tags,
    access: 'anyone',
    rateLimit,
    response: requestOptionsSchema,
    handler: async () => ({ data: { ...(await passwordlessOptions(deps)) } }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/login/passkey/',
    summary: 'Logs in with a passkey (no password; the passkey is both factors)',
    tags,
    access: 'anyone',
    rateLimit,
    body: z.object({
      response: passkeyAuthenticationResponseSchema,
      next,
      is_account_switch: z.boolean().optional(),
    }),
    response: authSuccessSchema,
    handler: async ({ request, reply, body }) => ({
      data: await loginWithPasskey(
        deps,
        authRequestOf(request),
        authEffectsOf(reply, cookieOptions),
        {
          response: body.response,
          next: body.next,
          isAccountSwitch: body.is_account_switch === true,
        },
      ),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/login/mfa/passkey/options/',
    summary: "Options for the pending two-factor log-in's passkey (its cookie names the person)",
    tags,
    access: 'anyone',
    rateLimit,
    response: requestOptionsSchema,
    handler: async ({ request }) => ({
      data: { ...(await secondFactorPasskeyOptions(deps, authRequestOf(request))) },
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/login/mfa/passkey/',
    summary: 'Finishes a pending two-factor log-in with a passkey',
    tags,
    access: 'anyone',
    rateLimit,
    body: z.object({ response: passkeyAuthenticationResponseSchema, next }),
    response: authSuccessSchema,
    handler: async ({ request, reply, body }) => ({
      data: await finishSecondFactorWithPasskey(
        deps,
        authRequestOf(request),
        authEffectsOf(reply, cookieOptions),
        { response: body.response, next: body.next },
      ),
    }),
  });

  done();
};

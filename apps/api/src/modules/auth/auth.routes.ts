// The email-auth endpoints (auth.md §7 and docs/decisions/006 for the paths the spec leaves out):
//   POST /v3/register/exists/          { email }                → data: boolean (true = taken)
//   POST /v3/email/validation/         { email }                → data: { is_valid }
//   POST /v3/register/                 signup credentials       → data: AuthSuccess
//   POST /v3/login/                    login credentials        → data: AuthSuccess
//   POST /v3/logout/                                            → data: null
//   POST /v3/users/forgot_password/    { username_or_email }    → data: null (always)
//   POST /v3/users/password/reset/     { token, new_password }  → data: { username_or_email }
//   GET  /v3/users/me/                                          → data: AuthUser, or 401
//   GET  /v3/captcha/config/, /v3/captcha/challenge/            (captcha.routes.ts)
// Bodies are parsed at the edge with the shared schemas the web forms use; every failure gets its
// auth code and field (auth-errors.ts). The per-IP limits run before the body is read, so
// malformed attempts count too. Expired sessions, tokens and counters are swept hourly.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { EMAIL_COPY } from '@corkboard/shared/auth/email';
import { passwordMinLength } from '@corkboard/shared/auth/password';
import type { FastifyRequest } from 'fastify';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { AppDeps, ModuleRoutes } from '../../core/app-deps.ts';
import {
  kindFor,
  type LoginCredential,
  type SignupCredential,
} from '../../core/credential-kinds.ts';
import type { InputErrorMapper } from '../../core/http/input.ts';
import { registerRoute } from '../../core/http/route.ts';
import { purgeStaleTrustedDevices } from '../account-security/devices.service.ts';
import { purgeAuthData } from './account-status.service.ts';
import { authEffectsOf, authRequestOf } from './auth-context.ts';
import { authErrorFromIssues } from './auth-errors.ts';
import {
  authSuccessSchema,
  authUserSchema,
  emailValidationBody,
  forgotPasswordBody,
  loginBody,
  registerBodySchemas,
  registerExistsBodySchema,
  resetPasswordBody,
  type LoginInput,
  type RegisterInput,
} from './auth.schemas.ts';
import {
  beforeRegister,
  consumeLookup,
  emailExists,
  emailValidation,
  login,
  logout,
  me,
  register,
} from './auth.service.ts';
import { registerCaptchaRoutes } from './captcha.routes.ts';
import { loginWithCredential, registerWithCredential } from './credential-auth.service.ts';
import {
  completePasswordReset,
  consumeResetComplete,
  consumeResetRequest,
  definePasswordResetMailJob,
  requestPasswordReset,
} from './password-reset.service.ts';

/** Expired sessions, tokens, counters and gone accounts are swept this often. */
export const AUTH_PURGE_INTERVAL_MS = 60 * 60_000;

function increasedMinimum(request: FastifyRequest): boolean {
  return request.experiments.isEnabled('web_increased_min_password_length');
}

/** Login and forgot-password: at login every password rule failure reads "incorrect". */
const loginErrors: InputErrorMapper = (issues) =>
  authErrorFromIssues(issues, { minPasswordLength: 0 }, 'login');

/** auth.md §7: "A bad-email error code uses the server message." */
const emailLookupErrors: InputErrorMapper = (issues) => {
  const error = authErrorFromIssues(issues, { minPasswordLength: 0 }, 'signup');
  if (error.codeName !== 'AUTH_EMAIL_INVALID') return error;
  return new AppError('AUTH_EMAIL_INVALID', { detail: EMAIL_COPY.serverInvalid, data: error.data });
};

/** A bad reset token is AUTH_RESET_TOKEN_INVALID whatever else is wrong with the body. */
const resetErrors: InputErrorMapper = (issues) =>
  issues[0]?.path[0] === 'token'
    ? new AppError('AUTH_RESET_TOKEN_INVALID', { data: { field: 'token' } })
    : authErrorFromIssues(issues, { minPasswordLength: 0 }, 'signup');

export const authRoutes: ModuleRoutes = (app, { deps }, done) => {
  const cookieOptions = { secureCookie: isHttpsPublicUrl(deps.config) };
  const registerBodies = registerBodySchemas(deps.now);
  // Social and SSO credentials (docs/decisions/030): a body carrying a kind's fields is parsed
  // with that kind's schema and proven by it; every other body is the e-mail one.
  const loginKinds = deps.credentialKinds.login;
  const signupKinds = deps.credentialKinds.signup.map((kind) => ({
    claims: kind.claims,
    schema: kind.schema(deps.now),
  }));
  // Reset mail is a durable job (decision 143): the request accepts it, a worker sends it.
  definePasswordResetMailJob(deps);

  // Answers about who is signed in must never be cached by a browser or proxy.
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });
  // Limits carry their wait in data.retry_after_seconds; say it the HTTP way too.
  app.addHook('onError', (_request, reply, error, hookDone) => {
    const seconds = error instanceof AppError ? error.data?.['retry_after_seconds'] : undefined;
    if (typeof seconds === 'number') reply.header('Retry-After', String(seconds));
    hookDone();
  });

  let timer: NodeJS.Timeout | undefined;
  const purge = (): void => {
    purgeAuthData(deps.db, deps.now())
      .then(async (summary) => {
        const staleDevices = await purgeStaleTrustedDevices(deps);
        deps.log.debug({ purge: { ...summary, staleDevices } }, 'auth data purged');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'auth data purge failed'));
  };
  app.addHook('onReady', (hookDone) => {
    purge();
    timer = setInterval(purge, AUTH_PURGE_INTERVAL_MS);
    timer.unref();
    hookDone();
  });
  app.addHook('onClose', (_instance, hookDone) => {
    if (timer) clearInterval(timer);
    hookDone();
  });

  const tags = ['auth'];

  registerRoute(app, {
    method: 'POST',
    url: '/v3/register/exists/',
    summary: 'Whether an e-mail address has an account (per-IP limited)',
    tags,
    access: 'anyone',
    before: ({ request }) => consumeLookup(deps, authRequestOf(request)),
    body: registerExistsBodySchema,
    inputErrors: emailLookupErrors,
    response: z.boolean(),
    handler: async ({ body }) => ({ data: await emailExists(deps, body.email) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/email/validation/',
    summary: 'Whether an e-mail address passes the signup rules (per-IP limited)',
    tags,
    access: 'anyone',
    before: ({ request }) => consumeLookup(deps, authRequestOf(request)),
    body: emailValidationBody,
    response: z.object({ is_valid: z.boolean() }),
    handler: ({ body }) => Promise.resolve({ data: emailValidation(body.email) }),
  });

  registerRoute<
    'anyone',
    undefined,
    undefined,
    RegisterInput | SignupCredential<AppDeps>,
    AuthSuccess
  >(app, {
    method: 'POST',
    url: '/v3/register/',
    summary: 'Signup by e-mail, or with a social or SSO credential (auth.md §3); logs in',
    tags,
    access: 'anyone',
    before: ({ request, reply }) =>
      beforeRegister(deps, authRequestOf(request), authEffectsOf(reply, cookieOptions)),
    body: registerBodies.normal,
    bodyFor: (request) =>
      kindFor(signupKinds, request.body)?.schema ??
      (increasedMinimum(request) ? registerBodies.increased : registerBodies.normal),
    inputErrors: (issues, _location, { request, reply }) => {
      const minPasswordLength = passwordMinLength(increasedMinimum(request));
      const error = authErrorFromIssues(issues, { minPasswordLength }, 'signup');
      if (error.codeName === 'AUTH_UNDERAGE')
        authEffectsOf(reply, cookieOptions).setUnderageCookie();
      return error;
    },
    response: authSuccessSchema,
    handler: async ({ request, reply, body }) => {
      const effects = authEffectsOf(reply, cookieOptions);
      const data =
        'resolve' in body
          ? await registerWithCredential(deps, authRequestOf(request), request, effects, body)
          : await register(deps, authRequestOf(request), effects, body);
      return { data };
    },
  });

  registerRoute<'anyone', undefined, undefined, LoginInput | LoginCredential<AppDeps>, AuthSuccess>(
    app,
    {
      method: 'POST',
      url: '/v3/login/',
      summary:
        'Logs in with e-mail (or username) and password, or a social or SSO credential (auth.md §3)',
      tags,
      access: 'anyone',
      body: loginBody,
      bodyFor: (request) => kindFor(loginKinds, request.body)?.schema ?? loginBody,
      inputErrors: loginErrors,
      response: authSuccessSchema,
      handler: async ({ request, reply, body }) => {
        const effects = authEffectsOf(reply, cookieOptions);
        const data =
          'resolve' in body
            ? await loginWithCredential(deps, authRequestOf(request), request, effects, body)
            : await login(deps, authRequestOf(request), effects, body);
        return { data };
      },
    },
  );

  registerRoute(app, {
    method: 'POST',
    url: '/v3/logout/',
    summary: 'Revokes this session (signed out already is fine); any body is ignored',
    tags,
    access: 'anyone',
    response: z.null(),
    handler: async ({ request, reply }) => {
      await logout(deps, authRequestOf(request), authEffectsOf(reply, cookieOptions));
      return { data: null };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/users/forgot_password/',
    summary: 'Mails a password-reset link; the same answer for any account (per-IP limited)',
    tags,
    access: 'anyone',
    before: ({ request }) => consumeResetRequest(deps, authRequestOf(request)),
    body: forgotPasswordBody,
    inputErrors: loginErrors,
    response: z.null(),
    handler: async ({ request, body }) => ({
      data: await requestPasswordReset(deps, authRequestOf(request), body),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/users/password/reset/',
    summary: 'Sets a new password with a reset link token (per-IP limited)',
    tags,
    access: 'anyone',
    before: ({ request }) => consumeResetComplete(deps, authRequestOf(request)),
    body: resetPasswordBody,
    inputErrors: resetErrors,
    response: z.object({ username_or_email: z.string() }),
    handler: async ({ request, body }) => ({
      data: await completePasswordReset(deps, authRequestOf(request), body),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/me/',
    summary: 'The signed-in person, or 401 UNAUTHORIZED',
    tags,
    access: 'anyone',
    response: authUserSchema,
    handler: async ({ viewer }) => ({ data: await me(deps, viewer) }),
  });

  registerCaptchaRoutes(app, deps);
  done();
};

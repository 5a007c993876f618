// Account settings (issue 9 "Account settings"; docs/decisions/148–150). Signed-in only; every
// read and write acts on the viewer's own account (no id of another person is accepted).
//   GET  /v3/users/me/profile/                 → ProfileSettings
//   POST /v3/users/me/profile/                 name, username, about, website, avatar upload id
//   POST /v3/users/me/password/                change (current password) or set a first one
//   POST /v3/users/me/email/                   mail a confirmation link to the new address
//   POST /v3/users/me/email/confirm/           { token } from the link (no session needed)
//   GET  /v3/users/me/connected_accounts/      Google, Facebook, LINE and has_password
//   POST /v3/users/me/connected_accounts/:provider/     { credential, facebook_id?, password? }
//                                              connects one (its log-in's verifier; ADR 188)
//   DELETE /v3/users/me/connected_accounts/:provider/   { password? } (re-authentication, ADR 165)
//   GET  /v3/users/me/sessions/                sessions (no tokens), current marked
//   DELETE /v3/users/me/sessions/:id/          revoke one (not the current one)
//   POST /v3/users/me/sessions/revoke_others/
//   POST /v3/users/me/deactivate/              { password? } → signs out everywhere
import { z } from 'zod';
import {
  CONNECTABLE_PROVIDERS,
  connectSchema,
  deactivateSchema,
  disconnectSchema,
  emailChangeSchema,
  emailConfirmSchema,
  passwordChangeSchema,
  profileUpdateSchema,
} from '@corkboard/shared/auth/settings';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { idSchema } from '../../core/schemas.ts';
import { isHttpsPublicUrl } from '../../config/config.ts';
import { authEffectsOf, authRequestOf } from './auth-context.ts';
import {
  connectAccount,
  connectedAccounts,
  disconnectAccount,
} from './connected-accounts.service.ts';
import { deactivate, defineAccountPurgeJob } from './deactivation.service.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.service.ts';
import { changePassword } from './password-change.service.ts';
import { profileSettings, updateProfile } from './profile.service.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service.ts';

const profileSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  about: z.string(),
  website_url: z.string().nullable(),
  image_medium_url: z.string().nullable(),
  email: z.string().nullable(),
});
const connectedSchema = z.object({
  has_password: z.boolean(),
  accounts: z.array(
    z.object({
      provider: z.enum(CONNECTABLE_PROVIDERS),
      connected: z.boolean(),
      connected_at: z.string().nullable(),
    }),
  ),
});
const sessionSchema = z.object({
  id: z.string(),
  device: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
const sessionsQuery = z.object({
  bookmark: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});

/** Decision (148): writes per address per minute on these routes (forms, not scripts). */
const WRITE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const accountSettingsRoutes: ModuleRoutes = (app, { deps }, done) => {
  const tags = ['account-settings'];
  const base = '/v3/users/me';
  const cookieOptions = { secureCookie: isHttpsPublicUrl(deps.config) };
  defineAccountPurgeJob(deps);
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/profile/`,
    summary: "The viewer's profile settings",
    tags,
    access: 'viewer',
    response: profileSchema,
    handler: async ({ viewer }) => ({ data: await profileSettings(deps, viewer) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/profile/`,
    summary: 'Updates name, username, about, website and avatar (an upload id; null removes)',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    body: profileUpdateSchema,
    response: profileSchema,
    handler: async ({ viewer, body }) => ({ data: await updateProfile(deps, viewer, body) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/password/`,
    summary: 'Changes the password (current one required) or sets a first one; ends other sessions',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    body: passwordChangeSchema,
    response: z.object({ has_password: z.literal(true), other_sessions_revoked: z.number() }),
    handler: async ({ request, viewer, body }) => ({
      data: await changePassword(deps, authRequestOf(request), viewer, body),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/email/`,
    summary: 'Mails a confirmation link to a new address; nothing changes until it is opened',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    body: emailChangeSchema,
    response: z.object({ pending_email: z.string() }),
    handler: async ({ request, viewer, body }) => ({
      data: await requestEmailChange(deps, viewer, request.authSessionToken, body),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/email/confirm/`,
    summary: 'Applies an e-mail change from its link (the token proves the new mailbox)',
    tags,
    access: 'anyone',
    rateLimit: WRITE_LIMIT,
    body: emailConfirmSchema,
    response: z.object({ email: z.string() }),
    handler: async ({ body }) => ({ data: await confirmEmailChange(deps, body.token) }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/connected_accounts/`,
    summary: 'Google, Facebook and LINE: which are connected, and whether there is a password',
    tags,
    access: 'viewer',
    response: connectedSchema,
    handler: async ({ viewer }) => ({ data: await connectedAccounts(deps, viewer) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/connected_accounts/:provider/`,
    summary:
      'Connects a provider account (its token verified as for log-in; password or a fresh session)',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    params: z.object({ provider: z.enum(CONNECTABLE_PROVIDERS) }),
    body: connectSchema,
    response: connectedSchema,
    handler: async ({ request, viewer, params, body }) => ({
      data: await connectAccount(deps, request, viewer, params.provider, {
        ...body,
        sessionToken: request.authSessionToken,
      }),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: `${base}/connected_accounts/:provider/`,
    summary: 'Disconnects a provider (password or a fresh session), unless it is the last way in',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    params: z.object({ provider: z.enum(CONNECTABLE_PROVIDERS) }),
    body: disconnectSchema,
    response: connectedSchema,
    handler: async ({ request, viewer, params, body }) => ({
      data: await disconnectAccount(deps, viewer, params.provider, {
        sessionToken: request.authSessionToken,
        password: body.password,
      }),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/sessions/`,
    summary: "The viewer's active sessions (device, created, last seen, current); no tokens",
    tags,
    access: 'viewer',
    query: sessionsQuery,
    response: z.array(sessionSchema),
    handler: async ({ request, viewer, query }) => {
      const page = await listSessions(deps, viewer, request.authSessionToken, query.bookmark);
      return { data: page.items, bookmark: page.bookmark ?? undefined };
    },
  });

  registerRoute(app, {
    method: 'DELETE',
    url: `${base}/sessions/:id/`,
    summary: 'Ends one of the viewer’s other sessions',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    params: z.object({ id: idSchema }),
    response: z.null(),
    handler: async ({ request, viewer, params }) => ({
      data: await revokeSession(deps, viewer, request.authSessionToken, params.id),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/sessions/revoke_others/`,
    summary: 'Ends every session of the viewer but this one',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    response: z.object({ revoked: z.number() }),
    handler: async ({ request, viewer }) => ({
      data: await revokeOtherSessions(deps, viewer, request.authSessionToken),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/deactivate/`,
    summary: 'Deactivates the account (password, or a fresh session); 28 days to come back',
    tags,
    access: 'viewer',
    rateLimit: WRITE_LIMIT,
    body: deactivateSchema,
    response: z.object({
      resurrect_until: z.string(),
      active: z.object({ id: z.string(), username: z.string() }).nullable(),
    }),
    handler: async ({ request, reply, viewer, body }) => ({
      data: await deactivate(
        deps,
        authRequestOf(request),
        authEffectsOf(reply, cookieOptions),
        viewer,
        body,
      ),
    }),
  });

  done();
};

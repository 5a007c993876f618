// Passkeys in the security settings: /v3/users/me/security/passkeys/… (docs/decisions/166).
// Signed-in only; starting an enrolment and removing a passkey need a recent re-authentication.
// Every route has its own per-address limit on top of the global one.
import { z } from 'zod';
import {
  passkeyNameSchema,
  passkeyRegistrationResponseSchema,
} from '@corkboard/shared/auth/passkeys';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { backupCodesSchema } from './account-security.schemas.ts';
import {
  finishPasskeyEnrolment,
  listViewerPasskeys,
  removeViewerPasskey,
  renameViewerPasskey,
  startPasskeyEnrolment,
} from './passkeys.service.ts';

/** Per address and route: enough for a person managing their passkeys, not for a script. */
export const PASSKEY_SETTINGS_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  synced: z.boolean(),
});
const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema), max: z.number().int() });
const idParams = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });
// The options are handed to the browser as they are (PublicKeyCredentialCreationOptionsJSON).
const creationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.unknown(),
  user: z.unknown(),
});

export const passkeySettingsRoutes: ModuleRoutes = (app, { deps }, done) => {
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });
  const tags = ['account-security'];
  const base = '/v3/users/me/security/passkeys';
  const rateLimit = PASSKEY_SETTINGS_RATE_LIMIT;

  registerRoute(app, {
    method: 'GET',
    url: `${base}/`,
    summary: "The viewer's passkeys (name, created, last used); at most 20, so one page",
    tags,
    access: 'viewer',
    rateLimit,
    response: passkeyListSchema,
    handler: async ({ viewer }) => ({ data: await listViewerPasskeys(deps, viewer) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/options/`,
    summary: 'Registration options for navigator.credentials.create (re-auth needed)',
    tags,
    access: 'viewer',
    rateLimit,
    response: creationOptionsSchema,
    handler: async ({ request, viewer }) => ({
      data: { ...(await startPasskeyEnrolment(deps, viewer, request.authSessionToken)) },
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/`,
    summary: "Verifies the browser's new passkey and stores it; answers backup codes once",
    tags,
    access: 'viewer',
    rateLimit,
    body: z.object({
      name: passkeyNameSchema.optional(),
      response: passkeyRegistrationResponseSchema,
    }),
    response: z.object({
      passkey: passkeySchema,
      backup_codes: backupCodesSchema.shape.backup_codes,
    }),
    handler: async ({ viewer, body }) => ({
      data: await finishPasskeyEnrolment(deps, viewer, {
        name: body.name,
        response: body.response,
      }),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: `${base}/:id/`,
    summary: 'Renames one of the viewer’s passkeys',
    tags,
    access: 'viewer',
    rateLimit,
    params: idParams,
    body: z.object({ name: passkeyNameSchema }),
    response: passkeySchema,
    handler: async ({ viewer, params, body }) => ({
      data: await renameViewerPasskey(deps, viewer, params.id, body.name),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: `${base}/:id/`,
    summary: 'Removes a passkey (re-auth needed); with no factor left two-factor is off',
    tags,
    access: 'viewer',
    rateLimit,
    params: idParams,
    response: passkeyListSchema,
    handler: async ({ request, viewer, params }) => ({
      data: await removeViewerPasskey(deps, viewer, request.authSessionToken, params.id),
    }),
  });

  done();
};

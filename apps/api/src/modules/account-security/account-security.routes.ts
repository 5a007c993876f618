// Two-factor settings: /v3/users/me/security/… (docs/decisions/041). Signed-in only; changes
// need a recent re-authentication on the session (security.service.ts): the password, a code or
// a passkey (…/reauth/passkey/options/ then …/reauth/ with `passkey`; docs/decisions/189).
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import {
  backupCodesSchema,
  codeBody,
  factorKindParams,
  passkeyRequestOptionsSchema,
  reauthBody,
  securityStateSchema,
  smsEnrolmentBody,
  smsEnrolmentSchema,
  totpEnrolmentSchema,
} from './account-security.schemas.ts';
import {
  confirmSmsEnrolment,
  confirmTotpEnrolment,
  reauthenticate,
  reauthPasskeyOptions,
  regenerateBackupCodes,
  removeFactor,
  securityState,
  startSmsEnrolment,
  startTotpEnrolment,
} from './security.service.ts';

/** Per address: each options call stores a challenge row, so a script may not pile them up. */
export const REAUTH_PASSKEY_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const accountSecurityRoutes: ModuleRoutes = (app, { deps }, done) => {
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    // Secrets and backup codes are answered here: never cached anywhere.
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });
  const tags = ['account-security'];
  const base = '/v3/users/me/security';

  registerRoute(app, {
    method: 'GET',
    url: `${base}/`,
    summary: "The viewer's second factors, backup codes left and re-authentication state",
    tags,
    access: 'viewer',
    response: securityStateSchema,
    handler: async ({ request, viewer }) => ({
      data: await securityState(deps, viewer, request.authSessionToken),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/reauth/`,
    summary: 'Re-authenticates this session (password, a code or a passkey) for security changes',
    tags,
    access: 'viewer',
    body: reauthBody,
    response: securityStateSchema,
    handler: async ({ request, viewer, body }) => ({
      data: await reauthenticate(deps, viewer, request.authSessionToken, body),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/reauth/passkey/options/`,
    summary: "Options for re-authenticating this session with one of the viewer's passkeys",
    tags,
    access: 'viewer',
    rateLimit: REAUTH_PASSKEY_RATE_LIMIT,
    response: passkeyRequestOptionsSchema,
    handler: async ({ request, viewer }) => ({
      data: { ...(await reauthPasskeyOptions(deps, viewer, request.authSessionToken)) },
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/totp/`,
    summary: 'Starts authenticator-app enrolment: a new secret and its QR code (re-auth needed)',
    tags,
    access: 'viewer',
    response: totpEnrolmentSchema,
    handler: async ({ request, viewer }) => ({
      data: await startTotpEnrolment(deps, viewer, request.authSessionToken),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/totp/verify/`,
    summary: 'Confirms the authenticator app with a code; answers backup codes once',
    tags,
    access: 'viewer',
    body: codeBody,
    response: backupCodesSchema,
    handler: async ({ viewer, body }) => ({
      data: await confirmTotpEnrolment(deps, viewer, body.code),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/sms/`,
    summary: 'Starts SMS enrolment: sends a code to the phone number (re-auth needed)',
    tags,
    access: 'viewer',
    body: smsEnrolmentBody,
    response: smsEnrolmentSchema,
    handler: async ({ request, viewer, body }) => ({
      data: await startSmsEnrolment(deps, viewer, request.authSessionToken, body.phone_number),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/sms/verify/`,
    summary: 'Confirms the phone with the code sent to it; answers backup codes once',
    tags,
    access: 'viewer',
    body: codeBody,
    response: backupCodesSchema,
    handler: async ({ viewer, body }) => ({
      data: await confirmSmsEnrolment(deps, viewer, body.code),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: `${base}/factors/:kind/`,
    summary: 'Removes a second factor (re-auth needed); with none left two-factor is off',
    tags,
    access: 'viewer',
    params: factorKindParams,
    response: securityStateSchema,
    handler: async ({ request, viewer, params }) => ({
      data: await removeFactor(deps, viewer, request.authSessionToken, params.kind),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/backup_codes/`,
    summary: 'Replaces the backup codes with ten new ones, answered once (re-auth needed)',
    tags,
    access: 'viewer',
    response: backupCodesSchema,
    handler: async ({ request, viewer }) => ({
      data: await regenerateBackupCodes(deps, viewer, request.authSessionToken),
    }),
  });

  done();
};

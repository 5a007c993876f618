// Account switching (auth.md §2 "/add-account"; docs/decisions/161). Signed-in only; accounts are
// named by user id and resolved against the sessions this browser's cookies hold.
//   GET  /v3/users/me/accounts/            the accounts logged in here (active first; ≤ 5)
//   POST /v3/users/me/accounts/switch/     { user_id } → makes it active; { next: '/{username}/' }
//   POST /v3/users/me/accounts/logout/     { user_id } → logs out of that one account
// Logging out of all accounts is POST /v3/logout/ (the multi-session plugin ends every held
// session on sign-out). Adding an account is POST /v3/login/ with `isAccountSwitch: true`.
import { z } from 'zod';
import { MAX_SWITCH_ACCOUNTS } from '@corkboard/shared/auth/account-switching';
import { switchAccountSchema } from './account-switching.schemas.ts';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { isHttpsPublicUrl } from '../../config/config.ts';
import { authEffectsOf, authRequestOf } from './auth-context.ts';
import { listSwitcherAccounts, logoutAccount, switchAccount } from './account-switching.service.ts';

const switcherAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  fullName: z.string(),
  imageMediumUrl: z.string().nullable(),
  imageLargeUrl: z.string().nullable(),
  partner: z.object({ is_create: z.boolean() }).optional(),
  active: z.boolean(),
});

/** Decision (161): switches and log-outs per address per minute (a menu, not a script). */
const SWITCH_LIMIT = { max: 30, timeWindow: '1 minute' };

export const accountSwitchingRoutes: ModuleRoutes = (app, { deps }, done) => {
  const tags = ['account-switching'];
  const base = '/v3/users/me/accounts';
  const cookieOptions = { secureCookie: isHttpsPublicUrl(deps.config) };
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/`,
    summary: `The accounts this browser is logged in to, the active one first (at most ${MAX_SWITCH_ACCOUNTS})`,
    tags,
    access: 'viewer',
    rateLimit: { max: 60, timeWindow: '1 minute' },
    response: z.object({ accounts: z.array(switcherAccountSchema), max: z.number() }),
    handler: async ({ request, reply }) => ({
      data: await listSwitcherAccounts(
        deps,
        authRequestOf(request),
        authEffectsOf(reply, cookieOptions),
      ),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/switch/`,
    summary: 'Makes an account this browser is logged in to the active one',
    tags,
    access: 'viewer',
    rateLimit: SWITCH_LIMIT,
    body: switchAccountSchema,
    response: z.object({ next: z.string() }),
    handler: async ({ request, reply, body }) => ({
      data: await switchAccount(
        deps,
        authRequestOf(request),
        authEffectsOf(reply, cookieOptions),
        body.user_id,
      ),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/logout/`,
    summary: 'Logs this browser out of one of its accounts (the next one becomes active)',
    tags,
    access: 'viewer',
    rateLimit: SWITCH_LIMIT,
    body: switchAccountSchema,
    response: z.object({
      active: z.object({ id: z.string(), username: z.string() }).nullable(),
    }),
    handler: async ({ request, reply, body }) => ({
      data: await logoutAccount(
        deps,
        authRequestOf(request),
        authEffectsOf(reply, cookieOptions),
        body.user_id,
      ),
    }),
  });

  done();
};

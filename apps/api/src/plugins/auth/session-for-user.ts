// A server-only Better Auth endpoint that opens a session for a person whose identity was proven
// some other way than a password: a verified Google, LINE or SSO ID token, a Facebook token the
// Graph API vouched for (docs/decisions/030). It creates the session through Better Auth's own
// adapter, so the session-creation hook of auth-engine.ts (suspended, soft-banned, purged,
// reactivation) runs exactly as for an e-mail login, and sets the signed session cookie the same
// way. Path-less, so no HTTP route reaches it: only `auth.api.createSessionForUser` on the server.
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/** Answer code when the user row is gone (deleted between the check and the session). */
export const SESSION_USER_MISSING = 'CORKBOARD_SESSION_USER_MISSING';

export function sessionForUserPlugin() {
  return {
    id: 'corkboard-session-for-user',
    endpoints: {
      createSessionForUser: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().regex(/^\d+$/) }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) {
            throw new APIError('NOT_FOUND', {
              code: SESSION_USER_MISSING,
              message: 'No such user.',
            });
          }
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

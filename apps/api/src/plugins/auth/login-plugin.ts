// Corkboard's own Better Auth plugin: one server-only endpoint that creates a session for a
// person our /v3 code has already authenticated (password, second factor, passkey, and the
// social issue's ID tokens), and sets its cookie. It is never on the HTTP router (serverOnly,
// and auth-handler.ts's allow-list), so only "complete the login"
// (modules/auth/complete-login.service.ts) calls it, after every check. Session creation still
// runs the engine's database hooks (suspended, soft-banned, deactivated) and the multi-session
// plugin's cookie bookkeeping, exactly as Better Auth's own sign-in endpoints would.
import { APIError } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

export function corkboardLoginPlugin() {
  return {
    id: 'corkboard-login',
    endpoints: {
      createSessionForUser: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('UNAUTHORIZED', { message: 'No such user.' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: String(user.id), sessionId: String(session.id) });
        },
      ),
    },
  } as const;
}

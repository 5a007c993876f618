// Corkboard's own Better Auth plugin: one server-only endpoint that creates a session for a
// person our /v3 code has already authenticated (password, second factor, passkey, and the
// social issue's ID tokens), and sets its cookie. It is never on the HTTP router (serverOnly,
// and auth-handler.ts's allow-list), so only "complete the login"
// (modules/auth/complete-login.service.ts) calls it, after every check. Session creation still
// runs the engine's database hooks (suspended, soft-banned, deactivated) and the multi-session
// plugin's cookie bookkeeping, exactly as Better Auth's own sign-in endpoints would.
//
// The person is read once (ADR 199): the engine's session hook reads the account to check its
// status anyway, and hands that row to this endpoint (`sessionUserSlot`) instead of the endpoint
// reading the same row just before it, by id, a second time.
import { AsyncLocalStorage } from 'node:async_hooks';
import { APIError, type User } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

interface SessionUserSlot {
  /** The person the session is being created for. */
  userId: string;
  /** Their row, as the session hook read it. */
  user?: User;
}

const sessionUserSlot = new AsyncLocalStorage<SessionUserSlot>();

/**
 * The session hook's read of the person a session is being created for: kept for the endpoint
 * below when it is the one creating this person's session (anywhere else: ignored).
 */
export function offerSessionUser(userId: string, user: User): void {
  const slot = sessionUserSlot.getStore();
  if (slot && slot.userId === userId) slot.user = user;
}

export function corkboardLoginPlugin() {
  return {
    id: 'corkboard-login',
    endpoints: {
      createSessionForUser: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const slot: SessionUserSlot = { userId: ctx.body.userId };
          // The hook refuses suspended, soft-banned and gone accounts (the insert then does not
          // happen) and offers the row it read; an account without a row cannot have a session.
          const session = await sessionUserSlot.run(slot, () =>
            ctx.context.internalAdapter.createSession(slot.userId),
          );
          const user = slot.user ?? (await ctx.context.internalAdapter.findUserById(slot.userId));
          if (!user) throw new APIError('UNAUTHORIZED', { message: 'No such user.' });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: String(user.id), sessionId: String(session.id) });
        },
      ),
    },
  } as const;
}

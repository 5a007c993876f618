// Account switching (issue 9, docs/decisions/161): the sessions a browser holds. Better Auth's
// multi-session plugin keeps one signed, HttpOnly cookie per logged-in account
// (`corkboard.session_token_multi-<token>`); its own HTTP endpoints take and answer raw session
// tokens, so they are never routed (auth-handler.ts's allow-list). These server-only endpoints
// are what our /v3 routes (modules/auth/account-switching.service.ts) call instead: they read the
// browser's signed cookies themselves, so a person can only ever switch to, or log out of, a
// session whose cookie this browser really holds, named by its user id; no token is answered.
import { APIError } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import {
  deleteSessionCookie,
  expireCookie,
  parseCookies,
  setSessionCookie,
} from 'better-auth/cookies';
import { z } from 'zod';

/** The code our service maps to ACCOUNT_SWITCH_NOT_HELD. */
export const NOT_HELD_ERROR = 'CORKBOARD_SESSION_NOT_HELD';

/** What the endpoints tell our service about one held account (never the token). */
export interface HeldAccount {
  userId: string;
  sessionId: string;
  current: boolean;
  createdAt: string;
}

type EndpointContext = Parameters<Parameters<typeof createAuthEndpoint.serverOnly>[1]>[0];

interface HeldSession {
  token: string;
  userId: string;
  sessionId: string;
  createdAt: Date;
  current: boolean;
  /** The multi-session cookie holding it; null for a current session from before switching. */
  cookieName: string | null;
}

function multiCookiePrefix(ctx: EndpointContext): string {
  return `${ctx.context.authCookies.sessionToken.name}_multi-`.toLowerCase();
}

/**
 * The live sessions this browser holds (current first, then newest), one per person, and the
 * names of its multi-session cookies that no longer hold a live session.
 */
async function heldSessions(
  ctx: EndpointContext,
): Promise<{ held: HeldSession[]; stale: string[] }> {
  const cookies = parseCookies(ctx.headers?.get('cookie') ?? '');
  const prefix = multiCookiePrefix(ctx);
  const byCookie = new Map<string, string>();
  for (const name of cookies.keys()) {
    if (!name.toLowerCase().startsWith(prefix)) continue;
    const token: unknown = await ctx.getSignedCookie(name, ctx.context.secret);
    if (typeof token === 'string' && token.length > 0) byCookie.set(name, token);
  }
  const currentToken: unknown = await ctx.getSignedCookie(
    ctx.context.authCookies.sessionToken.name,
    ctx.context.secret,
  );
  const tokens = new Set(byCookie.values());
  if (typeof currentToken === 'string' && currentToken.length > 0) tokens.add(currentToken);
  const found = tokens.size
    ? await ctx.context.internalAdapter.findSessions([...tokens], { onlyActiveSessions: true })
    : [];
  const now = Date.now();
  const live = new Map<string, { userId: string; sessionId: string; createdAt: Date }>();
  for (const entry of found) {
    if (!entry || new Date(entry.session.expiresAt).getTime() <= now) continue;
    live.set(entry.session.token, {
      userId: String(entry.user.id),
      sessionId: String(entry.session.id),
      createdAt: new Date(entry.session.createdAt),
    });
  }
  const stale: string[] = [];
  const cookieOf = new Map<string, string>();
  for (const [name, token] of byCookie) {
    if (live.has(token)) cookieOf.set(token, name);
    else stale.push(name);
  }
  const held: HeldSession[] = [];
  for (const [token, session] of live) {
    held.push({
      token,
      ...session,
      current: token === currentToken,
      cookieName: cookieOf.get(token) ?? null,
    });
  }
  held.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const seen = new Set<string>();
  const perPerson = held.filter((session) => {
    if (seen.has(session.userId)) return false;
    seen.add(session.userId);
    return true;
  });
  return { held: perPerson, stale };
}

function expireMulti(ctx: EndpointContext, name: string): void {
  expireCookie(ctx, { name, attributes: ctx.context.authCookies.sessionToken.attributes });
}

function publicHeld(session: HeldSession): HeldAccount {
  return {
    userId: session.userId,
    sessionId: session.sessionId,
    current: session.current,
    createdAt: session.createdAt.toISOString(),
  };
}

/** Gives a current session from before account switching its multi-session cookie. */
async function keepHolding(ctx: EndpointContext, session: HeldSession | undefined): Promise<void> {
  if (!session || session.cookieName !== null) return;
  await ctx.setSignedCookie(
    `${ctx.context.authCookies.sessionToken.name}_multi-${session.token.toLowerCase()}`,
    session.token,
    ctx.context.secret,
    ctx.context.authCookies.sessionToken.attributes,
  );
}

export function heldSessionsPlugin() {
  return {
    id: 'corkboard-held-sessions',
    endpoints: {
      /** The accounts this browser holds; clears cookies of sessions that ended. */
      listHeldAccounts: createAuthEndpoint.serverOnly(
        { method: 'POST', requireHeaders: true },
        async (ctx) => {
          const { held, stale } = await heldSessions(ctx);
          for (const name of stale) expireMulti(ctx, name);
          return ctx.json({ accounts: held.map(publicHeld) });
        },
      ),
      /** Makes this browser's session of `userId` the active one. */
      activateHeldAccount: createAuthEndpoint.serverOnly(
        { method: 'POST', requireHeaders: true, body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const { held } = await heldSessions(ctx);
          const target = held.find((session) => session.userId === ctx.body.userId);
          if (!target)
            throw new APIError('NOT_FOUND', { code: NOT_HELD_ERROR, message: 'Not held.' });
          if (!target.current) {
            await keepHolding(
              ctx,
              held.find((session) => session.current),
            );
            const full = await ctx.context.internalAdapter.findSession(target.token);
            if (!full)
              throw new APIError('NOT_FOUND', { code: NOT_HELD_ERROR, message: 'Not held.' });
            await setSessionCookie(ctx, full);
          }
          return ctx.json({ account: publicHeld({ ...target, current: true }) });
        },
      ),
      /**
       * Ends this browser's session of `userId`. When it was the active one, the next held account
       * (newest first) becomes active, or the browser is signed out.
       */
      revokeHeldAccount: createAuthEndpoint.serverOnly(
        { method: 'POST', requireHeaders: true, body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const { held } = await heldSessions(ctx);
          const target = held.find((session) => session.userId === ctx.body.userId);
          if (!target)
            throw new APIError('NOT_FOUND', { code: NOT_HELD_ERROR, message: 'Not held.' });
          await ctx.context.internalAdapter.deleteSession(target.token);
          if (target.cookieName) expireMulti(ctx, target.cookieName);
          const rest = held.filter((session) => session !== target);
          if (!target.current) {
            return ctx.json({ active: rest.find((session) => session.current)?.userId ?? null });
          }
          for (const next of rest) {
            const full = await ctx.context.internalAdapter.findSession(next.token);
            if (!full) continue;
            await setSessionCookie(ctx, full);
            return ctx.json({ active: next.userId });
          }
          deleteSessionCookie(ctx);
          return ctx.json({ active: null });
        },
      ),
    },
  } as const;
}

// The default viewer resolver: the Better Auth session cookie → our user id. Requests without
// the cookie (and immutable files) never touch the database. A refreshed session's new cookie,
// or the deletion of a stale one, is passed on to the answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionCache } from '../../lib/session-cache.ts';
import type { Viewer, ViewerResolver } from '../app/viewer.ts';
import { isApiPath } from '../app/errors.ts';
import { AUTH_COOKIE_PREFIX, type AuthEngine } from './auth-engine.ts';
import { engineHeaders } from './engine-headers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session token behind `viewer`, so logout and reset can tell "this session". */
    authSessionToken: string | null;
  }
}

/** Matches `corkboard.session_token=` and its `__Secure-` form. */
const SESSION_COOKIE_MARKER = `${AUTH_COOKIE_PREFIX}.session_token=`;
/** Files that never depend on who asks. */
const ANONYMOUS_PREFIXES = ['/assets/', '/media/'];

export function forwardSetCookies(reply: FastifyReply, headers: Headers): void {
  for (const line of headers.getSetCookie()) reply.header('set-cookie', line);
}

/**
 * The engine's cookies of a request (`corkboard.*`, `__Secure-corkboard.*`), in order: what the
 * session lookup depends on, so the session cache's key.
 */
function authCookies(cookieHeader: string): string {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.replace(/^__Secure-/, '').startsWith(`${AUTH_COOKIE_PREFIX}.`))
    .join('; ');
}

export function sessionViewerResolver(
  engine: AuthEngine,
  log: { error(object: object, message: string): void },
  sessions?: SessionCache,
): ViewerResolver {
  const lookUp = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
  ): Promise<Viewer | null> => {
    const generation = sessions?.generation ?? 0;
    try {
      const result = await engine.api.getSession({
        headers: engineHeaders(request),
        returnHeaders: true,
      });
      forwardSetCookies(reply, result.headers);
      if (!result.response) return null;
      const { session, user } = result.response;
      request.authSessionToken = session.token;
      // A lookup that changed cookies (a refreshed session) is not remembered: the browser's next
      // request carries the new ones.
      if (result.headers.getSetCookie().length === 0) {
        sessions?.set(key, generation, {
          userId: user.id,
          token: session.token,
          expiresAt: new Date(session.expiresAt),
        });
      }
      return { id: user.id };
    } catch (error) {
      // A page still loads as a visitor when the session store is down; the API says so.
      if (isApiPath(request.url)) throw error;
      log.error({ err: error }, 'session lookup failed; serving the page signed out');
      return null;
    }
  };
  // What is known without waiting (no session cookie, a session looked up moments ago) is
  // answered at once, without a promise (docs/decisions/196); only a lookup is asynchronous.
  return (request: FastifyRequest, reply: FastifyReply): Viewer | null | Promise<Viewer | null> => {
    if (ANONYMOUS_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return null;
    const cookieHeader = request.headers.cookie;
    if (cookieHeader === undefined || !cookieHeader.includes(SESSION_COOKIE_MARKER)) return null;
    // ADR 145: a session looked up moments ago is not looked up again.
    const key = SessionCache.keyOf(authCookies(cookieHeader));
    const cached = sessions?.get(key);
    if (cached !== undefined) {
      request.authSessionToken = cached.token;
      return { id: cached.userId };
    }
    return lookUp(request, reply, key);
  };
}

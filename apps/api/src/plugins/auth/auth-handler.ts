// Better Auth's own HTTP endpoints under /api/auth/*, converted from Fastify to a Web Request.
// Only an allow-list is reachable: the session endpoints. Sign-up, sign-in, password and
// profile endpoints would bypass our rules (password policy, lockout, captcha, username
// format), so the product uses /v3/… for those, which call auth.api.* after the checks.
// Social sign-in callbacks join the list when that issue lands.
//
// Issue 9: page script never sees a raw session token (the answers of get-session and
// list-sessions are cut down to what a page may know), and a body nested deeper than any real
// one answers 400 BAD_REQUEST before Better Auth (whose JSON handling recurses) sees it.
import type { FastifyInstance } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import { findUnstorableText } from '../../lib/unstorable-text.ts';
import { exceedsJsonDepth } from '../app/json-depth.ts';
import { AUTH_BASE_PATH, type AuthEngine } from './auth-engine.ts';
import { engineHeaders } from './engine-headers.ts';
import { forwardSetCookies } from './session-viewer.ts';

export const AUTH_HANDLER_PATHS: ReadonlySet<string> = new Set([
  '/get-session',
  '/sign-out',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/ok',
]);

/** The session fields a page may read: never `token`, which is the session itself. */
const PUBLIC_SESSION_FIELDS = ['id', 'userId', 'expiresAt', 'createdAt', 'updatedAt'] as const;

function publicSession(session: unknown): Record<string, unknown> | null {
  if (session === null || typeof session !== 'object') return null;
  const source = session as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const field of PUBLIC_SESSION_FIELDS) if (field in source) result[field] = source[field];
  return result;
}

/** get-session and list-sessions answers without tokens; other answers unchanged. */
export function withoutSessionTokens(subPath: string, text: string): string {
  if (subPath !== '/get-session' && subPath !== '/list-sessions') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (subPath === '/list-sessions') {
    return JSON.stringify(Array.isArray(parsed) ? parsed.map(publicSession) : []);
  }
  if (parsed === null || typeof parsed !== 'object') return text;
  const answer = parsed as { session?: unknown; user?: unknown };
  return JSON.stringify({ session: publicSession(answer.session), user: answer.user ?? null });
}

/** Headers of Better Auth's answer we must not copy (Fastify computes its own). */
const HOP_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
]);

export function registerAuthHandler(
  app: FastifyInstance,
  engine: AuthEngine,
  publicUrl: string,
): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => {
      const url = new URL(request.url, publicUrl);
      const subPath = url.pathname.slice(AUTH_BASE_PATH.length).replace(/\/+$/, '');
      if (!AUTH_HANDLER_PATHS.has(subPath)) throw new AppError('ROUTE_NOT_FOUND');
      // Depth first: the text check below walks the body recursively.
      if (request.method === 'POST' && exceedsJsonDepth(request.body)) {
        throw new AppError('BAD_REQUEST', { detail: 'The request body is nested too deeply.' });
      }
      // The engine stores what it is sent; text PostgreSQL cannot hold is refused here as in the
      // one input parser (docs/decisions/090).
      const unstorable = findUnstorableText([request.body ?? null, request.query]);
      if (unstorable) {
        throw new AppError('TEXT_INVALID_CHARACTERS', {
          data: { location: unstorable[0] === 0 ? 'body' : 'querystring' },
        });
      }
      const headers = engineHeaders(request);
      const init: RequestInit = { method: request.method, headers };
      if (request.method === 'POST') {
        headers.set('content-type', 'application/json');
        init.body = JSON.stringify(request.body ?? {});
      }
      const response = await engine.handler(new Request(url, init));
      response.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) reply.header(name, value);
      });
      forwardSetCookies(reply, response.headers);
      reply.header('Cache-Control', 'no-store');
      const text = await response.text();
      const ok = response.status === 200;
      return reply.status(response.status).send(ok ? withoutSessionTokens(subPath, text) : text);
    },
  });
}

// What the auth services need from a request, and what they may do to the answer, as plain
// interfaces: the services stay free of Fastify and the routes stay thin.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  UNDERAGE_COOKIE,
  UNDERAGE_COOKIE_MAX_AGE_SECONDS,
  UNDERAGE_COOKIE_VALUE,
} from '@corkboard/shared/auth/api';
import { issueCsrfToken } from '../../plugins/app/csrf.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { engineHeaders } from '../../plugins/auth/engine-headers.ts';
import type { RequestExperiments } from '../../plugins/experiments/experiments.plugin.ts';

export interface AuthRequest {
  /** The client IP (TRUST_PROXY aware). */
  ip: string;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  /** Headers to hand Better Auth (cookies, user agent, our client-IP header). */
  engineHeaders: Headers;
  viewer: Viewer | null;
  sessionToken: string | null;
  cookies: Readonly<Record<string, string | undefined>>;
  experiments: RequestExperiments;
}

export interface AuthEffects {
  /** Set-Cookie lines from Better Auth (session cookie set or cleared). */
  appendSetCookies(lines: readonly string[]): void;
  /** auth.md §4: under-age → the ineligible cookie. */
  setUnderageCookie(): void;
  /** A new CSRF token whenever the session changes (login, signup, logout). */
  rotateCsrf(): void;
  /** An HttpOnly, SameSite=Lax cookie of ours (the pending two-factor log-in). */
  setCookie(name: string, value: string, options: { path: string; maxAgeSeconds: number }): void;
  clearCookie(name: string, path: string): void;
}

export function authRequestOf(request: FastifyRequest): AuthRequest {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    ip: request.ip,
    userAgent: header('user-agent'),
    acceptLanguage: header('accept-language'),
    engineHeaders: engineHeaders(request),
    viewer: request.viewer,
    sessionToken: request.authSessionToken,
    cookies: request.cookies,
    experiments: request.experiments,
  };
}

export function authEffectsOf(
  reply: FastifyReply,
  options: { secureCookie: boolean },
): AuthEffects {
  return {
    appendSetCookies(lines) {
      for (const line of lines) reply.header('set-cookie', line);
    },
    setUnderageCookie() {
      reply.setCookie(UNDERAGE_COOKIE, UNDERAGE_COOKIE_VALUE, {
        path: '/',
        sameSite: 'lax',
        // The page reads it to disable the birthday input, and clears it on 'Edit'.
        httpOnly: false,
        secure: options.secureCookie,
        maxAge: UNDERAGE_COOKIE_MAX_AGE_SECONDS,
      });
    },
    rotateCsrf() {
      issueCsrfToken(reply, options);
    },
    setCookie(name, value, cookie) {
      reply.setCookie(name, value, {
        path: cookie.path,
        sameSite: 'lax',
        httpOnly: true,
        secure: options.secureCookie,
        maxAge: cookie.maxAgeSeconds,
      });
    },
    clearCookie(name, path) {
      reply.clearCookie(name, {
        path,
        sameSite: 'lax',
        httpOnly: true,
        secure: options.secureCookie,
      });
    },
  };
}

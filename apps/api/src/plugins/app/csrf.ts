// CSRF protection by double submit: the server sets a random `csrftoken` cookie that page script
// can read, and every state-changing request must echo it in X-CSRFToken. A cross-site page can
// make the browser send the cookie but cannot read it, so it cannot forge the header.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding is 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Methods that may change state and therefore must prove they come from our own pages. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A year: the token is not a secret credential, only proof of same-origin reading. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function newCsrfToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

function tokensMatch(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface CsrfOptions {
  /** Sets `Secure` on the cookie; true when the public URL is https. */
  secureCookie: boolean;
}

/**
 * Sets a fresh token cookie. Also called at login and logout, so a token a page learned while
 * signed out (or as someone else) stops working once the session changes.
 */
export function issueCsrfToken(reply: FastifyReply, options: CsrfOptions): string {
  const token = newCsrfToken();
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: options.secureCookie,
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
  return token;
}

export function registerCsrf(app: FastifyInstance, options: CsrfOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.cookies[CSRF_COOKIE];
    const cookieToken = raw !== undefined && TOKEN_PATTERN.test(raw) ? raw : undefined;
    if (cookieToken === undefined) {
      // Issue a token on any answer (including this request's failure) so the client can retry.
      issueCsrfToken(reply, options);
    }
    if (UNSAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (
        cookieToken === undefined ||
        typeof header !== 'string' ||
        !tokensMatch(header, cookieToken)
      ) {
        done(new AppError('CSRF_FAILED'));
        return;
      }
    }
    done();
  });
}

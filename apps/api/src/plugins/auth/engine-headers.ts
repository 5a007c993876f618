// The headers we hand Better Auth for a request: only what it needs (cookies, user agent,
// origin for its own checks) plus the client IP as Fastify determined it, under a header name
// we control, so a client cannot pick the IP recorded on its session.
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './auth-engine.ts';

const FORWARDED = ['cookie', 'user-agent', 'origin', 'referer', 'content-type', 'accept'] as const;

export function engineHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

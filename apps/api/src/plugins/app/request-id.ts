// Request ids tie a log line to a response. An incoming X-Request-Id (from a proxy or the client)
// is kept when it is a sane token, so one id follows a request across hops; anything else could
// forge or flood log lines, so it is replaced by a fresh UUID.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

export function registerRequestIdEcho(app: FastifyInstance): void {
  // onRequest (not onSend) so the header is on every answer, including ones that fail early.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}

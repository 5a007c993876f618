// Answers written before the request pipeline runs, in the same envelope and with the same
// security headers as everything else (issue 13: 303 answers came out as the framework's own
// JSON or Node's empty body):
//   - the router's own errors (Fastify `frameworkErrors`): a malformed percent-escape (400
//     BAD_REQUEST) and a path segment longer than ROUTER_MAX_PARAM_LENGTH (414 URI_TOO_LONG);
//   - Node's HTTP parser errors (`clientErrorHandler`, raw on the socket): headers over Node's
//     16 KiB (431 HEADERS_TOO_LARGE), a request that took longer than REQUEST_TIMEOUT_MS (408
//     REQUEST_TIMEOUT) and anything else unparseable (400 BAD_REQUEST).
// No hooks run for these, so the security headers come from a fixed list
// (security-headers.ts `securityHeaderValues`) and the request id is made here.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import { failureBody, sendAppError } from './errors.ts';

/**
 * Fastify's default, kept and named: the longest path parameter the router matches. Usernames,
 * slugs (from names of at most 50 characters) and ids are far shorter.
 */
export const ROUTER_MAX_PARAM_LENGTH = 100;

/**
 * Decision (docs/decisions/091): a request, body included, must arrive within two minutes. A
 * 32 MiB upload at 3 Mbit/s takes about 90 s; slower clients are cut off instead of holding a
 * connection forever. The upload route has its own, configurable deadline for the body.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Fastify's `frameworkErrors`: the router's 400 and 414 as the envelope. */
export function frameworkErrorHandler(
  securityHeaders: Readonly<Record<string, string>>,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    reply.headers(securityHeaders).header('X-Request-Id', request.id);
    const appError =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('URI_TOO_LONG', { data: { max_length: ROUTER_MAX_PARAM_LENGTH } })
        : new AppError('BAD_REQUEST', { detail: 'The web address is not valid.' });
    void sendAppError(reply, appError);
  };
}

function clientAppError(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW') return new AppError('HEADERS_TOO_LARGE');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('REQUEST_TIMEOUT');
  return new AppError('BAD_REQUEST');
}

/** Node's `clientError` (via Fastify's `clientErrorHandler`): the answer written on the socket. */
export function clientErrorHandler(
  securityHeaders: Readonly<Record<string, string>>,
  newRequestId: () => string,
  log: () => FastifyBaseLogger,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    // A reset or an already-closed socket has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const appError = clientAppError(error.code);
    const requestId = newRequestId();
    log().info(
      { reqId: requestId, code: error.code, statusCode: appError.httpStatus },
      'client error',
    );
    if (socket.writable) {
      const body = JSON.stringify(failureBody(appError));
      const headers: Record<string, string> = {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'x-request-id': requestId,
        'cache-control': 'no-store',
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n');
      const status = `${appError.httpStatus} ${STATUS_CODES[appError.httpStatus] ?? ''}`;
      socket.end(`HTTP/1.1 ${status}\r\n${head}\r\n\r\n${body}`);
      return;
    }
    socket.destroy(error);
  };
}

// Who may make the server read a body, and how much (issue 13, docs/decisions/093). Bodies are
// read in the preParsing step, after the viewer is known (onRequest), so:
//   - a route that needs a signed-in person (access 'viewer' or 'admin', set in its config by
//     registerRoute / registerResource) answers a visitor 401 UNAUTHORIZED before reading a byte:
//     a visitor's 2 MiB PinResource body used to be parsed first;
//   - an anonymous request may send at most ANONYMOUS_BODY_LIMIT_BYTES to any route (413
//     PAYLOAD_TOO_LARGE), whatever larger limit the route allows signed-in people.
// The operator check for 'admin' stays with the route (it costs a query; a signed-in person's
// body is bounded by the route's own limit anyway).
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import type { Access } from '../access.ts';

/**
 * Decision (docs/decisions/093): the most an anonymous request may send. Every anonymous form
 * (log-in, sign-up, recovery, client logs) fits in a few kilobytes.
 */
export const ANONYMOUS_BODY_LIMIT_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (core/access.ts); read before the body is. */
    access?: Access;
  }
}

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', { data: { max_bytes: ANONYMOUS_BODY_LIMIT_BYTES } });
}

/** Passes a body through, failing once more than `limit` bytes have arrived. */
function byteLimit(limit: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}

/**
 * Whether the request's framing announces a body. Without Content-Length or Transfer-Encoding an
 * HTTP/1.1 request has none (RFC 9112 §6.3), and Node's parser delivers none: nothing to bound.
 */
function announcesBody(request: FastifyRequest): boolean {
  return (
    request.headers['content-length'] !== undefined ||
    request.headers['transfer-encoding'] !== undefined
  );
}

export function registerBodyGate(app: FastifyInstance): void {
  // A callback hook: every request passes here, and a bodiless one (every page and GET) leaves
  // without a promise or a stream (docs/decisions/196).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const access = request.routeOptions.config.access;
    if ((access === 'viewer' || access === 'admin') && request.viewer === null) {
      done(new AppError('UNAUTHORIZED'));
      return;
    }
    if (request.viewer !== null || !announcesBody(request)) {
      done(null, payload);
      return;
    }
    const declared = request.headers['content-length'];
    if (declared !== undefined) {
      // Node's parser never delivers more than Content-Length, so the header is the whole check.
      if (Number(declared) > ANONYMOUS_BODY_LIMIT_BYTES) done(tooLarge());
      else done(null, payload);
      return;
    }
    const limited = byteLimit(ANONYMOUS_BODY_LIMIT_BYTES);
    payload.on('error', (error) => limited.destroy(error));
    done(null, payload.pipe(limited));
  });
}

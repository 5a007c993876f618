// The server's logger options. The request log keeps the method, path and query of every
// request, but never the value of a secret carried in the query string: a password-reset link
// (`/password/reset/?token=…`), a board invitation (`/v3/board_invites/?token=…`) or an OAuth
// callback's code is as good as a password to whoever reads the log (issue 9).
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { LogLevel } from '../../config/config.ts';

/** Query parameters whose value is a secret: replaced by REDACTED in every logged URL. */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'token',
  'code',
  'state',
  'access_token',
  'id_token',
  'refresh_token',
  'password',
  'secret',
  'mfa_token',
  'sso_auth_code',
  'credential',
]);
export const REDACTED = '[redacted]';

/** A log destination (pino writes one JSON line per call). */
export interface LogStream {
  write(line: string): void;
}

/**
 * `url` with the value of every secret query parameter replaced, the rest kept byte for byte
 * (so a log line still shows which page or endpoint was asked for, and with which other options).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' ')).toLowerCase();
      } catch {
        // A name that does not decode is not one of ours, but may hide one: redact it.
        return `${rawName}=${REDACTED}`;
      }
      return SECRET_QUERY_PARAMS.has(name) && equals >= 0 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${redacted}`;
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(
  level: LogLevel,
  stream?: LogStream,
): (LoggerOptions & { stream?: LogStream }) | false {
  if (level === 'silent') return false;
  return {
    level,
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

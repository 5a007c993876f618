// The server's logger options. The request log keeps the method, path and query of every
// request, but never the value of a secret carried in the query string: a password-reset link
// (`/password/reset/?token=…`), a board invitation (`/v3/board_invites/?token=…`) or an OAuth
// callback's code is as good as a password to whoever reads the log (issue 9).
// Errors are serialized without the values a database error carries (issue 13: error logs
// recorded SQL parameters, e-mails and names among them).
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { levels, type Bindings, type ChildLoggerOptions, type LoggerOptions } from 'pino';
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

/**
 * Fields of a database error (PostgreSQL's wire fields, as `pg` and PGlite expose them) that
 * hold no value from a row or a parameter, kept in the log to find the fault. Everything else —
 * `params`, `detail` ("Key (email)=(ann@…) already exists"), `where` ("parameter $1 = '…'"),
 * `hint`, `internalQuery` — is dropped.
 */
export const DATABASE_ERROR_LOGGED_FIELDS: readonly string[] = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'position',
  // The statement text: parameterised everywhere (Kysely), so it holds no values.
  'query',
];
/** Own fields never logged from any error. */
const UNLOGGED_ERROR_FIELDS: ReadonlySet<string> = new Set([
  'params',
  'parameters',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'queryOptions',
]);
/** How deep a chain of causes is followed. */
const MAX_CAUSE_DEPTH = 5;

type LoggedError = Record<string, unknown>;

function isDatabaseError(error: Error): boolean {
  const fields = error as unknown as Record<string, unknown>;
  return (
    typeof fields.severity === 'string' &&
    typeof fields.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(fields.code)
  );
}

/**
 * PostgreSQL quotes the offending value in its messages (`invalid input syntax for type uuid:
 * "…"`); quoted names (constraints, columns) are lost too, but they are logged as fields.
 */
function withoutQuotedValues(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, `"${REDACTED}"`);
}

/** An error (and its causes) as a log line carries it, without values from the database. */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const database = isDatabaseError(value);
  const clean = (text: string | undefined) =>
    text === undefined ? undefined : database ? withoutQuotedValues(text) : text;
  const logged: LoggedError = {
    type: value.constructor.name,
    message: clean(value.message),
    stack: clean(value.stack),
  };
  const fields = value as unknown as Record<string, unknown>;
  if (database) {
    for (const name of DATABASE_ERROR_LOGGED_FIELDS) {
      if (fields[name] !== undefined) logged[name] = fields[name];
    }
  } else {
    for (const [name, field] of Object.entries(fields)) {
      if (UNLOGGED_ERROR_FIELDS.has(name) || name in logged || name === 'cause') continue;
      logged[name] = field;
    }
  }
  if (value.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    logged.cause = serializeError(value.cause, depth + 1);
  }
  return logged;
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
    serializers: {
      req: serializeRequest,
      err: (error: unknown) => serializeError(error),
      cause: (error: unknown) => serializeError(error),
    },
    ...(stream ? { stream } : {}),
  };
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** A pino level's number; `silent` (and anything unknown) is above every level. */
function levelValue(level: string): number {
  return levels.values[level] ?? Number.POSITIVE_INFINITY;
}

/**
 * A request's logger that makes pino's child (the one binding the request id) only when a line is
 * written at an enabled level (docs/decisions/202). Fastify made the child for every request on
 * arrival; at LOG_LEVEL=warn a request that logs nothing paid for it anyway. A line written
 * through it is the child's line, byte for byte.
 */
export class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** Whether pino's child has been made (tests). */
  get materialised(): boolean {
    return this.#child !== undefined;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: LevelName, args: unknown[]): void {
    const logger = this.#child ?? this.#parent;
    if (levelValue(level) < levelValue(logger.level)) return;
    const real = this.#real();
    Reflect.apply(real[level], real, args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a LazyChildLogger, unless the route asks for its own level or
 * serializers (none does), which pino's child then applies at once.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new LazyChildLogger(logger, bindings);
}

// A minimal HTTP layer for the peers: loopback-only listening, a path router, bounded body
// reading. The peers answer in each provider's own error shapes, so a framework's default error
// handling would get in the way more than it helps.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The only interface the peers ever bind. */
export const LOOPBACK_HOST = '127.0.0.1';

/** Largest request body a peer reads; real providers cap bodies too. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** An error meant for the client: status plus a short reason, shaped by each peer. */
export class PeerHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PeerHttpError';
    this.status = status;
  }
}

export interface PeerRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
}

export type PeerHandler = (request: PeerRequest) => Promise<void> | void;

interface Route<H> {
  readonly method: string;
  readonly pattern: RegExp;
  readonly handler: H;
}

function compilePath(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z_]\w*)/)
    .map((part) =>
      part.startsWith(':')
        ? `(?<${part.slice(1)}>[^/]+?)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

export type RouteMatch<H = PeerHandler> =
  | {
      readonly kind: 'found';
      readonly handler: H;
      readonly params: Record<string, string>;
    }
  | { readonly kind: 'method-not-allowed' }
  | { readonly kind: 'not-found' };

/** Routes by method and path. `:name` matches one path segment (lazily, so `:sid.json` works). */
export class Router<H = PeerHandler> {
  readonly #routes: Route<H>[] = [];

  on(method: string, path: string | RegExp, handler: H): this {
    const pattern = typeof path === 'string' ? compilePath(path) : path;
    this.#routes.push({ method, pattern, handler });
    return this;
  }

  match(method: string, pathname: string): RouteMatch<H> {
    let pathMatched = false;
    for (const route of this.#routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method && !(route.method === 'GET' && method === 'HEAD')) continue;
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(found.groups ?? {})) {
        if (value !== undefined) params[key] = decodeURIComponent(value);
      }
      return { kind: 'found', handler: route.handler, params };
    }
    return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
  }
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export type RawHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Listens on 127.0.0.1 (port 0 picks a free one). A handler that throws unexpectedly answers a
 * plain 500 and reports the error through `onUnexpectedError` (console.error by default: it is a
 * bug in the peer, and tests treat console.error as a failure).
 */
export async function listenLoopback(
  handler: RawHandler,
  port = 0,
  onUnexpectedError: (error: unknown) => void = (error) =>
    console.error('dev peer: unexpected error', error),
): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      onUnexpectedError(error);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal error in the development peer.');
      } else {
        res.destroy();
      }
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${LOOPBACK_HOST}:${bound}`,
    port: bound,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The request URL, resolved against the loopback origin it was received on. */
export function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', `http://${req.headers.host ?? LOOPBACK_HOST}`);
}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    throw new PeerHttpError(413, 'Request body too large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new PeerHttpError(413, 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** True when the request declares the given media type (parameters such as charset ignored). */
export function hasMediaType(req: IncomingMessage, mediaType: string): boolean {
  const declared = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return declared === mediaType;
}

/** An `application/x-www-form-urlencoded` body (an empty body when the type differs). */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const body = await readBody(req);
  if (!hasMediaType(req, 'application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(body.toString('utf8'));
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, page: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(page)),
  });
  res.end(page);
}

export function sendText(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'content-length': '0', 'cache-control': 'no-store' });
  res.end();
}

/** Random identifiers in the alphabet and length the providers use. */
export function randomToken(
  length: number,
  alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

export function randomHex(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');
}

/** True for http(s) URLs on a loopback host — the only places a peer ever sends anything. */
export function isLoopbackUrl(value: string): boolean {
  const parsed = URL.parse(value);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return false;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
}

// Public pages cacheable (issue 13 "Speed"; docs/decisions/144). A route registered with
// `visitorCache` (home feed, pin, board, board pins, profile, profile pins) answers visitors —
// requests without a viewer — from the server-side page cache (lib/page-cache.ts), with a strong
// ETag, `If-None-Match` → 304, and a `Cache-Control` a CDN may honour. Signed-in answers of the
// same routes stay `private, no-store` (private-caching.ts); both carry `Vary: Cookie`.
//
// Only answers computed for viewer `null` are stored, keyed by the URL and the route's variant
// (an experiment a visitor's answer depends on), so an entry holds what any visitor may see and
// nothing else: a secret board's data cannot enter it. Every write drops every entry on every
// process (write-invalidation.ts) before the writer hears back.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  strongEtag,
  type CachedPage,
  type PageCache,
  type PageLookup,
} from '../../lib/page-cache.ts';
import { experimentsRead } from '../experiments/experiments.plugin.ts';
import { VISITOR_VARY, weakEtag } from './visitor-compression.ts';

/** Not in the spec. A browser reuses a visitor answer this long without asking (ADR 144). */
export const VISITOR_MAX_AGE_SECONDS = 10;
/** Not in the spec. A shared cache (CDN) keeps a visitor answer this long (ADR 144). */
export const VISITOR_S_MAXAGE_SECONDS = 30;
/** Not in the spec. After that, a stale copy may be served while it revalidates (ADR 144). */
export const VISITOR_STALE_WHILE_REVALIDATE_SECONDS = 30;

export const VISITOR_CACHE_CONTROL = `public, max-age=${VISITOR_MAX_AGE_SECONDS}, s-maxage=${VISITOR_S_MAXAGE_SECONDS}, stale-while-revalidate=${VISITOR_STALE_WHILE_REVALIDATE_SECONDS}`;
/**
 * A visitor answer that sets a cookie (the first CSRF token, an experiment's visitor id) must
 * not be shared: the browser may keep it but asks again (a 304 is cheap).
 */
export const VISITOR_COOKIE_CACHE_CONTROL = 'private, no-cache';

/** How a route's visitor answers are cached; `variant` names what else the answer depends on. */
export interface VisitorCacheOption {
  variant?: (request: FastifyRequest) => string;
}

type PageState =
  { kind: 'miss'; key: string; generation: string } | { kind: 'hit'; etag: string } | undefined;

declare module 'fastify' {
  interface FastifyRequest {
    visitorPage: PageState;
  }
  interface FastifyContextConfig {
    visitorCache?: VisitorCacheOption;
  }
  interface FastifyInstance {
    /** The visitor page cache (ADR 144); write-invalidation.ts and tests drop it. */
    pageCache: PageCache;
  }
}

/** Whether `If-None-Match` names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

function cacheKey(request: FastifyRequest, option: VisitorCacheOption): string {
  return `${option.variant?.(request) ?? ''}|${request.url}`;
}

/**
 * The route-level preHandler of a `visitorCache` route: a visitor's request is answered from the
 * cache when it holds the page; otherwise the request notes the generation to store under. A
 * cache that fails (Redis away) costs the cache, never the answer. A callback hook, and with the
 * in-process cache a synchronous lookup: a hit is sent without a promise (docs/decisions/196).
 */
export function answerFromPageCache(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const option = request.routeOptions.config.visitorCache;
  if (option === undefined || request.viewer !== null || request.method !== 'GET') {
    done();
    return;
  }
  // Looked up already on arrival (a miss there: answerHitOnArrival).
  if (request.visitorPage?.kind === 'miss') {
    done();
    return;
  }
  const key = cacheKey(request, option);
  const cache = request.server.pageCache;
  const answer = (lookup: PageLookup) => {
    if (lookup.page === undefined) {
      request.visitorPage = { kind: 'miss', key, generation: lookup.generation };
      done();
      return;
    }
    request.visitorPage = { kind: 'hit', etag: lookup.page.etag };
    // Sent here, without calling done: the handler does not run.
    void reply.header('content-type', 'application/json; charset=utf-8').send(lookup.page.body);
  };
  const unavailable = (error: unknown) => {
    request.log.warn({ err: error }, 'visitor page cache unavailable; answering uncached');
    done();
  };
  if (cache.getNow !== undefined) {
    let lookup: PageLookup;
    try {
      lookup = cache.getNow(key);
    } catch (error) {
      unavailable(error);
      return;
    }
    answer(lookup);
    return;
  }
  cache.get(key).then(answer, unavailable);
}

export function registerPublicCaching(app: FastifyInstance, cache: PageCache): void {
  app.decorate('pageCache', cache);
  app.decorateRequest('visitorPage', undefined);
  // A callback hook, not an async one: every answer passes here, and most leave at the first
  // test without a promise or a microtask (docs/decisions/196).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.visitorCache === undefined || request.method !== 'GET') {
      done(null, payload);
      return;
    }
    void reply.header('vary', 'Cookie');
    if (request.viewer !== null || reply.statusCode !== 200) {
      done(null, payload);
      return;
    }
    const state = request.visitorPage;
    if (state?.kind === 'hit') {
      done(null, revalidated(request, reply, state.etag, payload));
      return;
    }
    if (typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    // Encoded once: the same bytes are stored, hashed and sent.
    const body = Buffer.from(payload);
    const etag = strongEtag(body);
    if (state?.kind !== 'miss') {
      done(null, revalidated(request, reply, etag, body));
      return;
    }
    cache
      .set(state.key, state.generation, { etag, body })
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'visitor page not stored');
      })
      .finally(() => done(null, revalidated(request, reply, etag, body)));
  });
}

/** Sets the visitor answer's ETag and Cache-Control; `If-None-Match` naming it → 304, no body. */
function revalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  payload: unknown,
): unknown {
  void reply.header('etag', etag);
  void reply.header(
    'cache-control',
    reply.hasHeader('set-cookie') ? VISITOR_COOKIE_CACHE_CONTROL : VISITOR_CACHE_CONTROL,
  );
  if (etagMatches(request.headers['if-none-match'], etag)) {
    void reply.code(304);
    void reply.removeHeader('content-length');
    return '';
  }
  return payload;
}

/**
 * A symbol-keyed field a dependency keeps on the reply without exporting its symbol, found by the
 * symbol's description on the first reply that has it (then remembered). Undefined when not
 * found — a later version renamed it — and the callers then take the slower or the full path.
 */
function replySymbol(reply: FastifyReply, description: string, known: Map<string, symbol>) {
  let symbol = known.get(description);
  if (symbol === undefined) {
    symbol = Object.getOwnPropertySymbols(reply).find((item) => item.description === description);
    if (symbol !== undefined) known.set(description, symbol);
  }
  return symbol === undefined ? undefined : (reply as unknown as Record<symbol, unknown>)[symbol];
}
const replySymbols = new Map<string, symbol>();

/** Whether @fastify/cookie holds cookies to set in its onSend hook; undefined: cannot tell. */
function cookiesPending(reply: FastifyReply): boolean | undefined {
  const pending = replySymbol(reply, 'fastify.reply.setCookies', replySymbols);
  return pending instanceof Map ? pending.size > 0 : undefined;
}

/**
 * The headers set through Fastify's reply so far (the request id, the security headers, the
 * budget's): Fastify's own record when found, else every header minus any already on the raw
 * response (which writeHead keeps), the same list built at more cost.
 */
type HeaderValue = string | number | readonly string[] | undefined;

function replyOnlyHeaders(reply: FastifyReply): Record<string, HeaderValue> {
  const own = replySymbol(reply, 'fastify.reply.headers', replySymbols);
  if (own !== null && typeof own === 'object') return own as Record<string, HeaderValue>;
  const merged: Record<string, HeaderValue> = reply.getHeaders();
  for (const name of reply.raw.getHeaderNames()) delete merged[name];
  return merged;
}

/**
 * Whether a hit may be written on arrival: the answer is then exactly what the full path would
 * send. A visitor's GET without a body; a route whose key needs no experiment (a variant may
 * read one, and reading one is an exposure to write) and that the app's budget counted (a route
 * with its own `rateLimit` is counted by a later hook); nothing read an experiment; no cookie to
 * set (the first CSRF token, a visitor id, a cleared session: such an answer is not shareable,
 * and the cookie plugin writes it in onSend). Anything else takes the full path.
 */
function answerableOnArrival(
  request: FastifyRequest,
  reply: FastifyReply,
  config: FastifyContextConfig,
): boolean {
  return (
    request.method === 'GET' &&
    request.viewer === null &&
    config.visitorCache !== undefined &&
    config.visitorCache.variant === undefined &&
    config.rateLimit === undefined &&
    request.headers['content-length'] === undefined &&
    request.headers['transfer-encoding'] === undefined &&
    !experimentsRead(request) &&
    !reply.hasHeader('set-cookie') &&
    cookiesPending(reply) === false
  );
}

/**
 * The route-level `onRequest` hook of a `visitorCache` route (docs/decisions/202): after every
 * app-wide onRequest hook (request id, security headers, the budget, cookies, CSRF, the viewer,
 * experiments), a hit in the in-process cache is written at once, with the headers the full path
 * sends (the ones set so far, then those the onSend hooks would add: `Vary`, `ETag`,
 * `Cache-Control`, and 304 for a matching `If-None-Match`), in one `writeHead`. It skips body
 * parsing (there is none), validation (a stored page is the 200 of this very URL), the
 * preHandler and five onSend hooks that would change nothing (no cookie, no viewer, no write, no
 * exposure). The reply is hijacked, so Fastify's response listeners still run: the one log line
 * and onResponse hooks. A miss (or Redis, which answers later) goes on to the preHandler.
 */
export function answerHitOnArrival(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const cache = request.server.pageCache;
  // Read once: Fastify builds a new routeOptions object on every read.
  const config = request.routeOptions.config;
  const option = config.visitorCache;
  if (
    cache.getNow === undefined ||
    option === undefined ||
    !answerableOnArrival(request, reply, config)
  ) {
    done();
    return;
  }
  let lookup: PageLookup;
  try {
    lookup = cache.getNow(cacheKey(request, option));
  } catch {
    // The preHandler asks again and logs why.
    done();
    return;
  }
  if (lookup.page === undefined) {
    request.visitorPage = {
      kind: 'miss',
      key: cacheKey(request, option),
      generation: lookup.generation,
    };
    done();
    return;
  }
  request.visitorPage = { kind: 'hit', etag: lookup.page.etag };
  writeHit(request, reply, lookup.page);
}

/** Set by writeHit itself, so a value an earlier hook gave them is replaced, as reply.header would. */
const HIT_HEADER_NAMES: ReadonlySet<string> = new Set([
  'content-type',
  'vary',
  'etag',
  'cache-control',
  'content-encoding',
  'content-length',
]);

/**
 * Writes a hit: the headers Fastify's reply holds so far (the request id, the security headers,
 * the budget's), then the page's, in one writeHead — nothing is on the raw
 * response yet, so Node takes them in one pass (ADR 208) — then the bytes, compressed as the
 * onSend hook of visitor-compression.ts would (the same shared bytes, ADR 204), or 304 and no body.
 */
function writeHit(request: FastifyRequest, reply: FastifyReply, page: CachedPage): void {
  const notModified = etagMatches(request.headers['if-none-match'], page.etag);
  const encoded = notModified
    ? undefined
    : request.server.visitorCompressor.encode(
        page.body,
        page.etag,
        request.headers['accept-encoding'],
      );
  const headers: string[] = [];
  const set = replyOnlyHeaders(reply);
  for (const name in set) {
    const value = set[name];
    if (value === undefined || HIT_HEADER_NAMES.has(name)) continue;
    if (typeof value === 'string' || typeof value === 'number') headers.push(name, String(value));
    else for (const item of value) headers.push(name, item);
  }
  headers.push(
    'content-type',
    'application/json; charset=utf-8',
    'vary',
    VISITOR_VARY,
    'etag',
    encoded === undefined ? page.etag : weakEtag(page.etag),
    'cache-control',
    VISITOR_CACHE_CONTROL,
  );
  if (encoded !== undefined) headers.push('content-encoding', encoded.encoding);
  const body = notModified ? undefined : (encoded?.bytes ?? page.body);
  headers.push('content-length', String(body?.length ?? 0));
  reply.hijack();
  reply.raw.writeHead(notModified ? 304 : 200, headers);
  if (body === undefined) reply.raw.end();
  else reply.raw.end(body);
}

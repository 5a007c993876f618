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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { strongEtag, type PageCache } from '../../lib/page-cache.ts';

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
 * cache that fails (Redis away) costs the cache, never the answer.
 */
export async function answerFromPageCache(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const option = request.routeOptions.config.visitorCache;
  if (option === undefined || request.viewer !== null || request.method !== 'GET') return undefined;
  const key = cacheKey(request, option);
  try {
    const { generation, page } = await request.server.pageCache.get(key);
    if (page === undefined) {
      request.visitorPage = { kind: 'miss', key, generation };
      return undefined;
    }
    request.visitorPage = { kind: 'hit', etag: page.etag };
    // Returning the reply tells Fastify the answer is sent and the handler must not run.
    return reply.header('content-type', 'application/json; charset=utf-8').send(page.body);
  } catch (error) {
    request.log.warn({ err: error }, 'visitor page cache unavailable; answering uncached');
    return undefined;
  }
}

export function registerPublicCaching(app: FastifyInstance, cache: PageCache): void {
  app.decorate('pageCache', cache);
  app.decorateRequest('visitorPage', undefined);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.visitorCache === undefined || request.method !== 'GET') {
      return payload;
    }
    void reply.header('vary', 'Cookie');
    if (request.viewer !== null || reply.statusCode !== 200) return payload;
    const state = request.visitorPage;
    let etag: string;
    if (state?.kind === 'hit') {
      etag = state.etag;
    } else if (typeof payload === 'string') {
      etag = strongEtag(payload);
      if (state?.kind === 'miss') {
        await cache.set(state.key, state.generation, { etag, body: payload }).catch((error) => {
          request.log.warn({ err: error }, 'visitor page not stored');
        });
      }
    } else {
      return payload;
    }
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
  });
}

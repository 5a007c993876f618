// The web app: hashed build assets with year-long immutable caching, a few root files (favicon,
// robots.txt) with short caching, and index.html, never cached, with the page's <title> and Open
// Graph tags filled in on the server. A missing web build is not fatal: the API keeps answering.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SpaRenderer } from './errors.ts';
import {
  genericMeta,
  injectHead,
  pageMetaFor,
  renderHead,
  renderPreloads,
  type PageMeta,
  type PageMetaResolver,
} from './page-meta.ts';

/** Vite fingerprints everything under assets/, so a file there never changes. */
export const ASSET_MAX_AGE = '365d';
/** Root files (favicon.ico, robots.txt) keep their names across builds. */
export const ROOT_FILE_MAX_AGE = '1h';

export interface SpaOptions {
  webDist: string;
  /** index.html contents; tests pass a fixture instead of needing a web build. */
  indexHtml?: string | undefined;
  publicUrl: string;
  /** The modules' page meta, asked in this order (page-meta.ts). */
  pageMeta: readonly PageMetaResolver[];
  /** route-preloads.json contents; tests pass a fixture instead of needing a web build. */
  routePreloads?: RoutePreloads | undefined;
}

const BUILD_MISSING_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Corkboard</title></head>
<body><p>The Corkboard web app has not been built. Run <code>npm run build</code>, then restart the server.</p></body></html>
`;

/** Root file names we route; anything else (odd characters) stays unserved rather than misrouted. */
const ROOT_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * index.html from disk, re-read when the file changes, so rebuilding the web app while the
 * server runs never serves an index that points at assets the build just deleted.
 */
function indexHtmlLoader(webDist: string): () => string | undefined {
  const path = join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(path, 'utf8') };
    return cached.html;
  };
}

/** What the web app's home feed asks for first (apps/web/src/api/lists.ts). */
export const HOME_FEED_FIRST_PAGE = `/v3/feeds/home/?page_size=${String(DEFAULT_PAGE_SIZE)}`;

/** Written by the web build (apps/web/build/routePreloads.ts): page → chunks besides the shell. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type RoutePreloads = Partial<Record<NonNullable<PageMeta['page']>, string[]>>;

/** route-preloads.json, re-read when the build changes it; {} when absent or unreadable. */
function routePreloadsLoader(webDist: string): () => RoutePreloads {
  const path = join(webDist, ROUTE_PRELOADS_FILE);
  let cached: { mtimeMs: number; preloads: RoutePreloads } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return {};
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let preloads: RoutePreloads = {};
      try {
        preloads = JSON.parse(readFileSync(path, 'utf8')) as RoutePreloads;
      } catch {
        // A half-written file during a rebuild: no preloads this time, the page still works.
      }
      cached = { mtimeMs, preloads };
    }
    return cached.preloads;
  };
}

async function registerStaticFiles(app: FastifyInstance, webDist: string): Promise<void> {
  const assets = join(webDist, 'assets');
  const hasAssets = existsSync(assets);
  await app.register(fastifyStatic, {
    root: hasAssets ? assets : webDist,
    prefix: '/assets/',
    // Without a build there is nothing to serve, but sendFile must still exist for root files.
    serve: hasAssets,
    index: false,
    // The web build writes .br/.gz beside each asset (apps/web/build/precompress.ts).
    preCompressed: true,
    immutable: true,
    maxAge: ASSET_MAX_AGE,
  });
  for (const name of readdirSync(webDist)) {
    if (name === 'index.html' || !ROOT_FILE_NAME.test(name)) continue;
    if (!statSync(join(webDist, name)).isFile()) continue;
    app.get(`/${name}`, (_request, reply) =>
      reply.sendFile(name, webDist, { maxAge: ROOT_FILE_MAX_AGE, immutable: false }),
    );
  }
}

/**
 * The pin create page (opened by the bookmarklet in a pop-up) previews an image that lives on
 * the page being pinned, i.e. on any other site. Only that document's CSP lets images come from
 * anywhere; images cannot run script, and every other page keeps `img-src 'self'`.
 */
export const PIN_CREATE_PATH_PREFIX = '/pin/create/';

export function widenImageSourcesForPinCreate(reply: FastifyReply, pathname: string): void {
  if (!pathname.startsWith(PIN_CREATE_PATH_PREFIX)) return;
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header(
    'content-security-policy',
    policy.replace(/(^|;)\s*img-src /, '$1img-src https: http: '),
  );
}

/**
 * The manual Facebook pop-up's page (docs/decisions/135) goes to Facebook and comes back, then
 * answers its opener with postMessage. A page with `same-origin-allow-popups` that navigates to
 * or from another origin is put in a new browsing context group, which cuts `window.opener`; only
 * this page opts out (`unsafe-none`), the rest of the site keeps its policy.
 */
export const OPENER_PAGES = new Set(['/connect/facebook/']);

export function openerPolicyForPopupPages(reply: FastifyReply, pathname: string): void {
  if (OPENER_PAGES.has(pathname)) reply.header('cross-origin-opener-policy', 'unsafe-none');
}

export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<SpaRenderer> {
  const webDistExists = existsSync(options.webDist);
  if (webDistExists) await registerStaticFiles(app, options.webDist);
  const fixed = options.indexHtml;
  const loadIndex = fixed === undefined ? indexHtmlLoader(options.webDist) : () => fixed;
  const loadRoutePreloads = options.routePreloads
    ? () => options.routePreloads ?? {}
    : routePreloadsLoader(options.webDist);
  if (loadIndex() === undefined) {
    app.log.warn(
      { webDist: options.webDist },
      'The web build is missing (no index.html); API routes work, pages show a build hint. Run `npm run build`.',
    );
  }

  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const template = loadIndex();
    if (template === undefined) return reply.status(503).send(BUILD_MISSING_HTML);
    const pathname = request.url.split('?', 1)[0] ?? '/';
    widenImageSourcesForPinCreate(reply, pathname);
    openerPolicyForPopupPages(reply, pathname);
    let meta: PageMeta;
    try {
      meta = await pageMetaFor(options.pageMeta, request.viewer, options.publicUrl, pathname);
    } catch (error) {
      // The page still loads (the app shows its own error states); only the preview degrades.
      request.log.error({ err: error }, 'page meta lookup failed; serving generic meta');
      meta = genericMeta(options.publicUrl);
    }
    // The home page is the app's own (no module resolves it): its chunks are preloaded too.
    const page = meta.page ?? (pathname === '/' ? 'home' : undefined);
    const chunks = page === undefined ? [] : (loadRoutePreloads()[page] ?? []);
    // The home feed's first page is the same request for everyone (the visitor's or the signed-in
    // person's For you tab): asked for with the shell instead of after it has run. A board page
    // names its own (the board, its first pins), on an address without a query string only.
    const plainAddress = request.url === pathname;
    const fetches =
      request.url === '/'
        ? [HOME_FEED_FIRST_PAGE]
        : plainAddress
          ? (meta.preloadFetches ?? [])
          : [];
    const preloads = renderPreloads(meta, chunks, fetches);
    const head = preloads ? `${renderHead(meta)}\n    ${preloads}` : renderHead(meta);
    return reply.status(200).send(injectHead(template, head));
  };
}

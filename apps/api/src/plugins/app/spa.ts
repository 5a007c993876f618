// The web app: hashed build assets with year-long immutable caching, a few root files (favicon,
// robots.txt) with short caching, and index.html, never cached, with the page's <title> and Open
// Graph tags filled in on the server. A missing web build is not fatal: the API keeps answering.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { isChromelessPath } from '@corkboard/shared/chromeless';
import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { strongEtag } from '../../lib/page-cache.ts';
import { injectShell, renderAppShell, shellLanguage } from './app-shell.ts';
import { CSRF_COOKIE } from './csrf.ts';
import type { SpaRenderer } from './errors.ts';
import {
  genericMeta,
  injectHead,
  pageMetaFor,
  renderHead,
  renderPageData,
  renderPreloads,
  type InlineAnswer,
  type PageMeta,
  type PageMetaResolver,
} from './page-meta.ts';
import { etagMatches } from './public-caching.ts';
import { createVisitorCompressor, VISITOR_VARY } from './visitor-compression.ts';

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

/**
 * The HTML's Vary: the server-painted header (app-shell.ts) is in the language Accept-Language
 * asks for, besides the visitor/signed-in split (Cookie) and, for visitors, the encoding.
 */
export const HTML_VARY_MEMBER = 'Cookie, Accept-Language';
export const HTML_VARY_VISITOR = `${VISITOR_VARY}, Accept-Language`;

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

/** The cookie names a `Set-Cookie` header value (or list of them) sets. */
function cookieNames(header: string | string[] | undefined): string[] {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return values.map((value) => value.slice(0, value.indexOf('=')).trim());
}

/**
 * The cookies the browser sends after this HTML: its own, with the visitor id this answer gives
 * it (a first visit gets one here, experiments.plugin.ts), so experiments bucket the inlined
 * answers as they would bucket the app's own requests.
 */
function cookiesAfterPage(request: FastifyRequest): string | undefined {
  const own = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${VISITOR_ID_COOKIE}=`));
  if (request.visitorId) own.push(`${VISITOR_ID_COOKIE}=${request.visitorId}`);
  return own.length === 0 ? undefined : own.join('; ');
}

/**
 * What this visitor's own request for each URL would get, exactly (docs/decisions/207): the same
 * route, hooks and visitor page cache, asked from the same address with the cookies the browser
 * will send, so the same authorisation, rate budget and experiments apply. An answer is kept only
 * when it is a 200 of JSON that sets no cookie but the CSRF token (the HTML's own answer sets
 * that one, and it does not change a read): any other (a cleared session) would be lost with it,
 * so that URL is left to the app's own request.
 */
async function visitorAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: readonly string[],
): Promise<InlineAnswer[]> {
  const cookie = cookiesAfterPage(request);
  const answers = await Promise.all(
    urls.map(async (url): Promise<InlineAnswer | undefined> => {
      const response = await app.inject({
        method: 'GET',
        url,
        remoteAddress: request.ip,
        headers: { accept: 'application/json', ...(cookie === undefined ? {} : { cookie }) },
      });
      const contentType = response.headers['content-type'];
      const setCookie = response.headers['set-cookie'];
      if (
        response.statusCode !== 200 ||
        typeof contentType !== 'string' ||
        !contentType.startsWith('application/json') ||
        cookieNames(setCookie).some((name) => name !== CSRF_COOKIE)
      ) {
        return undefined;
      }
      return { url, body: response.body };
    }),
  );
  return answers.filter((answer) => answer !== undefined);
}

export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<SpaRenderer> {
  const webDistExists = existsSync(options.webDist);
  if (webDistExists) await registerStaticFiles(app, options.webDist);
  const fixed = options.indexHtml;
  const loadIndex = fixed === undefined ? indexHtmlLoader(options.webDist) : () => fixed;
  const loadRoutePreloads = options.routePreloads
    ? () => options.routePreloads ?? {}
    : routePreloadsLoader(options.webDist);
  // The visitor HTML with its inlined answers is ~45 kB: compressed like the answers it holds.
  const compressor = createVisitorCompressor();
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
    const firstAnswers =
      request.url === '/'
        ? [HOME_FEED_FIRST_PAGE]
        : plainAddress
          ? (meta.preloadFetches ?? [])
          : [];
    // A visitor gets those answers in the HTML itself, so the app's first render has its data
    // (docs/decisions/207). A signed-in person's answers are personal (saved state, ads, the
    // board's access): they stay out of the HTML and keep their preload.
    const visitor = request.viewer === null;
    let inline: InlineAnswer[] = [];
    if (visitor) {
      try {
        inline = await visitorAnswers(app, request, [
          ...firstAnswers,
          ...(plainAddress ? (meta.visitorAnswers ?? []) : []),
        ]);
      } catch (error) {
        // The page still works: the app asks for what it did not get.
        request.log.error({ err: error }, 'inlining the first answers failed; preloading them');
      }
    }
    const inlined = new Set(inline.map((answer) => answer.url));
    const fetches = firstAnswers.filter((url) => !inlined.has(url));
    // A board's first cards depend on its query string (`?section=`), like its first answers:
    // their images are preloaded on an address without one only (docs/decisions/215).
    const hinted = meta.page === 'board' && !plainAddress ? { ...meta, preloadImages: [] } : meta;
    const headTags = [
      renderHead(meta),
      renderPreloads(hinted, chunks, fetches),
      renderPageData(inline),
    ];
    const withHead = injectHead(template, headTags.filter(Boolean).join('\n    '));
    // The header, painted before the app has run (docs/decisions/215): a visitor's with Log in
    // and Sign up, a signed-in request's without anything of the person. Pages without the site
    // header (the pin create pop-up, the mobile save pages) get none.
    const html = injectShell(
      withHead,
      !isChromelessPath(pathname)
        ? renderAppShell(
            visitor ? 'visitor' : 'member',
            shellLanguage(request.headers['accept-language']),
          )
        : '',
    );
    void reply.header('vary', visitor ? HTML_VARY_VISITOR : HTML_VARY_MEMBER);
    if (!visitor) return reply.status(200).send(html);
    // A visitor's HTML holds only what any visitor may see: an ETag lets the browser revalidate
    // it (no-cache above), and compression cannot reveal a secret (BREACH needs one).
    const body = Buffer.from(html);
    const etag = strongEtag(body);
    void reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const encoded = compressor.encode(body, etag, request.headers['accept-encoding']);
    if (encoded === undefined) return reply.status(200).send(body);
    return reply
      .status(200)
      .header('content-encoding', encoded.encoding)
      .header('etag', `W/${etag}`)
      .send(encoded.bytes);
  };
}

// The SPA shell: fallback for page loads, caching, build assets, and server-filled <title> and
// Open Graph tags (escaped, absolute URLs).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import { buildApp } from '../../app.ts';
import { createFixtures, type PinFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { PAGE_DATA_ELEMENT_ID } from '@corkboard/shared/page-data';
import { escapeHtml, HEAD_MARKER, injectHead } from './page-meta.ts';
import { HOME_FEED_FIRST_PAGE, ROUTE_PRELOADS_FILE } from './spa.ts';
import { SHELL_COPY, SHELL_MARKER } from './app-shell.ts';
import { APP_SHELL_ELEMENT_ID } from '@corkboard/shared/page-data';
import { GRID_EAGER_IMAGES, GRID_IMAGE_SIZES } from '@corkboard/shared/layout';
import type { Pin } from '@corkboard/shared/api-types';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { as, testViewerResolver } from '../../test/test-viewer.ts';

const NASTY_TITLE = `<script>alert("x")</script> & 'q'`;

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let pin: PinFixture;
let nastyPin: PinFixture;
let ownerId: string;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  const owner = await f.user({ username: 'mira', firstName: 'Mira', lastName: 'Sol' });
  ownerId = owner.id;
  const board = await f.board(owner, {
    name: 'Garden rooms',
    slug: 'garden-rooms',
    description: 'Green and calm',
  });
  pin = await f.pin({ board, title: 'Fern wall', description: 'A wall of ferns in a sunny room' });
  nastyPin = await f.pin({
    board,
    title: NASTY_TITLE,
    description: '"></meta><script>bad()</script>',
  });
  test = await buildTestApp(handle.db);
  app = test.app;
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function page(url: string, accept = 'text/html,application/xhtml+xml') {
  return app.inject({ method: 'GET', url, headers: { accept } });
}

function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

describe('SPA fallback', () => {
  it('serves index.html for page loads, never cached, with one <title>', async () => {
    for (const url of ['/', '/some/deep/page/?tab=1', '/settings/']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain(HEAD_MARKER);
      expect(response.body.match(/<title>/g)).toHaveLength(1);
      expect(response.headers['content-security-policy']).toBeDefined();
    }
  });

  it('lets only the pin create page show images from other sites', async () => {
    const imgSrc = (policy: string | string[] | number | undefined) =>
      String(policy)
        .split(';')
        .find((directive) => directive.trim().startsWith('img-src'))
        ?.trim();
    const create = await page('/pin/create/bookmarklet/?url=https%3A%2F%2Fshop.example%2F');
    expect(imgSrc(create.headers['content-security-policy'])).toMatch(
      /^img-src https: http: 'self'/,
    );
    expect(String(create.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const url of ['/', '/pin/123/', '/pin/created/']) {
      const other = await page(url);
      expect(imgSrc(other.headers['content-security-policy']), url).not.toContain('https:');
    }
  });

  it('answers JSON clients on unknown paths with ROUTE_NOT_FOUND instead', async () => {
    const response = await page('/some/page/', 'application/json');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      11,
    );
  });
});

describe('page meta', () => {
  it('fills title and Open Graph tags for a pin, with absolute URLs', async () => {
    const response = await page(`/pin/${pin.id}/`);
    expect(response.body).toContain('<title>Fern wall · Corkboard</title>');
    expect(meta(response.body, 'og:title')).toBe('Fern wall');
    expect(meta(response.body, 'og:description')).toBe('A wall of ferns in a sunny room');
    expect(meta(response.body, 'og:type')).toBe('article');
    expect(meta(response.body, 'og:url')).toBe(`http://corkboard.test/pin/${pin.id}/`);
    expect(meta(response.body, 'og:image')).toMatch(
      /^http:\/\/corkboard\.test\/media\/pins\/.+\/736x\.jpg$/,
    );
    expect(meta(response.body, 'twitter:card')).toBe('summary_large_image');
  });

  it('escapes every value it puts into the HTML', async () => {
    const response = await page(`/pin/${nastyPin.id}/`);
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('"></meta>');
    expect(response.body).toContain(`<title>${escapeHtml(NASTY_TITLE)} · Corkboard</title>`);
    expect(escapeHtml(NASTY_TITLE)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;',
    );
  });

  it('gives a missing pin the generic meta, still as the SPA (200)', async () => {
    const response = await page('/pin/99999999/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Corkboard</title>');
    expect(meta(response.body, 'og:image')).toBeUndefined();
    expect(meta(response.body, 'twitter:card')).toBe('summary');
  });

  it('titles a board page with the board name', async () => {
    const response = await page('/mira/garden-rooms/');
    expect(response.body).toContain('<title>Garden rooms · Corkboard</title>');
    expect(meta(response.body, 'og:description')).toBe('Green and calm');
    expect(meta(response.body, 'og:url')).toBe('http://corkboard.test/mira/garden-rooms/');
    expect(meta(response.body, 'og:image')).toMatch(
      /^http:\/\/corkboard\.test\/media\/.+\/236x\.jpg$/,
    );
  });

  it('titles a profile page with the full name and username', async () => {
    const response = await page('/MIRA/');
    expect(response.body).toContain('<title>Mira Sol (@mira) · Corkboard</title>');
    expect(meta(response.body, 'og:type')).toBe('profile');
  });

  it('gives unknown users and boards the generic title', async () => {
    expect((await page('/nobody_at_all/')).body).toContain('<title>Corkboard</title>');
    expect((await page('/mira/no-such-board/')).body).toContain('<title>Corkboard</title>');
  });
});

describe('injectHead', () => {
  it('replaces the marker and drops the static title', () => {
    const html = injectHead(
      '<head><title>Old</title>\n<!--app-head--></head>',
      '<title>New</title>',
    );
    expect(html).toBe('<head><title>New</title></head>');
  });

  it('falls back to the end of <head> when the marker is missing', () => {
    expect(
      injectHead('<html><head><meta charset="utf-8"></head></html>', '<title>T</title>'),
    ).toContain('<title>T</title>\n  </head>');
  });

  it('does not interpret $ patterns in the injected text', () => {
    expect(injectHead(`<head>${HEAD_MARKER}</head>`, "<title>$& $' $1</title>")).toBe(
      "<head><title>$& $' $1</title></head>",
    );
  });
});

describe('web build on disk', () => {
  let webDist: string;
  let built: FastifyInstance;
  let mediaRoot: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'corkboard-web-'));
    mediaRoot = mkdtempSync(join(tmpdir(), 'corkboard-media-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      `<!doctype html><html><head><title>Corkboard</title>${HEAD_MARKER}<script type="module" src="/assets/app-abc123.js"></script></head><body>${SHELL_MARKER}<div id="root"></div></body></html>`,
    );
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(
      join(webDist, 'assets', 'app-abc123.js.br'),
      brotliCompressSync('console.log("app")'),
    );
    writeFileSync(join(webDist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    writeFileSync(
      join(webDist, ROUTE_PRELOADS_FILE),
      JSON.stringify({
        home: ['/assets/HomePage-h1.js', '/assets/PinGrid-g1.js'],
        pin: ['/assets/PinPage-p1.js', '/assets/PinGrid-g1.js'],
      }),
    );
    built = await buildApp({
      db: handle.db,
      storage: new LocalMediaStorage(mediaRoot),
      config: testConfig({ webDist }),
      // Signed-in pages are asked for with the test viewer header (as()).
      resolveViewer: testViewerResolver,
    });
    await built.ready();
  });

  afterAll(async () => {
    await built.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(mediaRoot, { recursive: true, force: true });
  });

  it('serves fingerprinted assets with year-long immutable caching', async () => {
    const response = await built.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app")');
  });

  it('sends the build-time brotli file to clients that accept it', async () => {
    const response = await built.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("app")');
  });

  it('answers a missing asset with ROUTE_NOT_FOUND, not the SPA', async () => {
    const response = await built.inject({
      method: 'GET',
      url: '/assets/app-old999.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      11,
    );
  });

  it('serves root files with short caching', async () => {
    const response = await built.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves index.html from the build with the head filled in', async () => {
    const response = await built.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
    expect(response.body).toContain('<meta property="og:site_name" content="Corkboard">');
    expect(response.body).not.toContain(HEAD_MARKER);
  });

  it('preloads the home chunks and the first feed page with the shell (ADR 147)', async () => {
    // A signed-in person: a visitor gets the first page in the HTML instead (ADR 207).
    const home = (
      await built.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', ...as({ id: ownerId }) },
      })
    ).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-h1.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/PinGrid-g1.js">');
    expect(home).toContain(
      `<link rel="preload" as="fetch" crossorigin href="${HOME_FEED_FIRST_PAGE}">`,
    );
    expect(home).not.toContain('PinPage-p1.js');
    // The Following tab asks for another feed: no data preload there (nor inlined data).
    const following = await built.inject({
      method: 'GET',
      url: '/?tab=following',
      headers: { accept: 'text/html' },
    });
    expect(following.body).toContain('HomePage-h1.js');
    expect(following.body).not.toContain('as="fetch"');
    expect(following.body).not.toContain(PAGE_DATA_ELEMENT_ID);
  });

  it("preloads a visitor's first feed cards' images from the home HTML, as the grid asks (ADR 204)", async () => {
    const feed = (await built.inject({ method: 'GET', url: HOME_FEED_FIRST_PAGE })).json<{
      resource_response: { data: Pin[] };
    }>().resource_response.data;
    expect(feed.length).toBeGreaterThan(0);
    const html = (await built.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }))
      .body;
    const images = [
      ...html.matchAll(
        /<link rel="preload" as="image" type="image\/webp" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/g,
      ),
    ];
    // The feed's first cards, in order: the ones whose images the grid loads eagerly.
    const first = feed.slice(0, GRID_EAGER_IMAGES);
    expect(images).toHaveLength(first.length);
    first.forEach((card, index) => {
      const [, srcset = '', sizes] = images[index] ?? [];
      expect(srcset.startsWith(`${card.images['236x'].webp_url} 236w`)).toBe(true);
      expect(srcset).toContain(card.images['474x'].webp_url);
      // One string for every layout: the grid's <img> uses the same, so the same file is chosen.
      expect(sizes).toBe(GRID_IMAGE_SIZES);
      expect(sizes).toBe('(max-width: 869px) 50vw, 236px');
    });
    // The image hints come before the chunks and the data: the first paint needs them first.
    expect(html.indexOf('as="image"')).toBeLessThan(html.indexOf('modulepreload'));
  });

  it("gives a signed-in person's home no image hints (their first page is their own)", async () => {
    const html = (
      await app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', ...as({ id: ownerId }) },
      })
    ).body;
    expect(html).not.toContain('as="image"');
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin href="${HOME_FEED_FIRST_PAGE}">`,
    );
  });

  it("preloads a pin page's chunks and its closeup image, as the page's <img> asks", async () => {
    const html = (
      await built.inject({
        method: 'GET',
        url: `/pin/${pin.id}/`,
        headers: { accept: 'text/html' },
      })
    ).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/PinPage-p1.js">');
    expect(html).not.toContain('HomePage-h1.js');
    const image =
      /<link rel="preload" as="image" type="image\/webp" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(
        html,
      );
    expect(image?.[1]).toMatch(/ 736w/);
    expect(image?.[2]).toBe('(max-width: 869px) 100vw, (max-width: 1275px) 488px, 508px');
  });

  it("preloads a board page's first answers, the board and its first pins, as the app asks (ADR 198)", async () => {
    const board = (
      await built.inject({ method: 'GET', url: '/v3/boards/mira/garden-rooms/' })
    ).json<{ resource_response: { data: { id: string } } }>().resource_response.data;
    // Signed in (a visitor gets these answers in the HTML instead, ADR 207).
    const html = (
      await built.inject({
        method: 'GET',
        url: '/mira/garden-rooms/',
        headers: { accept: 'text/html', ...as({ id: ownerId }) },
      })
    ).body;
    expect(html).not.toContain(PAGE_DATA_ELEMENT_ID);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/v3/boards/mira/garden-rooms/">',
    );
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin href="/v3/boards/${board.id}/pins/?page_size=25">`,
    );
    // A section's page asks for other pins: no answers preloaded there.
    const section = (
      await built.inject({
        method: 'GET',
        url: '/mira/garden-rooms/?section=1',
        headers: { accept: 'text/html' },
      })
    ).body;
    expect(section).not.toContain('as="fetch"');
    expect(section).not.toContain(PAGE_DATA_ELEMENT_ID);
  });

  /** The inlined answers of a page's HTML (URL → envelope), or undefined when there are none. */
  function inlined(html: string): Record<string, unknown> | undefined {
    const match = new RegExp(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html);
    return match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as Record<string, unknown>);
  }

  async function visitorHtml(url: string, headers: Record<string, string> = {}) {
    return built.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  }

  it("gives a visitor the page's first answers in the HTML, exactly as the API answers them (ADR 207)", async () => {
    const boardId = (
      await built.inject({ method: 'GET', url: '/v3/boards/mira/garden-rooms/' })
    ).json<{ resource_response: { data: { id: string } } }>().resource_response.data.id;
    const pages: [string, string[]][] = [
      ['/', [HOME_FEED_FIRST_PAGE]],
      [`/pin/${pin.id}/`, [`/v3/pins/${pin.id}/`]],
      [
        '/mira/garden-rooms/',
        ['/v3/boards/mira/garden-rooms/', `/v3/boards/${boardId}/pins/?page_size=25`],
      ],
    ];
    for (const [page, urls] of pages) {
      const response = await visitorHtml(page);
      expect(response.statusCode, page).toBe(200);
      const data = inlined(response.body);
      expect(Object.keys(data ?? {}), page).toEqual(urls);
      // A first visit: the HTML gives the browser its visitor id, and the inlined answers are
      // the ones the app's own requests would get with it (experiments bucket by it: a saves
      // count, for one, is shown to some visitors only).
      const visitorId = new RegExp(`(?:^|\\s)${VISITOR_ID_COOKIE}=([^;]+)`).exec(
        [response.headers['set-cookie'] ?? []].flat().join(' '),
      )?.[1];
      expect(visitorId, page).toBeDefined();
      for (const url of urls) {
        const api = await built.inject({
          method: 'GET',
          url,
          headers: { cookie: `${VISITOR_ID_COOKIE}=${visitorId ?? ''}` },
        });
        expect(data?.[url], url).toEqual(api.json());
        // Inlined, so not fetched a second time.
        expect(response.body, url).not.toContain(`as="fetch" crossorigin href="${url}"`);
      }
    }
    // The pin with markup in its title: escaped in the element, the same text once parsed.
    const nasty = await visitorHtml(`/pin/${nastyPin.id}/`);
    const open = `id="${PAGE_DATA_ELEMENT_ID}">`;
    const start = nasty.body.indexOf(open) + open.length;
    const content = nasty.body.slice(start, nasty.body.indexOf('</script>', start));
    expect(content).not.toMatch(/[<>&]/);
    expect(content).toContain('\\u003cscript\\u003e');
    const nastyAnswer = inlined(nasty.body)?.[`/v3/pins/${nastyPin.id}/`] as {
      resource_response: { data: { title: string } };
    };
    expect(nastyAnswer.resource_response.data.title).toBe(NASTY_TITLE);
    // Exactly one element, and it ends where the server ended it.
    expect(nasty.body.match(/<script type="application\/json"/g)).toHaveLength(1);
  });

  it('never inlines what a visitor may not see: a secret board gets nothing (ADR 207)', async () => {
    const owner = await createFixtures(handle.db).user({ username: 'sera' });
    const secret = await createFixtures(handle.db).board(owner, {
      name: 'Hidden plans',
      slug: 'hidden-plans',
      privacy: 'secret',
    });
    await createFixtures(handle.db).pin({ board: secret, title: 'Secret sketch' });
    const response = await visitorHtml('/sera/hidden-plans/');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(PAGE_DATA_ELEMENT_ID);
    expect(response.body).not.toContain('Hidden plans');
    expect(response.body).not.toContain('Secret sketch');
    expect(response.body).not.toContain('as="fetch"');
    // Its owner, signed in, gets no inlined answers either (personal: ADR 207), only preloads.
    const own = await built.inject({
      method: 'GET',
      url: '/sera/hidden-plans/',
      headers: { accept: 'text/html', ...as({ id: owner.id }) },
    });
    expect(own.body).not.toContain(PAGE_DATA_ELEMENT_ID);
    expect(own.body).not.toContain('Secret sketch');
    expect(own.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/v3/boards/sera/hidden-plans/">',
    );
  });

  it('gives a signed-in person no inlined answers and an uncached, uncompressed page (ADR 207)', async () => {
    for (const url of ['/', `/pin/${pin.id}/`, '/mira/garden-rooms/']) {
      const response = await built.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br', ...as({ id: ownerId }) },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(PAGE_DATA_ELEMENT_ID);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers.etag, url).toBeUndefined();
      expect(response.headers.vary, url).toBe('Cookie, Accept-Language');
    }
  });

  it("keeps a visitor's HTML revalidatable (ETag → 304) and compresses it (ADR 207)", async () => {
    const plain = await visitorHtml('/');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toBe('Cookie, Accept-Encoding, Accept-Language');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await visitorHtml('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const compressed = await visitorHtml('/', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(`W/${etag}`);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect((await visitorHtml('/', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
  });

  describe('the header painted before the app (ADR 215)', () => {
    const IMAGE_HINT =
      /<link rel="preload" as="image" type="image\/webp" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/g;

    function shellOf(html: string): string | undefined {
      const start = html.indexOf(`<div id="${APP_SHELL_ELEMENT_ID}"`);
      if (start < 0) return undefined;
      return html.slice(start, html.indexOf('</noscript>', start) + '</noscript>'.length);
    }

    it('puts a visitor header with Log in and Sign up before #root on every page with a header', async () => {
      for (const url of ['/', `/pin/${pin.id}/`, '/mira/garden-rooms/', '/search/pins/?q=fern']) {
        const html = (await visitorHtml(url)).body;
        const shell = shellOf(html);
        expect(shell, url).toBeDefined();
        // Outside the app's root, which stays empty for the app to render into.
        expect(html.indexOf(`id="${APP_SHELL_ELEMENT_ID}"`), url).toBeLessThan(
          html.indexOf('<div id="root"></div>'),
        );
        expect(html, url).not.toContain(SHELL_MARKER);
        expect(shell, url).toContain('data-viewer="visitor"');
        expect(shell, url).toContain('aria-hidden="true" inert');
        expect(shell, url).toContain('<header class="site-header">');
        expect(shell, url).toContain(`>${SHELL_COPY.en.logIn}</button>`);
        expect(shell, url).toContain(`>${SHELL_COPY.en.signUp}</button>`);
        // Nothing in it takes focus: every control is out of the tab order (and the whole inert).
        const controls = shell?.match(/<(a|button|input)\b[^>]*>/g) ?? [];
        expect(controls.length, url).toBe(4);
        for (const control of controls) expect(control, url).toContain('tabindex="-1"');
        expect(shell, url).toContain('<noscript>');
      }
    });

    it('gives a signed-in request a neutral header: nothing of the person, no Log in', async () => {
      for (const url of ['/', `/pin/${pin.id}/`, '/mira/garden-rooms/', '/settings/security/']) {
        const html = (
          await built.inject({
            method: 'GET',
            url,
            headers: { accept: 'text/html', ...as({ id: ownerId }) },
          })
        ).body;
        const shell = shellOf(html);
        expect(shell, url).toBeDefined();
        expect(shell, url).toContain('data-viewer="member"');
        expect(shell, url).toContain('<div class="site-header__account"></div>');
        expect(shell, url).not.toContain(SHELL_COPY.en.logIn);
        expect(shell, url).not.toContain(SHELL_COPY.en.signUp);
        // The signed-in person is mira (Mira Sol): none of her names is in the header.
        for (const personal of ['mira', 'Mira', 'Sol']) {
          expect(shell, url).not.toContain(personal);
        }
      }
    });

    it('speaks the language the app will pick, and varies on Accept-Language', async () => {
      const es = await visitorHtml('/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
      expect(shellOf(es.body)).toContain(`>${SHELL_COPY.es.logIn}</button>`);
      expect(shellOf(es.body)).toContain(`placeholder="${SHELL_COPY.es.searchPlaceholder}"`);
      expect(es.headers.vary).toContain('Accept-Language');
      const other = await visitorHtml('/', { 'accept-language': 'de-DE,fr;q=0.9' });
      expect(shellOf(other.body)).toContain(`>${SHELL_COPY.en.logIn}</button>`);
      // Two languages, two documents: their validators differ.
      expect(es.headers.etag).not.toBe(other.headers.etag);
    });

    it('writes no header for the pages that bring their own (pin create pop-up, mobile save)', async () => {
      for (const url of ['/pin/create/bookmarklet/', `/pin/${pin.id}/repin/x/`, '/board/create/']) {
        const html = (await visitorHtml(url)).body;
        expect(html, url).not.toContain(`id="${APP_SHELL_ELEMENT_ID}"`);
        expect(html, url).not.toContain(SHELL_MARKER);
      }
    });

    it("preloads a public board's first cards' images for a visitor, as the board grid asks", async () => {
      const boardAnswer = (
        await built.inject({ method: 'GET', url: '/v3/boards/mira/garden-rooms/' })
      ).json<{ resource_response: { data: { id: string } } }>().resource_response.data;
      const pins = (
        await built.inject({
          method: 'GET',
          url: `/v3/boards/${boardAnswer.id}/pins/?page_size=25`,
        })
      ).json<{ resource_response: { data: Pin[] } }>().resource_response.data;
      expect(pins.length).toBeGreaterThan(0);
      const html = (await visitorHtml('/mira/garden-rooms/')).body;
      const hints = [...html.matchAll(IMAGE_HINT)];
      const first = pins.slice(0, GRID_EAGER_IMAGES);
      expect(hints).toHaveLength(first.length);
      first.forEach((card, index) => {
        const [, srcset = '', sizes] = hints[index] ?? [];
        expect(srcset).toBe(
          `${card.images['236x'].webp_url} 236w, ${card.images['474x'].webp_url} 474w`,
        );
        expect(sizes).toBe(GRID_IMAGE_SIZES);
      });
      // With a query string (a section's pins are other pins) the board gets no image hints.
      const section = (await visitorHtml('/mira/garden-rooms/?section=x')).body;
      expect([...section.matchAll(IMAGE_HINT)]).toHaveLength(0);
    });

    it('gives a secret board and a signed-in request no image hints', async () => {
      const owner = await createFixtures(handle.db).user({ username: 'tove' });
      const secret = await createFixtures(handle.db).board(owner, {
        name: 'Quiet drafts',
        slug: 'quiet-drafts',
        privacy: 'secret',
      });
      await createFixtures(handle.db).pin({ board: secret, title: 'Draft corner' });
      const visitorView = (await visitorHtml('/tove/quiet-drafts/')).body;
      expect(visitorView).not.toContain('as="image"');
      const ownerView = (
        await built.inject({
          method: 'GET',
          url: '/tove/quiet-drafts/',
          headers: { accept: 'text/html', ...as({ id: owner.id }) },
        })
      ).body;
      expect(ownerView).not.toContain('as="image"');
      const signedInPublic = (
        await built.inject({
          method: 'GET',
          url: '/mira/garden-rooms/',
          headers: { accept: 'text/html', ...as({ id: ownerId }) },
        })
      ).body;
      expect(signedInPublic).not.toContain('as="image"');
    });
  });

  it('preloads nothing for pages it does not know or may not show', async () => {
    for (const url of ['/some/deep/page/', '/pin/999999/']) {
      const html = (await built.inject({ method: 'GET', url, headers: { accept: 'text/html' } }))
        .body;
      expect(html, url).not.toContain('modulepreload');
      expect(html, url).not.toContain('rel="preload"');
    }
  });

  it('picks up a rebuilt index.html without a restart', async () => {
    const path = join(webDist, 'index.html');
    writeFileSync(
      path,
      `<!doctype html><html><head>${HEAD_MARKER}<script type="module" src="/assets/app-new456.js"></script></head><body></body></html>`,
    );
    // Make the change visible even on file systems with coarse timestamps.
    const later = new Date(Date.now() + 5_000);
    utimesSync(path, later, later);
    const response = await built.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    expect(response.body).toContain('/assets/app-new456.js');
    expect(response.body).not.toContain('/assets/app-abc123.js');
  });

  it('does not serve index.html under its own name with long caching', async () => {
    const response = await built.inject({
      method: 'GET',
      url: '/index.html',
      headers: { accept: 'text/html' },
    });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).not.toContain(HEAD_MARKER);
  });
});

describe('database trouble', () => {
  it('still serves the page, with the generic meta', async () => {
    const unreachable = handle.db.withPlugin({
      transformQuery: () => {
        throw new Error('connect ECONNREFUSED');
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const broken = await buildTestApp(unreachable);
    try {
      const response = await broken.app.inject({
        method: 'GET',
        url: `/pin/${pin.id}/`,
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Corkboard</title>');
    } finally {
      await broken.close();
    }
  });
});

describe('missing web build', () => {
  it('keeps answering the API and shows a build hint for pages', async () => {
    const mediaRoot = mkdtempSync(join(tmpdir(), 'corkboard-media-'));
    const bare = await buildApp({
      db: handle.db,
      storage: new LocalMediaStorage(mediaRoot),
      config: testConfig({ webDist: join(tmpdir(), 'corkboard-definitely-missing') }),
    });
    try {
      const health = await bare.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const pageLoad = await bare.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html' },
      });
      expect(pageLoad.statusCode).toBe(503);
      expect(pageLoad.body).toContain('npm run build');
    } finally {
      await bare.close();
      rmSync(mediaRoot, { recursive: true, force: true });
    }
  });
});

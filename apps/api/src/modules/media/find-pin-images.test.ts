import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIND_PIN_IMAGES_MAX_CANDIDATES,
  FIND_PIN_IMAGES_PROBE_MAX_BYTES,
  extractPageMetadata,
  findPinImages,
  parseSrcset,
  sniffCharset,
} from './find-pin-images.ts';
import { SafeFetchError, createSafeFetcher } from '../../lib/safe-fetch.ts';
import { noiseImage } from '../../test/fixture-images.ts';
import { startLoopbackServer, type LoopbackServer } from '../../test/loopback-server.ts';

const PAGE = 'https://shop.example/products/lamp?color=red';

function candidates(html: string, pageUrl = PAGE) {
  return extractPageMetadata(html, pageUrl).candidates;
}

describe('parseSrcset', () => {
  it('reads width and density descriptors', () => {
    expect(parseSrcset('a.jpg 320w, b.jpg 640w,c.jpg 1280w')).toEqual([
      { url: 'a.jpg', width: 320, density: 1 },
      { url: 'b.jpg', width: 640, density: 1 },
      { url: 'c.jpg', width: 1280, density: 1 },
    ]);
    expect(parseSrcset('a.jpg, b.jpg 2x, c.jpg 1.5x')).toEqual([
      { url: 'a.jpg', width: null, density: 1 },
      { url: 'b.jpg', width: null, density: 2 },
      { url: 'c.jpg', width: null, density: 1.5 },
    ]);
  });

  it('keeps commas inside URLs', () => {
    expect(parseSrcset('https://cdn.example/w_600,h_400/a.jpg 600w')).toEqual([
      { url: 'https://cdn.example/w_600,h_400/a.jpg', width: 600, density: 1 },
    ]);
  });

  it('handles empty and odd input', () => {
    expect(parseSrcset('')).toEqual([]);
    expect(parseSrcset(' , ,')).toEqual([]);
  });
});

describe('extractPageMetadata', () => {
  it('reads og:image with its size, merging og:image:secure_url', () => {
    const found = candidates(`
      <meta property="og:image" content="http://cdn.example/hero.jpg">
      <meta property="og:image:secure_url" content="https://cdn.example/hero.jpg">
      <meta property="og:image:width" content="1200">
      <meta property="og:image:height" content="630">
      <meta property="og:image" content="/second.jpg">`);
    expect(found).toEqual([
      { url: 'https://cdn.example/hero.jpg', source: 'og:image', width: 1200, height: 630 },
      { url: 'https://shop.example/second.jpg', source: 'og:image', width: null, height: null },
    ]);
  });

  it('reads twitter:image and <link rel="image_src">', () => {
    expect(
      candidates(`
        <meta name="twitter:image" content="/tw.png">
        <link rel="image_src" href="/link.png">`),
    ).toEqual([
      { url: 'https://shop.example/tw.png', source: 'twitter:image', width: null, height: null },
      { url: 'https://shop.example/link.png', source: 'link:image_src', width: null, height: null },
    ]);
  });

  it('resolves against <base href> (the first one), ignoring unusable ones', () => {
    expect(
      candidates('<base href="https://static.example/assets/"><base href="/x/"><img src="a.jpg">'),
    ).toEqual([
      { url: 'https://static.example/assets/a.jpg', source: 'img', width: null, height: null },
    ]);
    expect(candidates('<base href="javascript:alert(1)"><img src="a.jpg">')[0]?.url).toBe(
      'https://shop.example/products/a.jpg',
    );
  });

  it('reads <img> sizes from attributes, the best srcset candidate and lazy attributes', () => {
    const found = candidates(`
      <img src="plain.jpg" width="400" height="300">
      <img src="small.jpg" srcset="small.jpg 320w, large.jpg 1280w" width="320" height="240">
      <img src="x1.jpg" srcset="x1.jpg 1x, x2.jpg 2x">
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="lazy.jpg" width="100%">
      <img src="placeholder.gif" data-lazy-src="lazier.jpg" width="50px" height="60px">`);
    expect(found).toEqual([
      { url: 'https://shop.example/products/plain.jpg', source: 'img', width: 400, height: 300 },
      { url: 'https://shop.example/products/large.jpg', source: 'img', width: 1280, height: 960 },
      { url: 'https://shop.example/products/x2.jpg', source: 'img', width: null, height: null },
      { url: 'https://shop.example/products/lazy.jpg', source: 'img', width: null, height: null },
      { url: 'https://shop.example/products/lazier.jpg', source: 'img', width: 50, height: 60 },
    ]);
  });

  it('reads <picture> sources and <noscript> images', () => {
    const found = candidates(`
      <picture>
        <source srcset="p.webp 800w" type="image/webp">
        <source srcset="p.svg" type="image/svg+xml">
        <img src="p.jpg">
      </picture>
      <noscript><img src="real.jpg" width="600" height="400"></noscript>`);
    expect(found.map((c) => c.url.replace('https://shop.example/products/', ''))).toEqual([
      'p.webp',
      'p.jpg',
      'real.jpg',
    ]);
  });

  it('keeps only http(s) images, never SVG, and nothing from templates or inline SVG', () => {
    const found = candidates(`
      <img src="javascript:alert(1)">
      <img src="data:image/png;base64,iVBORw0KGgo=">
      <img src="ftp://files.example/a.jpg">
      <img src="//cdn.example/protocol-relative.jpg">
      <img src="logo.svg"><img src="icon.SVGZ">
      <img src="https://user:pw@cdn.example/a.jpg">
      <template><img src="inert.jpg"></template>
      <svg><image href="vector.png"></image><img src="breaks-out.jpg"></svg>`);
    // An <img> tag inside <svg> leaves SVG content in the HTML parsing algorithm, so browsers
    // show it as an HTML image: the real parser agrees.
    expect(found.map((c) => c.url)).toEqual([
      'https://cdn.example/protocol-relative.jpg',
      'https://shop.example/products/breaks-out.jpg',
    ]);
  });

  it('de-duplicates, merging http and https copies and dropping fragments', () => {
    const found = candidates(`
      <meta property="og:image" content="http://cdn.example/a.jpg">
      <img src="https://cdn.example/a.jpg#zoom" width="800" height="600">
      <img src="https://cdn.example/a.jpg">`);
    expect(found).toEqual([
      { url: 'https://cdn.example/a.jpg', source: 'og:image', width: 800, height: 600 },
    ]);
  });

  it(`keeps at most ${FIND_PIN_IMAGES_MAX_CANDIDATES} images`, () => {
    const html = Array.from({ length: 150 }, (_, i) => `<img src="/i${i}.jpg">`).join('');
    const found = candidates(html);
    expect(found).toHaveLength(FIND_PIN_IMAGES_MAX_CANDIDATES);
    expect(found[0]?.url).toBe('https://shop.example/i0.jpg');
  });

  it('takes the title and description, Open Graph first, cleaned and bounded', () => {
    expect(
      extractPageMetadata(
        `<title>  Plain
          title </title><meta name="description" content="Meta &amp; description">`,
        PAGE,
      ),
    ).toMatchObject({ title: 'Plain title', description: 'Meta & description' });
    expect(
      extractPageMetadata(
        `<title>Plain</title>
         <meta property="og:title" content="OG title">
         <meta name="twitter:description" content="Tweet">
         <meta property="og:description" content="${'d'.repeat(600)}">`,
        PAGE,
      ),
    ).toMatchObject({ title: 'OG title', description: 'd'.repeat(500) });
    expect(extractPageMetadata('<p>nothing</p>', PAGE)).toMatchObject({
      title: null,
      description: null,
    });
  });
});

describe('sniffCharset', () => {
  it('prefers a BOM, then the header, then <meta>, then UTF-8', () => {
    const meta = Buffer.from('<meta charset="windows-1252"><title>x</title>');
    expect(sniffCharset(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]), 'iso-8859-2')).toBe('utf-8');
    expect(sniffCharset(meta, 'iso-8859-2')).toBe('iso-8859-2');
    expect(sniffCharset(meta, null)).toBe('windows-1252');
    expect(
      sniffCharset(
        Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'),
        null,
      ),
    ).toBe('shift_jis');
    expect(sniffCharset(Buffer.from('<p>plain</p>'), null)).toBe('utf-8');
  });
});

describe('findPinImages', () => {
  let server: LoopbackServer;
  const fetcher = createSafeFetcher({ allowHosts: ['127.0.0.1:*'] });
  const images: Record<string, { type: string; body: Buffer }> = {};
  const requestsFor = (path: string) => server.requests.filter((r) => r.url === path);
  const serveImage = (name: string) => (_req: unknown, res: ServerResponse) => {
    const image = images[name];
    if (!image) throw new Error(`no fixture ${name}`);
    res.writeHead(200, { 'content-type': image.type }).end(image.body);
  };
  const html = (body: string | Buffer, type = 'text/html; charset=utf-8') => {
    return (_req: unknown, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': type }).end(body);
    };
  };

  beforeAll(async () => {
    images['hero'] = {
      type: 'image/jpeg',
      body: await noiseImage(1200, 630).jpeg({ quality: 95 }).toBuffer(),
    };
    images['gif'] = { type: 'image/gif', body: await noiseImage(300, 200).gif().toBuffer() };
    images['webp'] = {
      type: 'application/octet-stream',
      body: await noiseImage(640, 480).webp().toBuffer(),
    };
    images['tiny'] = { type: 'image/png', body: await noiseImage(50, 50).png().toBuffer() };
    images['strip'] = { type: 'image/png', body: await noiseImage(1000, 119).png().toBuffer() };
    images['svg'] = {
      type: 'image/svg+xml',
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'),
    };
    images['tiff'] = { type: 'image/tiff', body: await noiseImage(400, 400).tiff().toBuffer() };

    server = await startLoopbackServer({
      '/hero.jpg': serveImage('hero'),
      '/anim.gif': serveImage('gif'),
      '/photo': serveImage('webp'),
      '/tiny.png': serveImage('tiny'),
      '/strip.png': serveImage('strip'),
      '/drawing': serveImage('svg'),
      '/scan.tif': serveImage('tiff'),
      '/declared.jpg': serveImage('hero'),
      '/direct.gif': serveImage('gif'),
    });
    const port = server.port;
    server.route(
      '/article',
      html(`<!doctype html><html><head>
        <title>Lamp | Shop</title>
        <meta property="og:title" content="Brass desk lamp">
        <meta property="og:description" content="A lamp for late nights.">
        <meta property="og:image" content="/hero.jpg">
      </head><body>
        <img src="/tiny.png">
        <img src="/declared.jpg" width="400" height="300">
        <img src="/icon.png" width="16" height="16">
        <img src="/anim.gif">
        <img data-src="/photo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <img src="/strip.png">
        <img src="/drawing">
        <img src="/scan.tif">
        <img src="/missing.jpg">
        <img src="http://localhost:${port}/hero.jpg?via=localhost">
      </body></html>`),
    );
    server.route(
      '/gallery',
      html(Array.from({ length: 20 }, (_, i) => `<img src="/g${i}.jpg">`).join('')),
    );
    server.route('/moved', (_req, res) => {
      res.writeHead(301, { location: '/article' }).end();
    });
    server.route(
      '/latin1',
      html(
        Buffer.concat([
          Buffer.from('<meta charset="windows-1252"><title>Caf'),
          Buffer.from([0xe9]),
          Buffer.from('</title>'),
        ]),
        'text/html',
      ),
    );
    server.route(
      '/long',
      html(
        `<head><meta property="og:image" content="/hero.jpg"></head><!--${'x'.repeat(3 * 1024 * 1024)}-->`,
      ),
    );
    server.route('/report.pdf', html('%PDF-1.7', 'application/pdf'));
  });

  afterAll(async () => {
    await server.close();
  });

  it('returns the usable images, og:image first then by area, with the page text', async () => {
    const result = await findPinImages(server.url('/article'), { fetcher });
    expect(result.title).toBe('Brass desk lamp');
    expect(result.description).toBe('A lamp for late nights.');
    expect(result.url).toBe(server.url('/article'));
    expect(result.images).toEqual([
      {
        type: 'image',
        url: server.url('/hero.jpg'),
        width: 1200,
        height: 630,
        source: 'og:image',
        pinnable: true,
      },
      {
        type: 'image',
        url: server.url('/photo'),
        width: 640,
        height: 480,
        source: 'img',
        pinnable: true,
      },
      {
        type: 'image',
        url: server.url('/declared.jpg'),
        width: 400,
        height: 300,
        source: 'img',
        pinnable: true,
      },
      {
        type: 'image',
        url: server.url('/anim.gif'),
        width: 300,
        height: 200,
        source: 'img',
        pinnable: true,
      },
    ]);
  });

  it('trusts declared sizes and probes only the unsized, with a bounded Range', async () => {
    await findPinImages(server.url('/article'), { fetcher });
    expect(requestsFor('/declared.jpg')).toEqual([]);
    expect(requestsFor('/icon.png')).toEqual([]);
    const probe = requestsFor('/anim.gif')[0];
    expect(probe?.headers.range).toBe(`bytes=0-${FIND_PIN_IMAGES_PROBE_MAX_BYTES - 1}`);
  });

  it('skips images on blocked addresses without failing the page', async () => {
    const before = server.requests.length;
    await findPinImages(server.url('/article'), { fetcher });
    expect(server.requests.slice(before).some((r) => r.url.includes('via=localhost'))).toBe(false);
  });

  it('probes at most maxProbes images', async () => {
    const before = server.requests.length;
    const result = await findPinImages(server.url('/gallery'), { fetcher, maxProbes: 3 });
    const probes = server.requests.slice(before).filter((r) => /^\/g\d+\.jpg$/.test(r.url));
    expect(probes.map((r) => r.url)).toEqual(['/g0.jpg', '/g1.jpg', '/g2.jpg']);
    expect(result.images).toEqual([]);
  });

  it('follows redirects and reports the final URL', async () => {
    const result = await findPinImages(server.url('/moved'), { fetcher });
    expect(result.url).toBe(server.url('/article'));
    expect(result.images[0]?.url).toBe(server.url('/hero.jpg'));
  });

  it('answers with the image itself for an image URL', async () => {
    const result = await findPinImages(server.url('/direct.gif'), { fetcher });
    expect(result).toEqual({
      url: server.url('/direct.gif'),
      title: null,
      description: null,
      images: [
        {
          type: 'image',
          url: server.url('/direct.gif'),
          width: 300,
          height: 200,
          source: 'img',
          pinnable: true,
        },
      ],
    });
    expect((await findPinImages(server.url('/tiny.png'), { fetcher })).images).toEqual([]);
  });

  it('decodes the page in its declared character set', async () => {
    const result = await findPinImages(server.url('/latin1'), { fetcher });
    expect(result.title).toBe('Café');
  });

  it('reads the start of a page longer than the HTML cap', async () => {
    const result = await findPinImages(server.url('/long'), { fetcher });
    expect(result.images.map((image) => image.url)).toEqual([server.url('/hero.jpg')]);
  });

  it('fails for pages it may not or cannot read', async () => {
    await expect(findPinImages(server.url('/report.pdf'), { fetcher })).rejects.toMatchObject({
      reason: 'bad_content_type',
    });
    await expect(
      findPinImages(server.url('/article'), { fetcher: createSafeFetcher() }),
    ).rejects.toBeInstanceOf(SafeFetchError);
  });
});

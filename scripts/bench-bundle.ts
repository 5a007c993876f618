// bench:bundle — what a first visit downloads: loads `/` and a `/pin/:id/` page in a fresh
// Chromium context (empty cache) against the built server and sums the JS and CSS responses,
// raw and gzip-compressed (level 9, as a CDN would), beside the wire bytes actually served.
// Prints figures only; the numbers go in docs/performance.md.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@corkboard/testing-support/browser';
import { buildWeb, spawnServer } from '@corkboard/testing-support/server';

interface Asset {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  wire: number;
}

/**
 * Every script and stylesheet the page asks for until the network is idle (lazy route chunks
 * included). Sizes are read from the built files afterwards: Playwright cannot always hand back
 * the body of a response the page has already consumed, and an earlier version of this bench
 * silently left those files out (on `/` it counted only the shell, not the home page's chunks).
 */
async function firstVisit(browser: Browser, base: string, path: string): Promise<Asset[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested: { url: string; kind: 'js' | 'css'; wire: Promise<number> }[] = [];
  page.on('request', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    requested.push({
      url: new URL(request.url()).pathname,
      kind: type === 'script' ? 'js' : 'css',
      wire: (async () => {
        await request.response();
        return (await request.sizes()).responseBodySize;
      })().catch(() => Number.NaN),
    });
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const assets: Asset[] = [];
  for (const { url, kind, wire } of requested) {
    // Identity encoding: the raw file as built.
    const body = Buffer.from(
      await (
        await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } })
      ).arrayBuffer(),
    );
    assets.push({
      url,
      kind,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      wire: await wire,
    });
  }
  await context.close();
  return assets;
}

// KiB, as the figures in docs/performance.md always were; the row totals also give kB (1000 B).
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.env.BENCH_SKIP_BUILD !== '1') buildWeb();
const server = await spawnServer({
  ...(process.env.BENCH_DATA_DIR ? { dataDir: process.env.BENCH_DATA_DIR } : {}),
  // PGlite seeded on first start, unless BENCH_DATABASE_URL names an already seeded PostgreSQL
  // database (seeding the demo's images takes minutes on a loaded machine).
  env: { DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', RATE_LIMIT_MAX: '100000' },
});
const browser = await launchBrowser();
try {
  const feed = (await (await fetch(`${server.url}/v3/feeds/home/?page_size=1`)).json()) as {
    resource_response: { data: { id: string }[] };
  };
  const pinId = feed.resource_response.data[0]?.id;
  if (!pinId) throw new Error('no pin to visit');
  const routes: [string, string][] = [
    ['/', '/'],
    ['/pin/:id/', `/pin/${pinId}/`],
  ];
  console.log('\nbench:bundle — first visit, empty cache, Chromium headless\n');
  for (const [label, path] of routes) {
    const assets = await firstVisit(browser, server.url, path);
    const rows = (['js', 'css'] as const).map((kind) => {
      const subset = assets.filter((asset) => asset.kind === kind);
      return {
        route: label,
        kind,
        files: subset.length,
        raw: kb(subset.reduce((sum, a) => sum + a.raw, 0)),
        'gzip -9': kb(subset.reduce((sum, a) => sum + a.gzip, 0)),
        'gzip -9 (kB)': kB(subset.reduce((sum, a) => sum + a.gzip, 0)),
        'on the wire': kb(subset.reduce((sum, a) => sum + a.wire, 0)),
      };
    });
    console.table(rows);
    for (const asset of assets)
      console.log(
        `  ${asset.kind} ${asset.url}  raw ${kb(asset.raw)}  gzip ${kb(asset.gzip)}  wire ${kb(asset.wire)}`,
      );
  }
} finally {
  await browser.close();
  await server.stop();
}

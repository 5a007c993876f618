// bench:lighthouse — Lighthouse (the npm package, its default mobile profile: Moto G Power
// viewport, simulated slow 4G, 4x CPU slowdown) with Debian's Chromium against the built server
// on the home page, a pin page and a board page. Prints the performance score, FCP, Speed Index,
// LCP, TBT and CLS per page, and the same for a baseline in the same run: a static page with one
// image and no script, served by a bare Node server, which shows what this machine's load does to
// the figures. Not part of CI; the numbers go in docs/performance.md.
//
// Env: RUNS (default 3; the median run by performance score is shown), BENCH_SKIP_BUILD=1,
// BENCH_DATA_DIR (reuse a seeded data dir), CHROMIUM_PATH, LIGHTHOUSE_SHIFTS=1 (list the
// elements that moved, for the median run), BENCH_API_ENTRY (the server entry, relative to this
// checkout: point it at another checkout's apps/api/src/main.ts, with its web build, for a
// before/after on the same machine), LIGHTHOUSE_JSON_DIR (write every run's full Lighthouse
// report there as JSON, to read its audits: bootup-time, long-tasks, lcp-breakdown, …).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '@corkboard/testing-support/browser';
import { buildWeb, spawnServer } from '@corkboard/testing-support/server';

interface Figures {
  score: number;
  fcp: number;
  si: number;
  lcp: number;
  tbt: number;
  cls: number;
  shifts: string[];
}

const RUNS = Math.max(1, Number(process.env.RUNS ?? '3'));

const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;
if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });

async function audit(port: number, url: string, reportName: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (JSON_DIR) writeFileSync(`${JSON_DIR}/${reportName}.json`, JSON.stringify(lhr));
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const shiftItems =
    (
      lhr.audits['layout-shifts']?.details as {
        items?: { node?: { snippet?: string }; score?: number }[];
      }
    )?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    si: numeric('speed-index'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    shifts: shiftItems.map(
      (item) => `${(item.score ?? 0).toFixed(3)} ${item.node?.snippet?.slice(0, 120) ?? '?'}`,
    ),
  };
}

/**
 * On a loaded machine Lighthouse sometimes fails to record the trace (NO_NAVSTART,
 * NO_FCP): such a run measures nothing, so it is run again (twice at most), and said so.
 */
async function auditWithRetry(port: number, url: string, reportName: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, reportName);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  retrying ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The median run by score (ties: the lower LCP), as Lighthouse's own docs advise. */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcp - a.lcp);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const BASELINE_IMAGE = Buffer.from(
  // A 1x1 grey GIF stretched to a card's size: the page has an LCP element and nothing else.
  'R0lGODlhAQABAIAAAMzMzAAAACH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);
const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>baseline</title></head>
<body><h1>Baseline</h1><img src="/i.gif" width="236" height="354" alt="grey"></body></html>`;

function startBaseline(): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    if (request.url === '/i.gif') {
      response.writeHead(200, { 'content-type': 'image/gif' }).end(BASELINE_IMAGE);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

const ms = (value: number) => `${Math.round(value)} ms`;

if (process.env.BENCH_SKIP_BUILD !== '1') buildWeb();
const server = await spawnServer({
  ...(process.env.BENCH_DATA_DIR ? { dataDir: process.env.BENCH_DATA_DIR } : {}),
  ...(process.env.BENCH_API_ENTRY ? { entry: process.env.BENCH_API_ENTRY } : {}),
  env: { DATABASE_URL: '', RATE_LIMIT_MAX: '100000' },
});
const baseline = await startBaseline();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const feed = (await (await fetch(`${server.url}/v3/feeds/home/?page_size=1`)).json()) as {
    resource_response: { data: { id: string; board: { url: string } }[] };
  };
  const pin = feed.resource_response.data[0];
  if (!pin) throw new Error('no pin to visit');
  const pages: [string, string, string][] = [
    ['baseline (static)', 'baseline', baseline.url],
    ['home /', 'home', `${server.url}/`],
    ['pin /pin/:id/', 'pin', `${server.url}/pin/${pin.id}/`],
    ['board /:user/:slug/', 'board', `${server.url}${pin.board.url}`],
  ];
  console.log(
    `\nbench:lighthouse — Lighthouse mobile (simulated throttling), ${RUNS} run(s) each, median shown; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const rows = [];
  for (const [label, name, url] of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await auditWithRetry(chrome.port, url, `${name}-${String(i + 1)}`));
    const figures = median(runs);
    rows.push({
      page: label,
      performance: figures.score,
      runs: runs.map((run) => run.score).join('/'),
      FCP: ms(figures.fcp),
      SI: ms(figures.si),
      LCP: ms(figures.lcp),
      TBT: ms(figures.tbt),
      CLS: figures.cls.toFixed(3),
    });
    if (process.env.LIGHTHOUSE_SHIFTS === '1')
      for (const shift of figures.shifts) console.log(`  ${label} shift ${shift}`);
  }
  console.table(rows);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  chrome.kill();
  baseline.close();
  await server.stop();
}

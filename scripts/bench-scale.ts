// bench:scale — search, board and picker through the real server on a seeded database of any
// size (issue 13: "the feed, search, board and picker benches at that size"), each beside a
// same-run baseline: a bare Fastify route answering the very bytes the server answered, from
// memory (as bench:feed). Prints req/s, p50 and p99 and the ratio; never fails on timing.
//
//   npm run bench:scale                      # every target
//   npm run bench:scale -- search typos      # some of them
//
// Targets (what a first view of each page asks the API for):
//   search — a visitor's `GET /v3/search/pins/?q=…&page_size=25`, cycling through SEARCH_QUERIES
//            (words of the demo's titles, one of them two words);
//   typos  — the same request for misspelt queries (TYPO_QUERIES: no full-text match, or none
//            for all the words together; docs/decisions/200), apart so `search` stays comparable;
//   board  — a visitor's board page: `GET /v3/boards/:username/:slug/` and the board's first
//            pins page `GET /v3/boards/:id/pins/`, alternately (the board with the most pins);
//   picker — a signed-in demo person's save picker: `BoardPickerBoardsResource`, first page,
//            with a pin title (the shortlist scores names against it).
//
// Data: the server's database as it is: DATABASE_URL (e.g. one filled by
// `npm run db:seed -- --pins 1000000`), or PGlite in BENCH_DATA_DIR (seeded with the demo on first
// start). The bench only reads, except the picker's one log-in (a session row for the demo
// person, as any log-in writes). The server migrates its database on start, as in production:
// point DATABASE_URL at a copy if the database must not change (see docs/performance.md).
//
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10), BENCH_DATA_DIR,
// DATABASE_URL, BENCH_BOARD (username/slug; default the public board with the most pins).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnServer, type SpawnedServer } from '@corkboard/testing-support/server';

const TARGETS = ['search', 'typos', 'board', 'picker'] as const;
type Target = (typeof TARGETS)[number];

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-bench-'));

/** Demo titles' words (seed-demo): frequent ones, a rare one and a two-word query. */
const SEARCH_QUERIES = ['hellebores', 'bread', 'garden', 'kitchen', 'sunset', 'sheet-pan chicken'];
/**
 * Misspelt queries: a misspelt common word, a misspelt rare word (1 % of the 1M seed's pins), a
 * short misspelling, two words no title holds together, a misspelling with a correct word, and
 * words the demo's titles do not hold at all (an empty answer, then 'Did you mean').
 */
const TYPO_QUERIES = [
  'sourdugh',
  'hellebors',
  'gardn',
  'garden bread',
  'kitchn island',
  'chocolat cake',
];
const SEARCH_PAGE_SIZE = 25;
/** A demo person (seeded by the server on first start, or by `npm run db:seed`). */
const DEMO_USER = 'mara_cooks';
const DEMO_PASSWORD = 'corkboard-demo';
const PICKER_OPTIONS = { filter: 'all', page_size: 100, title: 'Small balcony garden ideas' };
/** A well-formed double-submit token and visitor id, as a returning browser holds them. */
const CSRF = 'YmVuY2gtc2NhbGUtY3NyZi10b2tlbi0wMTIzNDU2Nzg';
const VISITOR_COOKIES = `csrftoken=${CSRF}; visitor_id=YmVuY2gtc2NhbGUtdmlzaXRv`;

interface Figures {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** autocannon over `paths` (cycled, one per request) on `base`, after a 2 s warm-up. */
async function measure(
  label: string,
  base: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<Figures> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers }));
  const options = { url: base, connections, requests };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function fetchOk(url: string, headers: Record<string, string>): Promise<Buffer> {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.toString().slice(0, 300)}`);
  return body;
}

async function logIn(base: string): Promise<string> {
  const login = await fetch(`${base}/v3/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: VISITOR_COOKIES, 'x-csrftoken': CSRF },
    body: JSON.stringify({ username_or_email: DEMO_USER, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`log-in failed: ${login.status} ${await login.text()}`);
  const cookies = new Map<string, string>();
  for (const pair of [...VISITOR_COOKIES.split('; '), ...login.headers.getSetCookie()]) {
    const [nameValue = ''] = pair.split(';');
    const at = nameValue.indexOf('=');
    cookies.set(nameValue.slice(0, at), nameValue.slice(at + 1));
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

interface Scenario {
  label: string;
  paths: string[];
  headers: Record<string, string>;
}

async function scenario(target: Target, base: string): Promise<Scenario> {
  const visitor = { cookie: VISITOR_COOKIES };
  switch (target) {
    case 'search':
    case 'typos': {
      const queries = target === 'search' ? SEARCH_QUERIES : TYPO_QUERIES;
      return {
        label: `${target}: visitor GET /v3/search/pins/ (${queries.length} queries)`,
        paths: queries.map(
          (q) => `/v3/search/pins/?q=${encodeURIComponent(q)}&page_size=${SEARCH_PAGE_SIZE}`,
        ),
        headers: visitor,
      };
    }
    case 'board': {
      const [username, slug] = (process.env.BENCH_BOARD ?? '').split('/');
      const path =
        username && slug
          ? `/v3/boards/${username}/${slug}/`
          : await busiestPublicBoard(base, visitor);
      const board = JSON.parse((await fetchOk(base + path, visitor)).toString()) as {
        resource_response: { data: { id: string; pin_count: number } };
      };
      const { id, pin_count: pinCount } = board.resource_response.data;
      return {
        label: `board: visitor ${path} + /v3/boards/${id}/pins/ (${pinCount} pins)`,
        paths: [path, `/v3/boards/${id}/pins/`],
        headers: visitor,
      };
    }
    case 'picker': {
      const session = await logIn(base);
      return {
        label: `picker: ${DEMO_USER}, BoardPickerBoardsResource with a pin title`,
        paths: [
          `/resource/BoardPickerBoardsResource/get/?options=${encodeURIComponent(JSON.stringify(PICKER_OPTIONS))}`,
        ],
        headers: { cookie: session },
      };
    }
  }
}

/** The demo person's public board with the most pins, from the API (no database access here). */
async function busiestPublicBoard(base: string, headers: Record<string, string>): Promise<string> {
  const body = await fetchOk(`${base}/v3/users/${DEMO_USER}/boards/`, headers);
  const boards = (
    JSON.parse(body.toString()) as {
      resource_response: { data: { url: string; pin_count: number; privacy: string }[] };
    }
  ).resource_response.data.filter((board) => board.privacy === 'public');
  boards.sort((a, b) => b.pin_count - a.pin_count);
  const url = boards[0]?.url;
  if (!url) throw new Error(`${DEMO_USER} has no public board`);
  // Board URLs are /<username>/<slug>/; the board resource is under /v3/boards/.
  return `/v3/boards${url}`;
}

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!TARGETS.includes(name as Target)) {
    throw new Error(`unknown target ${name}; use ${TARGETS.join(', ')}`);
  }
}
const targets = wanted.length === 0 ? [...TARGETS] : (wanted as Target[]);

const api = await spawnServer({
  dataDir,
  stdout: 'ignore',
  env: { RATE_LIMIT_MAX: '100000000', CAPTCHA_PROVIDER: 'off' },
});
const rows: (Figures & { ratio: string })[] = [];
try {
  for (const target of targets) {
    const { label, paths, headers } = await scenario(target, api.url);
    // The baseline answers the first path's bytes at every path the target uses.
    const bodyFile = join(dataDir, `bench-scale-${target}.json`);
    writeFileSync(bodyFile, await fetchOk(api.url + paths[0], headers));
    let baseline: SpawnedServer | undefined;
    try {
      baseline = await spawnServer({
        entry: 'scripts/bench-baseline-server.ts',
        args: [bodyFile, ...paths.map((path) => path.split('?')[0] ?? path)],
        dataDir,
        readyPath: paths[0]?.split('?')[0] ?? '/',
      });
      const figures = await measure(label, api.url, paths, headers);
      const bare = await measure(`  baseline: bare Fastify, same bytes`, baseline.url, paths, {});
      rows.push({
        ...figures,
        ratio: (figures.requestsPerSecond / bare.requestsPerSecond).toFixed(3),
      });
      rows.push({ ...bare, ratio: '1' });
    } finally {
      await baseline?.stop();
    }
  }
} finally {
  await api.stop();
}

console.log(
  `\nbench:scale — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}`,
);
console.log(
  `autocannon: ${connections} connections, ${duration} s per target after a 2 s warm-up; database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}\n`,
);
console.table(
  rows.map((row) => ({
    target: row.label,
    'req/s': Math.round(row.requestsPerSecond),
    'p50 ms': row.p50Ms,
    'p99 ms': row.p99Ms,
    non2xx: row.non2xx,
    ratio: row.ratio,
  })),
);

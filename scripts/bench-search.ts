// bench:search — search at 100,000 pins (issue 12 "Proof"):
//  1. data: a throwaway database (PGlite in a temp dir, or a new database on the PostgreSQL
//     server at DATABASE_URL, dropped at the end) filled in bulk with INSERT … SELECT
//     generate_series: 200 people, 1,000 boards (one in ten secret), PINS pins (default 100,000)
//     with titles and descriptions from small word lists; then ANALYZE;
//  2. typeahead through the real server (AdvancedTypeaheadResource): every term once (server
//     cache misses), then the same terms again (cache hits), p50/p99 per request;
//  3. full search through the real server (GET /v3/search/pins/?q=…, first page of 25) with
//     autocannon, req/s and p50/p99;
//  4. baseline in the same run: the pins-scope search query (searchPinRows, the SQL the route
//     runs) executed in-process straight on the database, one at a time, for the same queries.
// Prints figures; never fails on timing. The numbers go in docs/performance.md.
//
// Env: PINS (default 100000), TERMS (typeahead terms, default 60), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 4),
// DATABASE_URL (bench on a PostgreSQL server instead of PGlite).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDb, type DbHandle } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { mediaKey } from '@corkboard/media/media-keys';
import { spawnServer } from '@corkboard/testing-support/server';
import { searchPinRows, withTypoThreshold } from '@corkboard/api/modules/search/search.repository';
import {
  PIN_SEARCH_CANDIDATES,
  RANKING,
  TYPO_MIN_QUERY_LENGTH,
} from '@corkboard/api/modules/search/search.service';
import { foldText } from '@corkboard/shared/saving/fold';

const pinCount = Number(process.env.PINS ?? 100_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PAGE_SIZE = 25;

const ADJECTIVES = [
  'cozy',
  'rustic',
  'minimal',
  'bright',
  'vintage',
  'nordic',
  'easy',
  'summer',
  'winter',
  'small',
  'modern',
  'classic',
  'colourful',
  'quick',
  'healthy',
  'creamy',
  'spicy',
  'golden',
  'wooden',
  'handmade',
];
const NOUNS = [
  'kitchen',
  'garden',
  'balcony',
  'bedroom',
  'sourdough',
  'lasagna',
  'salad',
  'cabin',
  'wedding',
  'outfit',
  'bookshelf',
  'planter',
  'lamp',
  'quilt',
  'ceramics',
  'watercolour',
  'hiking',
  'beach',
  'cocktail',
  'desk',
  'terrarium',
  'notebook',
  'scarf',
  'chair',
  'rug',
  'candle',
  'mural',
  'pancakes',
  'smoothie',
  'tart',
];
const TAILS = ['ideas', 'recipe', 'inspiration', 'makeover', 'guide', 'tips', 'project', 'finds'];
const DESCRIPTION_WORDS = [
  'weekend',
  'budget',
  'simple',
  'step by step',
  'family',
  'favourite',
  'seasonal',
  'bold',
  'calm',
  'tiny',
  'natural',
  'light',
];

/** Search queries the full-search part cycles through (1–3 words, some with a typo). */
const QUERIES = [
  ...NOUNS,
  ...ADJECTIVES.slice(0, 10).map((adjective, i) => `${adjective} ${NOUNS[i * 3] ?? 'lamp'}`),
  ...NOUNS.slice(0, 10).map((noun, i) => `${noun} ${TAILS[i % TAILS.length] ?? 'ideas'}`),
  'sourdugh',
  'lasagne',
  'terarium',
  'balconny',
];

/**
 * Typeahead terms as people type them: 2–5 letters of a word, and "adjective + noun prefix";
 * TERMS of them (default 60), spread over the list.
 */
const ALL_TERMS = [
  ...new Set([
    ...[...ADJECTIVES, ...NOUNS].flatMap((word) =>
      [2, 3, 4, 5].map((length) => word.slice(0, length)),
    ),
    ...ADJECTIVES.flatMap((adjective) =>
      NOUNS.slice(0, 10).map((noun) => `${adjective} ${noun.slice(0, 3)}`),
    ),
  ]),
];
const termCount = Math.min(ALL_TERMS.length, Number(process.env.TERMS ?? 60));
const TERMS = Array.from(
  { length: termCount },
  (_, i) => ALL_TERMS[Math.floor((i * ALL_TERMS.length) / termCount)] ?? 'la',
);

function sqlArray(words: readonly string[]): string {
  return `ARRAY[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const ms = (value: number) => Math.round(value * 100) / 100;

// ---- 1. a throwaway database, filled in bulk ---------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-bench-search-'));
const serverUrl = process.env.DATABASE_URL;
const benchDatabase = `corkboard_bench_search_${process.pid}`;
let databaseUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${benchDatabase}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const open = () => createDb({ dataDir, databaseUrl });

async function dropBenchDatabase(): Promise<void> {
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Creates the schema and the rows; answers the seconds it took. */
async function seed(): Promise<number> {
  const seeded = performance.now();
  const handle: DbHandle = await open();
  await migrateToLatest(handle.db as Kysely<unknown>);
  const db = handle.db;
  const progress = (step: string) =>
    console.error(
      `bench:search seed: ${step} (${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
    );
  progress('schema ready');
  const sha = 'b'.repeat(64);
  const variant = (size: '236x' | '474x' | '736x' | 'orig', width: number, height: number) => ({
    key: mediaKey(sha, size, 'jpeg'),
    webp_key: mediaKey(sha, size, 'webp'),
    width,
    height,
  });
  const image = await db
    .insertInto('images')
    .values({
      sha256: sha,
      width: 1000,
      height: 1500,
      dominant_color: '#a0b0c0',
      variants: JSON.stringify({
        '236x': variant('236x', 236, 354),
        '474x': variant('474x', 474, 711),
        '736x': variant('736x', 736, 1104),
        orig: variant('orig', 1000, 1500),
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO users (username, first_name, last_name, email)
    SELECT 'bench_' || i, 'Bench', 'Person ' || i, 'bench' || i || '@bench.corkboard.example'
    FROM generate_series(1, 200) AS i`.execute(db);
  await sql
    .raw(
      `INSERT INTO boards (owner_id, name, slug, privacy)
       SELECT (SELECT min(id) FROM users) + (i % 200),
              initcap((${sqlArray(ADJECTIVES)})[1 + i % ${ADJECTIVES.length}] || ' ' ||
                      (${sqlArray(NOUNS)})[1 + (i / 7) % ${NOUNS.length}]) || ' ' || i,
              'bench-board-' || i,
              CASE WHEN i % 10 = 0 THEN 'secret' ELSE 'public' END
       FROM generate_series(1, 1000) AS i`,
    )
    .execute(db);
  // Pins in batches (one statement per batch keeps PGlite's memory flat); spread over a year.
  const BATCH = 10_000;
  for (let start = 1; start <= pinCount; start += BATCH) {
    const end = Math.min(pinCount, start + BATCH - 1);
    await sql
      .raw(
        `INSERT INTO pins (pinner_id, board_id, image_id, title, description, dominant_color, created_at)
         SELECT b.owner_id, b.id, ${image.id},
                initcap((${sqlArray(ADJECTIVES)})[1 + (i * 7) % ${ADJECTIVES.length}] || ' ' ||
                        (${sqlArray(NOUNS)})[1 + (i * 13) % ${NOUNS.length}] || ' ' ||
                        (${sqlArray(TAILS)})[1 + i % ${TAILS.length}]),
                'A ' || (${sqlArray(DESCRIPTION_WORDS)})[1 + i % ${DESCRIPTION_WORDS.length}] ||
                  ' take on ' || (${sqlArray(NOUNS)})[1 + (i * 17) % ${NOUNS.length}] || ', number ' || i,
                '#a0b0c0',
                now() - make_interval(mins => (i * 5) % 525600)
         FROM generate_series(${start}, ${end}) AS i
         JOIN boards b ON b.slug = 'bench-board-' || (1 + i % 1000)`,
      )
      .execute(db);
    progress(`${end} pins`);
  }
  await sql`UPDATE boards SET pin_count = c.n FROM (SELECT board_id, count(*) AS n FROM pins GROUP BY board_id) c WHERE c.board_id = boards.id`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  progress('analyzed');
  await handle.close();
  return (performance.now() - seeded) / 1000;
}

const seedSeconds = await seed().catch(async (error: unknown) => {
  await dropBenchDatabase();
  throw error;
});

// ---- 2 and 3. through the real server -----------------------------------------------------------
interface LoopFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** `connections` workers requesting `urls` in turn; latency of every request. */
async function concurrentLoop(urls: string[]): Promise<LoopFigures> {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < urls.length) {
        const url = urls[next] ?? '';
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        times.push(performance.now() - t0);
        if (!response.ok) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    failures,
  };
}

let typeaheadCold: LoopFigures | undefined;
let typeaheadWarm: LoopFigures | undefined;
let searchFigures: { perSecond: number; p50: number; p99: number; non2xx: number } | undefined;
const firstPage = { results: 0 };
try {
  const server = await spawnServer({
    dataDir,
    stdout: 'ignore',
    env: {
      RATE_LIMIT_MAX: '100000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  try {
    const typeaheadUrl = (term: string) =>
      `${server.url}/resource/AdvancedTypeaheadResource/get/?options=${encodeURIComponent(
        JSON.stringify({ term, count: 5 }),
      )}`;
    const searchPath = (q: string) =>
      `/v3/search/pins/?q=${encodeURIComponent(q)}&page_size=${PAGE_SIZE}`;
    const probe = await fetch(`${server.url}${searchPath('sourdough')}`);
    if (!probe.ok) throw new Error(`search failed: ${probe.status} ${await probe.text()}`);
    firstPage.results = (
      (await probe.json()) as { resource_response: { data: { results: unknown[] } } }
    ).resource_response.data.results.length;

    typeaheadCold = await concurrentLoop(TERMS.map(typeaheadUrl));
    console.error('bench:search: typeahead, cache misses measured');
    typeaheadWarm = await concurrentLoop(TERMS.map(typeaheadUrl));
    console.error('bench:search: typeahead, cache hits measured');

    let turn = 0;
    const requests: autocannon.Request[] = [
      {
        setupRequest: (request: autocannon.Request) => {
          turn += 1;
          return { ...request, path: searchPath(QUERIES[turn % QUERIES.length] ?? 'lamp') };
        },
      },
    ];
    const url = server.url;
    await autocannon({ url, requests, connections, duration: 2 });
    const result = await autocannon({ url, requests, connections, duration });
    console.error('bench:search: full search measured');
    searchFigures = {
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }

  // ---- 4. the same search query straight on the database ---------------------------------------
  const handle = await open();
  const times: number[] = [];
  const deadline = performance.now() + duration * 1000;
  let turn = 0;
  while (performance.now() < deadline) {
    const query = QUERIES[turn % QUERIES.length] ?? 'lamp';
    turn += 1;
    const started = performance.now();
    await withTypoThreshold(handle.db, RANKING.typoThreshold, (trx) =>
      searchPinRows(
        trx,
        {
          match: { query, typos: foldText(query).length >= TYPO_MIN_QUERY_LENGTH },
          rule: { kind: 'discoverable' },
          product: null,
          domains: [],
          colors: [],
          pinner: undefined,
          topPinIds: [],
          candidates: PIN_SEARCH_CANDIDATES,
          now: new Date(),
          offset: 0,
          limit: PAGE_SIZE + 1,
        },
        RANKING,
      ),
    );
    times.push(performance.now() - started);
  }
  await handle.close();
  times.sort((a, b) => a - b);

  const [load1, load5] = loadavg();
  console.log(
    `\nbench:search — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, ${serverUrl ? 'PostgreSQL server' : 'PGlite'}; load average ${load1?.toFixed(2)} / ${load5?.toFixed(2)} (1 / 5 min)`,
  );
  console.log(
    `${pinCount} pins, 1000 boards, 200 people, seeded in ${seedSeconds.toFixed(1)} s; ${connections} concurrent; first page of ${PAGE_SIZE} (probe 'sourdough': ${firstPage.results} results)\n`,
  );
  if (!typeaheadCold || !typeaheadWarm || !searchFigures) throw new Error('missing figures');
  console.table([
    {
      target: `typeahead, ${TERMS.length} distinct terms (server cache misses)`,
      'per second': Math.round(typeaheadCold.perSecond),
      'p50 ms': ms(typeaheadCold.p50),
      'p99 ms': ms(typeaheadCold.p99),
      failures: typeaheadCold.failures,
    },
    {
      target: 'typeahead, the same terms again (server cache hits)',
      'per second': Math.round(typeaheadWarm.perSecond),
      'p50 ms': ms(typeaheadWarm.p50),
      'p99 ms': ms(typeaheadWarm.p99),
      failures: typeaheadWarm.failures,
    },
    {
      target: `server: GET /v3/search/pins/ (${QUERIES.length} queries in turn, autocannon ${duration} s)`,
      'per second': Math.round(searchFigures.perSecond),
      'p50 ms': searchFigures.p50,
      'p99 ms': searchFigures.p99,
      failures: searchFigures.non2xx,
    },
    {
      target: 'baseline: the same search SQL straight on the database (1 at a time)',
      'per second': Math.round(times.length / duration),
      'p50 ms': ms(percentile(times, 50)),
      'p99 ms': ms(percentile(times, 99)),
      failures: 0,
    },
  ]);
} finally {
  await dropBenchDatabase();
}

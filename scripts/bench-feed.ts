// bench:feed — autocannon against the first home-feed page (25 pins) of the real server, and in
// the same run against a bare Fastify route that returns the same bytes from memory. Prints
// req/s, p99 latency and the ratio. Never fails on timing; the numbers go in docs/performance.md.
// Targets (issue 13 "Speed", decisions 144 and 145): a visitor (a returning browser's cookies, no
// session: the server's visitor page cache), the same visitor revalidating with If-None-Match
// (304), a signed-in demo person (session cache, the signed-in feed query), and the bare route.
//
// With BENCH_LIVE_AD=1 the run adds a fifth target (ADR 197): the same signed-in page while an ad
// is live. The bench makes one through the API as the demo data would — tomas_travels' business
// (created on the first run) quick-promotes one of his pins and ines_interiors (an operator)
// approves it; its campaign is resumed for each of its rounds and paused after, so the other
// targets and later runs see no live ad. Without it no ad is live in the demo data and the promoted-pin lookup is skipped.
//
// Env: BENCH_DURATION (s per target in total, default 10), BENCH_ROUNDS (default 5: the duration is
// split into that many rounds), BENCH_CONNECTIONS (default 10), BENCH_DATA_DIR (reuse a seeded
// data dir; default a fresh temp dir, seeded on first start), DATABASE_URL (bench a server, e.g.
// one filled by `npm run db:seed -- --pins 1000000`), BENCH_LIVE_AD (1: the live-ad target),
// BENCH_PROCESS_ROLE (with DATABASE_URL: `api` by default, `all` to work jobs in the same process).
//
// Fair on a shared machine (docs/decisions/208): the targets are measured in interleaved rounds —
// bare, visitor, 304, signed-in[, live ad], then again, and a closing bare — and each target's
// ratio in a round is against the bare rounds just before and after it, so both saw the same load.
// The figure is the median of those per-round ratios (bench:feed-ab and bench:login alternate the
// same way). Measured one after another, single runs swung 0.36–0.88 on a loaded machine.
//
// Beside req/s it prints the server's own CPU time per answer (user + system, from /proc) over all
// rounds of a target, and its ratio to the bare route's: CPU per answer hardly moves with load,
// so it says how much more work an answer is than the bare route's (docs/decisions/196).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
} from '@corkboard/shared/business/quick-promote';
import { spawnServer, type SpawnedServer } from '@corkboard/testing-support/server';
import { cpuPerAnswer, median, ratiosToBracketingBare } from './bench-rounds.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const liveAd = process.env.BENCH_LIVE_AD === '1';
/** Not a product figure. Rounds per target (BENCH_ROUNDS); BENCH_DURATION is split across them. */
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const roundSeconds = Math.max(1, Math.round(duration / rounds));
/** Warm-up per target before the rounds (as before the rounds existed). */
const WARM_UP_SECONDS = 2;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-bench-'));

/** A demo person (seeded by the server on first start, or by `npm run db:seed`). */
const DEMO_USER = 'mara_cooks';
const DEMO_PASSWORD = 'corkboard-demo';
/** A well-formed double-submit token and visitor id, as a returning browser holds them. */
const CSRF = 'YmVuY2gtZmVlZC1jc3JmLXRva2VuLTAxMjM0NTY3ODk';
const VISITOR_COOKIES = `csrftoken=${CSRF}; visitor_id=YmVuY2gtZmVlZC12aXNpdG`;

/** One target: a label, its server and the headers of its requests. */
interface Target {
  label: string;
  url: string;
  pid: number;
  headers: Record<string, string>;
  /** Run before and after each of its rounds (the live ad is live only during its own). */
  around?: { before: () => Promise<void>; after: () => Promise<void> };
}

/** One target's figures in one round. */
interface Sample {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  answers: number;
  /** The server process's CPU time (user + system) during the round, in microseconds. */
  cpuMicros: number;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** The process's user + system CPU time so far, in microseconds (Linux /proc). */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
}

async function measure(target: Target, seconds: number): Promise<Sample> {
  await target.around?.before();
  try {
    const cpuBefore = cpuMicros(target.pid);
    const result = await autocannon({
      url: target.url,
      connections,
      duration: seconds,
      headers: target.headers,
    });
    return {
      // Answers over the round's own measured time (autocannon's per-second average is the mean
      // of whole seconds only, too coarse for rounds of a few seconds).
      requestsPerSecond: result.requests.total / Math.max(0.001, result.duration),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      answers: result.requests.total,
      cpuMicros: cpuMicros(target.pid) - cpuBefore,
    };
  } finally {
    await target.around?.after();
  }
}

async function logIn(base: string, username = DEMO_USER): Promise<string> {
  const login = await fetch(`${base}/v3/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: VISITOR_COOKIES, 'x-csrftoken': CSRF },
    body: JSON.stringify({ username_or_email: username, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`log-in failed: ${login.status} ${await login.text()}`);
  const cookies = new Map<string, string>();
  for (const pair of VISITOR_COOKIES.split('; ')) {
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const line of login.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The demo advertiser and operator of the live-ad target. */
const AD_OWNER = 'tomas_travels';
const AD_OPERATOR = 'ines_interiors';
/** Every demo person's country, so DEMO_USER (GB) is within the ad's targeting. */
const AD_COUNTRIES = 'GB+US+PT+FR+CA';

/** Sends a signed-in request; answers the envelope's data or throws with the answer. */
async function call<T>(
  base: string,
  cookies: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: cookies,
      // The log-in answer sets a fresh CSRF token; the double submit must repeat that one.
      'x-csrftoken': /(?:^|; )csrftoken=([^;]*)/.exec(cookies)?.[1] ?? CSRF,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { resource_response: { data: T } }).resource_response.data;
}

interface LiveAd {
  advertiserId: string;
  campaignId: string;
  ownerCookies: string;
}

/** A live ad of AD_OWNER's newest public pin with a link, approved by AD_OPERATOR. */
async function makeLiveAd(base: string): Promise<LiveAd> {
  const ownerCookies = await logIn(base, AD_OWNER);
  const profiles = await call<{ advertisers: { id: string }[] }[]>(
    base,
    ownerCookies,
    'GET',
    '/vx/business_access/profiles/',
  );
  const advertiserId =
    profiles[0]?.advertisers[0]?.id ??
    (
      await call<{ advertiser_id: string }>(base, ownerCookies, 'POST', '/v3/business/create/', {
        business_name: 'Wanderlust Co',
        country: 'US',
        language: 'en',
        advertising_intent: 'products',
      })
    ).advertiser_id;
  const pins = await call<{ id: string; title: string; link: string | null }[]>(
    base,
    ownerCookies,
    'GET',
    `/v3/users/${AD_OWNER}/pins/?page_size=25`,
  );
  const pin = pins.find((candidate) => candidate.link !== null);
  if (!pin) throw new Error(`${AD_OWNER} has no pin with a link to promote`);
  const values = {
    ...defaultQuickPromoteValues({
      advertiserId,
      country: 'US',
      pinTitle: pin.title,
      pinLink: pin.link,
    }),
    is_ongoing: true,
  };
  const created = await call<{ ad_id: string; campaign_id: string }>(
    base,
    ownerCookies,
    'POST',
    `/ads/v4/advertisers/${advertiserId}/pins/${pin.id}/quick_promote/`,
    quickPromotePayload(values, pin.id, AD_COUNTRIES),
  );
  await call(
    base,
    await logIn(base, AD_OPERATOR),
    'POST',
    `/v3/admin/ads/${created.ad_id}/review/`,
    {
      status: 'APPROVED',
    },
  );
  return { advertiserId, campaignId: created.campaign_id, ownerCookies };
}

/** Pauses or resumes the live ad's campaign (its ad stays approved). */
async function setLiveAd(base: string, ad: LiveAd, status: 'ACTIVE' | 'PAUSED'): Promise<void> {
  await call(
    base,
    ad.ownerCookies,
    'PUT',
    `/v3/ads/advertisers/${ad.advertiserId}/campaigns/${ad.campaignId}/status/`,
    { status },
  );
}

/** How many promoted pins the signed-in first page holds. */
async function promotedOnPage(base: string, cookies: string): Promise<number> {
  return (await call<{ is_promoted?: boolean }[]>(base, cookies, 'GET', '/v3/feeds/home/')).filter(
    (pin) => pin.is_promoted === true,
  ).length;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/**
 * On PostgreSQL the server runs as an API process (PROCESS_ROLE=api, as `npm run start:api` and
 * docs/deploy.md's api ×N): its CPU is then the requests' alone. With the default `all` it also
 * works the durable jobs, and on a fresh data dir the 170x backfill (ADR 143) walks every image of
 * the 1M database whose original is not in that dir for the first ~30 s of the run, logging each
 * (docs/decisions/208). BENCH_PROCESS_ROLE=all measures the combined process as before. PGlite
 * serves one process, so it is always `all`.
 */
const processRole = process.env.DATABASE_URL ? (process.env.BENCH_PROCESS_ROLE ?? 'api') : 'all';
const api = await spawnServer({
  dataDir,
  stdout: 'ignore',
  env: { RATE_LIMIT_MAX: '100000000', CAPTCHA_PROVIDER: 'off', PROCESS_ROLE: processRole },
});
const feedUrl = `${api.url}/v3/feeds/home/`;
let baseline: SpawnedServer | undefined;
let ad: LiveAd | undefined;
try {
  const loadAtStart = loadAverage();
  const first = await fetch(feedUrl, { headers: { cookie: VISITOR_COOKIES } });
  const etag = first.headers.get('etag') ?? '';
  const body = Buffer.from(await first.arrayBuffer());
  const pins = (JSON.parse(body.toString()) as { resource_response: { data: unknown[] } })
    .resource_response.data.length;
  const bodyFile = join(dataDir, 'bench-feed-body.json');
  writeFileSync(bodyFile, body);

  baseline = await spawnServer({
    entry: 'scripts/bench-baseline-server.ts',
    args: [bodyFile],
    dataDir,
    readyPath: '/v3/feeds/home/',
  });

  const sessionCookies = await logIn(api.url);
  const signedIn = await fetch(feedUrl, { headers: { cookie: sessionCookies } });
  const signedInBytes = (await signedIn.arrayBuffer()).byteLength;
  if (signedIn.headers.get('cache-control') !== 'private, no-store') {
    throw new Error('the signed-in answer was not private: did the log-in work?');
  }

  const bare: Target = {
    label: 'baseline: bare Fastify, same bytes from memory',
    url: `${baseline.url}/v3/feeds/home/`,
    pid: baseline.pid,
    headers: {},
  };
  const targets: Target[] = [
    {
      label: `visitor GET /v3/feeds/home/ (${pins} pins, ${body.length} B)`,
      url: feedUrl,
      pid: api.pid,
      headers: { cookie: VISITOR_COOKIES },
    },
    {
      label: 'visitor, If-None-Match → 304',
      url: feedUrl,
      pid: api.pid,
      headers: { cookie: VISITOR_COOKIES, 'if-none-match': etag },
    },
    {
      label: `signed in (${DEMO_USER}, ${signedInBytes} B)`,
      url: feedUrl,
      pid: api.pid,
      headers: { cookie: sessionCookies },
    },
  ];
  if (liveAd) {
    const live = await makeLiveAd(api.url);
    ad = live;
    const promoted = await promotedOnPage(api.url, sessionCookies);
    if (promoted === 0) throw new Error('the live ad was not placed on the signed-in page');
    await setLiveAd(api.url, live, 'PAUSED');
    targets.push({
      label: `signed in, a live ad (${promoted} promoted)`,
      url: feedUrl,
      pid: api.pid,
      headers: { cookie: sessionCookies },
      // Live only during its own rounds, so the other targets see no ad. Resuming is a write:
      // it empties the page caches, so the next visitor round's first request is a miss.
      around: {
        before: async () => {
          await setLiveAd(api.url, live, 'ACTIVE');
          if ((await promotedOnPage(api.url, sessionCookies)) === 0) {
            throw new Error('the resumed ad was not placed on the signed-in page');
          }
        },
        after: () => setLiveAd(api.url, live, 'PAUSED'),
      },
    });
  }

  // Warm-up so JIT and caches are in the same state for every target.
  for (const target of [bare, ...targets]) await measure(target, WARM_UP_SECONDS);
  // Interleaved rounds: bare, then every target, …, and a closing bare. Each target's ratio in a
  // round is against the mean of the two bare measurements around it, so both saw the same
  // moment of a shared machine's load; the median over rounds is the figure.
  const bareSamples: Sample[] = [];
  const samples = targets.map((): Sample[] => []);
  for (let round = 0; round < rounds; round += 1) {
    bareSamples.push(await measure(bare, roundSeconds));
    for (const [index, target] of targets.entries()) {
      samples[index]?.push(await measure(target, roundSeconds));
    }
  }
  bareSamples.push(await measure(bare, roundSeconds));
  const bareRates = bareSamples.map((row) => row.requestsPerSecond);
  const ratios = samples.map((rows) =>
    ratiosToBracketingBare(
      bareRates,
      rows.map((row) => row.requestsPerSecond),
    ),
  );
  const bareCpu = cpuPerAnswer(bareSamples);

  console.log(
    `\nbench:feed — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(
    `autocannon: ${connections} connections; ${rounds} interleaved rounds (bare, then each target; a closing bare) of ${roundSeconds} s per target, after a ${WARM_UP_SECONDS} s warm-up each; database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}; server PROCESS_ROLE=${processRole}; load average ${loadAtStart} at start\n`,
  );
  console.log('ratio per round (target req/s ÷ the mean of the bare rounds before and after it):');
  console.table(
    targets.map((target, index) => ({
      target: target.label,
      ...Object.fromEntries(
        (ratios[index] ?? []).map((ratio, round) => [`r${round + 1}`, ratio.toFixed(3)]),
      ),
    })),
  );
  const rows = targets.map((target, index) => {
    const rowSamples = samples[index] ?? [];
    const cpu = cpuPerAnswer(rowSamples);
    return {
      target: target.label,
      'req/s (median)': Math.round(median(rowSamples.map((row) => row.requestsPerSecond))),
      'ratio (median)': median(ratios[index] ?? []).toFixed(3),
      'ratio min–max': `${Math.min(...(ratios[index] ?? [])).toFixed(3)}–${Math.max(...(ratios[index] ?? [])).toFixed(3)}`,
      'p50 ms': median(rowSamples.map((row) => row.p50Ms)),
      'p99 ms (median / worst)': `${median(rowSamples.map((row) => row.p99Ms))} / ${Math.max(...rowSamples.map((row) => row.p99Ms))}`,
      non2xx: rowSamples.reduce((sum, row) => sum + row.non2xx, 0),
      'server CPU µs/req': Math.round(cpu),
      'CPU ratio': (bareCpu / cpu).toFixed(3),
    };
  });
  rows.push({
    target: bare.label,
    'req/s (median)': Math.round(median(bareSamples.map((row) => row.requestsPerSecond))),
    'ratio (median)': '1',
    'ratio min–max': '',
    'p50 ms': median(bareSamples.map((row) => row.p50Ms)),
    'p99 ms (median / worst)': `${median(bareSamples.map((row) => row.p99Ms))} / ${Math.max(...bareSamples.map((row) => row.p99Ms))}`,
    non2xx: bareSamples.reduce((sum, row) => sum + row.non2xx, 0),
    'server CPU µs/req': Math.round(bareCpu),
    'CPU ratio': '1',
  });
  console.table(rows);
  const named = (index: number) => median(ratios[index] ?? []).toFixed(3);
  console.log(
    `ratio visitor/baseline (median of ${rounds} rounds): ${named(0)}; 304: ${named(1)}; signed-in/baseline: ${named(2)}${
      liveAd ? `; signed-in with a live ad/baseline: ${named(3)}` : ''
    } (304s count as non-2xx); load average ${loadAtStart} at start, ${loadAverage()} at the end`,
  );
} finally {
  if (ad !== undefined) await setLiveAd(api.url, ad, 'PAUSED').catch(() => undefined);
  await baseline?.stop();
  await api.stop();
}

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
// approves it — measures, then pauses the campaign again, so the other targets and later runs see
// no live ad. Without it no ad is live in the demo data and the promoted-pin lookup is skipped.
//
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10), BENCH_DATA_DIR (reuse a
// seeded data dir; default a fresh temp dir, seeded on first start), DATABASE_URL (bench a server,
// e.g. one filled by `npm run db:seed -- --pins 1000000`), BENCH_LIVE_AD (1: the live-ad target).
//
// Beside req/s it prints the server's own CPU time per answer (user + system, from /proc): on a
// machine shared with other work, req/s follows whatever else runs at that moment, while CPU per
// answer hardly moves, so its ratio to the bare route's is the steadier figure (docs/decisions/196).
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

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const liveAd = process.env.BENCH_LIVE_AD === '1';
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-bench-'));

/** A demo person (seeded by the server on first start, or by `npm run db:seed`). */
const DEMO_USER = 'mara_cooks';
const DEMO_PASSWORD = 'corkboard-demo';
/** A well-formed double-submit token and visitor id, as a returning browser holds them. */
const CSRF = 'YmVuY2gtZmVlZC1jc3JmLXRva2VuLTAxMjM0NTY3ODk';
const VISITOR_COOKIES = `csrftoken=${CSRF}; visitor_id=YmVuY2gtZmVlZC12aXNpdG`;

interface Figures {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** The server process's CPU time (user + system) per answer, in microseconds. */
  cpuMicrosPerRequest: number;
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

async function measure(
  label: string,
  url: string,
  serverPid: number,
  headers: Record<string, string> = {},
): Promise<Figures> {
  // Warm-up so JIT and caches are in the same state for every target.
  await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = cpuMicros(serverPid);
  const result = await autocannon({ url, connections, duration, headers });
  const cpuSpent = cpuMicros(serverPid) - cpuBefore;
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: cpuSpent / Math.max(1, result.requests.total),
  };
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

async function pauseLiveAd(base: string, ad: LiveAd): Promise<void> {
  await call(
    base,
    ad.ownerCookies,
    'PUT',
    `/v3/ads/advertisers/${ad.advertiserId}/campaigns/${ad.campaignId}/status/`,
    { status: 'PAUSED' },
  );
}

const api = await spawnServer({
  dataDir,
  stdout: 'ignore',
  env: { RATE_LIMIT_MAX: '100000000', CAPTCHA_PROVIDER: 'off' },
});
const feedUrl = `${api.url}/v3/feeds/home/`;
let baseline: SpawnedServer | undefined;
try {
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
  const baselineUrl = `${baseline.url}/v3/feeds/home/`;

  const sessionCookies = await logIn(api.url);
  const signedIn = await fetch(feedUrl, { headers: { cookie: sessionCookies } });
  const signedInBytes = (await signedIn.arrayBuffer()).byteLength;
  if (signedIn.headers.get('cache-control') !== 'private, no-store') {
    throw new Error('the signed-in answer was not private: did the log-in work?');
  }

  const feed = await measure(
    `visitor GET /v3/feeds/home/ (${pins} pins, ${body.length} B)`,
    feedUrl,
    api.pid,
    { cookie: VISITOR_COOKIES },
  );
  const revalidated = await measure('visitor, If-None-Match → 304', feedUrl, api.pid, {
    cookie: VISITOR_COOKIES,
    'if-none-match': etag,
  });
  const member = await measure(`signed in (${DEMO_USER}, ${signedInBytes} B)`, feedUrl, api.pid, {
    cookie: sessionCookies,
  });
  let withAd: Figures | undefined;
  if (liveAd) {
    const ad = await makeLiveAd(api.url);
    try {
      const page = (
        await call<{ is_promoted?: boolean }[]>(api.url, sessionCookies, 'GET', '/v3/feeds/home/')
      ).filter((pin) => pin.is_promoted === true).length;
      if (page === 0) throw new Error('the live ad was not placed on the signed-in page');
      withAd = await measure(`signed in, a live ad (${page} promoted)`, feedUrl, api.pid, {
        cookie: sessionCookies,
      });
    } finally {
      await pauseLiveAd(api.url, ad);
    }
  }
  const bare = await measure(
    'baseline: bare Fastify, same bytes from memory',
    baselineUrl,
    baseline.pid,
  );

  console.log(
    `\nbench:feed — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(
    `autocannon: ${connections} connections, ${duration} s per target, after a 2 s warm-up; database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}\n`,
  );
  const rows = [feed, revalidated, member, ...(withAd ? [withAd] : []), bare].map((f) => ({
    target: f.label,
    'req/s': Math.round(f.requestsPerSecond),
    'p50 ms': f.p50Ms,
    'p99 ms': f.p99Ms,
    non2xx: f.non2xx,
    ratio: (f.requestsPerSecond / bare.requestsPerSecond).toFixed(3),
    'server CPU µs/req': Math.round(f.cpuMicrosPerRequest),
    'CPU ratio': (bare.cpuMicrosPerRequest / f.cpuMicrosPerRequest).toFixed(3),
  }));
  console.table(rows);
  console.log(
    `ratio visitor/baseline: ${(feed.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}; signed-in/baseline: ${(member.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}${
      withAd
        ? `; signed-in with a live ad/baseline: ${(withAd.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}`
        : ''
    } (304s count as non-2xx); load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  console.log(
    `CPU ratio (bare route's server CPU per answer / this target's): visitor ${(bare.cpuMicrosPerRequest / feed.cpuMicrosPerRequest).toFixed(3)}, 304 ${(bare.cpuMicrosPerRequest / revalidated.cpuMicrosPerRequest).toFixed(3)}, signed-in ${(bare.cpuMicrosPerRequest / member.cpuMicrosPerRequest).toFixed(3)}${withAd ? `, signed-in with a live ad ${(bare.cpuMicrosPerRequest / withAd.cpuMicrosPerRequest).toFixed(3)}` : ''}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
} finally {
  await baseline?.stop();
  await api.stop();
}

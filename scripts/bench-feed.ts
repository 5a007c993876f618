// bench:feed — autocannon against the first home-feed page (25 pins) of the real server, and in
// the same run against a bare Fastify route that returns the same bytes from memory. Prints
// req/s, p99 latency and the ratio. Never fails on timing; the numbers go in docs/performance.md.
//
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10), BENCH_DATA_DIR (reuse a
// seeded data dir; default a fresh temp dir, seeded on first start), DATABASE_URL (bench a server).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnServer, type SpawnedServer } from '@corkboard/testing-support/server';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-bench-'));

interface Figures {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

async function measure(label: string, url: string): Promise<Figures> {
  // Warm-up so JIT and caches are in the same state for both targets.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const api = await spawnServer({
  dataDir,
  stdout: 'ignore',
  env: { RATE_LIMIT_MAX: '100000000' },
});
const feedUrl = `${api.url}/v3/feeds/home/`;
let baseline: SpawnedServer | undefined;
try {
  const body = Buffer.from(await (await fetch(feedUrl)).arrayBuffer());
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

  const feed = await measure(`GET /v3/feeds/home/ (${pins} pins, ${body.length} B)`, feedUrl);
  const bare = await measure('baseline: bare Fastify, same bytes from memory', baselineUrl);

  console.log(
    `\nbench:feed — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(
    `autocannon: ${connections} connections, ${duration} s per target, after a 2 s warm-up; database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}\n`,
  );
  const rows = [feed, bare].map((f) => ({
    target: f.label,
    'req/s': Math.round(f.requestsPerSecond),
    'p99 ms': f.p99Ms,
    non2xx: f.non2xx,
  }));
  console.table(rows);
  console.log(
    `ratio feed/baseline: ${(feed.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} of baseline throughput`,
  );
} finally {
  await baseline?.stop();
  await api.stop();
}

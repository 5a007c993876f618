// bench:feed A/B (docs/decisions/202): the cached visitor home page of two builds of the API —
// another tree (A, e.g. main extracted into .ab-main) and this one (B) — and the bare route, on the
// same database, in interleaved rounds (A B bare, then bare B A, …), so both builds see the same
// machine load. On a shared machine the targets of one bench:feed run, measured one after another,
// follow whatever else runs at that moment; interleaving makes the comparison of A and B fair.
// Prints req/s, p99 and the server's CPU µs per answer for each round, then the means and ratios.
//
//   rm -rf .ab-main && mkdir .ab-main && git archive main apps/api | tar -x -C .ab-main
//   DATABASE_URL=postgres://… flock /tmp/heavy.lock bash scripts/run.sh node scripts/bench-feed-ab.ts
//
// Env: AB_BASE (the other tree, inside the repository so it resolves the same packages; default
// .ab-main), AB_ROUNDS (default 4), AB_DURATION (s per target and round, default 5),
// BENCH_DATA_DIR, DATABASE_URL as bench:feed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnServer, type SpawnedServer } from '@corkboard/testing-support/server';

const base = process.env.AB_BASE ?? '.ab-main';
const rounds = Number(process.env.AB_ROUNDS ?? 4);
const duration = Number(process.env.AB_DURATION ?? 5);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-bench-ab-'));
/** A returning visitor's cookies, as bench:feed sends them. */
const headers = {
  cookie:
    'csrftoken=YmVuY2gtZmVlZC1jc3JmLXRva2VuLTAxMjM0NTY3ODk; visitor_id=YmVuY2gtZmVlZC12aXNpdG',
};
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
}

interface Samples {
  rps: number[];
  cpu: number[];
  p99: number[];
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const env = { RATE_LIMIT_MAX: '100000000', CAPTCHA_PROVIDER: 'off' };
const servers: SpawnedServer[] = [];
try {
  const a = await spawnServer({
    entry: `${base}/apps/api/src/main.ts`,
    dataDir,
    stdout: 'ignore',
    env,
  });
  servers.push(a);
  const b = await spawnServer({ dataDir, stdout: 'ignore', env });
  servers.push(b);
  const first = await fetch(`${b.url}/v3/feeds/home/`, { headers });
  const bodyFile = join(dataDir, 'bench-feed-ab-body.json');
  writeFileSync(bodyFile, Buffer.from(await first.arrayBuffer()));
  const bare = await spawnServer({
    entry: 'scripts/bench-baseline-server.ts',
    args: [bodyFile],
    dataDir,
    readyPath: '/v3/feeds/home/',
  });
  servers.push(bare);
  const targets: [string, SpawnedServer][] = [
    [`A (${base})`, a],
    ['B (this tree)', b],
    ['bare', bare],
  ];
  const samples = new Map<string, Samples>(
    targets.map(([name]) => [name, { rps: [], cpu: [], p99: [] }]),
  );
  for (const [, server] of targets) {
    await autocannon({
      url: `${server.url}/v3/feeds/home/`,
      connections: 10,
      duration: 2,
      headers,
    });
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, server] of round % 2 === 0 ? targets : [...targets].reverse()) {
      const before = cpuMicros(server.pid);
      const result = await autocannon({
        url: `${server.url}/v3/feeds/home/`,
        connections: 10,
        duration,
        headers,
      });
      const cpu = (cpuMicros(server.pid) - before) / Math.max(1, result.requests.total);
      const entry = samples.get(name);
      entry?.rps.push(result.requests.average);
      entry?.cpu.push(cpu);
      entry?.p99.push(result.latency.p99);
      console.log(
        `round ${round} ${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${Math.round(cpu)} µs CPU/answer, non-2xx ${result.non2xx}`,
      );
    }
  }
  const bareSamples = samples.get('bare');
  if (bareSamples === undefined) throw new Error('no bare samples');
  for (const [name, entry] of samples) {
    console.log(
      `${name}: ${Math.round(mean(entry.rps))} req/s (ratio ${(mean(entry.rps) / mean(bareSamples.rps)).toFixed(3)}), CPU ${Math.round(mean(entry.cpu))} µs/answer (CPU ratio ${(mean(bareSamples.cpu) / mean(entry.cpu)).toFixed(3)}), p99 max ${Math.max(...entry.p99)} ms`,
    );
  }
  console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  for (const server of servers.reverse()) await server.stop();
}

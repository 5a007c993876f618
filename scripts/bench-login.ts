// bench:login — log-in requests per second through the real server (POST /v3/login/ as a demo
// user: Fastify, CSRF, lockout bookkeeping, Better Auth password verify, session insert) beside,
// in the same run, the raw password-verify rate of the same hash settings (Better Auth's
// scrypt, called directly with the same concurrency). Prints figures; never fails on timing.
//
// The two are measured in alternating rounds (log-in, raw, log-in, raw, …), so that a machine
// whose load changes during the run (a shared CI or dev machine) weighs on both alike; the server
// finishes its in-flight log-ins before each raw round, and each side's rate is per connection
// (completions over the time to the last one), so work in flight at a deadline counts alike on
// both sides (ADR 217). Every run prints the CPU per log-in and per raw verify by thread.
//
// Env: BENCH_DURATION (s per target in total, default 30), BENCH_ROUNDS (default
// BENCH_DEFAULT_ROUNDS = 6; ADR 217), BENCH_CONNECTIONS (default 4), BENCH_DATA_DIR (reuse a
// seeded data dir; default a fresh temp dir, seeded on first start), DATABASE_URL (a PostgreSQL database with the demo accounts),
// BENCH_CPU_PROF (a directory: the server runs with `--cpu-prof` and writes its profile there on
// exit, to see what a log-in costs the main thread besides the hash; ADR 199).
// The server runs with CAPTCHA_PROVIDER=off: a proof-of-work per request would measure the
// client's hashing, not log-in; the captcha has its own tests.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { spawnServer } from '@corkboard/testing-support/server';

const duration = Number(process.env.BENCH_DURATION ?? 30);
/**
 * Alternating rounds per target (ADR 217; 3 before). The server is drained between rounds and a
 * round's rate is per connection, so a round boundary costs no accuracy, and shorter rounds
 * follow a shared machine's load more closely on both sides.
 */
const BENCH_DEFAULT_ROUNDS = 6;
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? BENCH_DEFAULT_ROUNDS));
const roundSeconds = Math.max(1, Math.round(duration / rounds));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-bench-'));
const DEMO_USER = 'mara_cooks';
const DEMO_PASSWORD = 'corkboard-demo';
// A well-formed double-submit token (43 base64url characters), as the browser would hold.
const CSRF = 'YmVuY2gtbG9naW4tY3NyZi10b2tlbi0wMTIzNDU2Nzg';

// CPU seconds (user + system) from /proc: the server process (every thread: the main thread and
// libuv's pool, where scrypt runs) and its main thread alone. What a log-in costs besides the
// hash is the difference to the raw verify's CPU per hash (ADR 199). Linux only; else null.
const CLOCK_TICKS_PER_SECOND = 100;
function procCpuSeconds(statPath: string): number | null {
  if (!existsSync(statPath)) return null;
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
function serverCpu(pid: number): { all: number | null; main: number | null } {
  return {
    all: procCpuSeconds(`/proc/${pid}/stat`),
    main: procCpuSeconds(`/proc/${pid}/task/${pid}/stat`),
  };
}
/**
 * CPU seconds per thread group of a process, from /proc/<pid>/task/<tid>/stat: the main thread
 * ('main'), libuv's pool ('libuv-worker', where scrypt runs), V8's platform workers (GC, compiling)
 * and any other thread, by its name (`comm`). Threads that ended between two samples are lost:
 * the groups are for finding where the CPU goes, the totals above are the figures. Linux only.
 */
function threadGroupCpu(pid: number): Map<string, number> {
  const groups = new Map<string, number>();
  const taskDir = `/proc/${pid}/task`;
  if (!existsSync(taskDir)) return groups;
  for (const tid of readdirSync(taskDir)) {
    let stat: string;
    try {
      stat = readFileSync(`${taskDir}/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended while we listed them
    }
    const name =
      Number(tid) === pid ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const user = Number(fields[11]) / CLOCK_TICKS_PER_SECOND;
    const system = Number(fields[12]) / CLOCK_TICKS_PER_SECOND;
    groups.set(name, (groups.get(name) ?? 0) + user + system);
    // The kernel's share apart (page faults of scrypt's 32 MiB block, socket and file I/O).
    groups.set(`${name} (system)`, (groups.get(`${name} (system)`) ?? 0) + system);
  }
  return groups;
}
function addGroupDelta(
  into: Map<string, number>,
  before: Map<string, number>,
  after: Map<string, number>,
): void {
  for (const [name, seconds] of after)
    into.set(name, (into.get(name) ?? 0) + seconds - (before.get(name) ?? 0));
}
function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
const msPer = (seconds: number | null, count: number): number | string =>
  seconds === null || count === 0 ? '—' : Math.round((seconds / count) * 1000 * 10) / 10;

/**
 * One connection's (or one raw verifier's) completions in a round and the time of its last one.
 * Each runs its requests back to back from the round's start, so completions / time to the last
 * completion is its rate, with the work still in flight at the deadline neither counted nor
 * timed — alike on both sides (ADR 217). Counting completions by the deadline over the nominal
 * round length (ADR 199's count, printed beside) lets the deadline fall just before or just after
 * a completion: with 4 connections hashing in step on 2 cores they complete in bunches, which
 * moved a 10 s round's count by a few per cent either way.
 */
interface Lane {
  completed: number;
  lastCompletionMs: number;
}
function laneRate(lanes: Iterable<Lane>, startedMs: number): number {
  let rate = 0;
  for (const lane of lanes)
    if (lane.completed > 0) rate += lane.completed / ((lane.lastCompletionMs - startedMs) / 1000);
  return rate;
}

/**
 * Raw verifies completed within `seconds`, counted as autocannon counts log-ins: a verify still
 * running at the deadline finishes (the next round must not start beside it) but is not counted,
 * as a log-in still in flight when autocannon stops is not (ADR 199; until then the raw count
 * included them, which favoured the raw side by about one in-flight verify per connection and
 * round). `late` says how many were left out; `rate` is the per-lane rate (ADR 217).
 */
async function rawVerifyCount(
  hash: string,
  seconds: number,
): Promise<{ completed: number; late: number; rate: number }> {
  let completed = 0;
  let late = 0;
  const startedMs = performance.now();
  const deadline = startedMs + seconds * 1000;
  const lanes: Lane[] = [];
  // As many verifications in flight as the server has connections.
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const lane: Lane = { completed: 0, lastCompletionMs: startedMs };
      lanes.push(lane);
      while (performance.now() < deadline) {
        if (!(await verifyPassword({ hash, password: DEMO_PASSWORD })))
          throw new Error('verify failed');
        const now = performance.now();
        if (now <= deadline) {
          completed += 1;
          lane.completed += 1;
          lane.lastCompletionMs = now;
        } else late += 1;
      }
    }),
  );
  return { completed, late, rate: laneRate(lanes, startedMs) };
}

/**
 * Log-ins through autocannon for `seconds`, with the per-connection rate (as `laneRate`) beside
 * autocannon's own figures.
 */
async function loginRound(
  request: autocannon.Options,
  seconds: number,
): Promise<{ result: autocannon.Result; rate: number }> {
  const lanes = new Map<object, Lane>();
  const startedMs = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { ...request, connections, duration: seconds },
      (error: unknown, done: autocannon.Result) => {
        if (error)
          reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
        else resolve(done);
      },
    );
    instance.on('response', (client, statusCode) => {
      const lane = lanes.get(client) ?? { completed: 0, lastCompletionMs: startedMs };
      lanes.set(client, lane);
      if (statusCode >= 200 && statusCode < 300) {
        lane.completed += 1;
        lane.lastCompletionMs = performance.now();
      }
    });
  });
  return { result, rate: laneRate(lanes.values(), startedMs) };
}

/**
 * autocannon stops at its deadline with log-ins still in flight; the server finishes them (a
 * request is not abandoned because its socket closed), and until ADR 217 that ran into the next
 * raw round — up to 4 hashes' worth of the server's CPU at each raw round's start, taken from
 * the raw side, while the raw side's late verifies finish before the next log-in round starts.
 * Wait until the server's libuv pool (where the hashes run) has made no progress for
 * DRAIN_QUIET_SAMPLES samples in a row, at most DRAIN_MAX_MS; without /proc, DRAIN_FALLBACK_MS.
 */
const DRAIN_SAMPLE_MS = 50;
const DRAIN_QUIET_SAMPLES = 3;
const DRAIN_MAX_MS = 5_000;
const DRAIN_FALLBACK_MS = 1_000;
async function drainServer(pid: number): Promise<void> {
  const poolCpu = (): number | undefined => threadGroupCpu(pid).get('libuv-worker');
  if (poolCpu() === undefined) {
    await sleep(DRAIN_FALLBACK_MS);
    return;
  }
  const giveUpAt = performance.now() + DRAIN_MAX_MS;
  let last = poolCpu();
  let quiet = 0;
  while (quiet < DRAIN_QUIET_SAMPLES && performance.now() < giveUpAt) {
    await sleep(DRAIN_SAMPLE_MS);
    const now = poolCpu();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

const cpuProfileDir = process.env.BENCH_CPU_PROF;
const server = await spawnServer({
  dataDir,
  stdout: 'ignore',
  env: {
    CAPTCHA_PROVIDER: 'off',
    RATE_LIMIT_MAX: '100000000',
    ...(cpuProfileDir
      ? {
          NODE_OPTIONS: [process.env.NODE_OPTIONS, `--cpu-prof --cpu-prof-dir=${cpuProfileDir}`]
            .filter(Boolean)
            .join(' '),
        }
      : {}),
  },
});
try {
  const base = server.url;
  const request = {
    url: `${base}/v3/login/`,
    method: 'POST' as const,
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${CSRF}`,
      'x-csrftoken': CSRF,
    },
    body: JSON.stringify({ username_or_email: DEMO_USER, password: DEMO_PASSWORD }),
  };
  const probe = await fetch(request.url, request);
  if (!probe.ok) throw new Error(`a single log-in failed: ${probe.status} ${await probe.text()}`);

  const hash = await hashPassword(DEMO_PASSWORD);
  await autocannon({ ...request, connections, duration: 2 });
  await drainServer(server.pid);
  await rawVerifyCount(hash, 1);
  let logins = 0;
  let verifies = 0;
  let non2xx = 0;
  let serverCpuAll: number | null = 0;
  let serverCpuMain: number | null = 0;
  let rawCpu = 0;
  let lateVerifies = 0;
  let serverCpuIdle: number | null = 0;
  // Per thread group: the server during log-in rounds and during raw rounds (its background
  // work), the bench process during log-in rounds (autocannon, the client) and raw rounds.
  const serverLoginThreads = new Map<string, number>();
  const serverIdleThreads = new Map<string, number>();
  const serverDrainThreads = new Map<string, number>();
  const benchLoginThreads = new Map<string, number>();
  const benchRawThreads = new Map<string, number>();
  const add = (sum: number | null, value: number | null): number | null =>
    sum === null || value === null ? null : sum + value;
  const p99s: number[] = [];
  const perRound: {
    round: number;
    'log-ins/s': number;
    'raw verifies/s': number;
    ratio: string;
    'by the deadline': string;
    'server main, V8 workers (ms/log-in)': string;
  }[] = [];
  const loginLaneRates: number[] = [];
  const rawLaneRates: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const cpuBefore = serverCpu(server.pid);
    const serverThreadsBefore = threadGroupCpu(server.pid);
    const benchThreadsBefore = threadGroupCpu(process.pid);
    const { result: login, rate: loginLaneRate } = await loginRound(request, roundSeconds);
    const cpuAfter = serverCpu(server.pid);
    const serverThreadsAfter = threadGroupCpu(server.pid);
    const benchThreadsAfter = threadGroupCpu(process.pid);
    addGroupDelta(serverLoginThreads, serverThreadsBefore, serverThreadsAfter);
    addGroupDelta(benchLoginThreads, benchThreadsBefore, benchThreadsAfter);
    serverCpuAll = add(
      serverCpuAll,
      cpuAfter.all === null || cpuBefore.all === null ? null : cpuAfter.all - cpuBefore.all,
    );
    serverCpuMain = add(
      serverCpuMain,
      cpuAfter.main === null || cpuBefore.main === null ? null : cpuAfter.main - cpuBefore.main,
    );
    await drainServer(server.pid);
    const drainedThreads = threadGroupCpu(server.pid);
    addGroupDelta(serverDrainThreads, serverThreadsAfter, drainedThreads);
    const drained = serverCpu(server.pid);
    const ownBefore = ownCpuSeconds();
    const { completed: raw, late, rate: rawLaneRate } = await rawVerifyCount(hash, roundSeconds);
    rawCpu += ownCpuSeconds() - ownBefore;
    lateVerifies += late;
    // The server's own background work (job polling, timers) while no log-in arrives: the same
    // in both targets' rounds, so subtracted from the CPU per log-in below.
    const idleAfter = serverCpu(server.pid);
    addGroupDelta(serverIdleThreads, drainedThreads, threadGroupCpu(server.pid));
    addGroupDelta(benchRawThreads, benchThreadsAfter, threadGroupCpu(process.pid));
    serverCpuIdle = add(
      serverCpuIdle,
      idleAfter.main === null || drained.main === null ? null : idleAfter.main - drained.main,
    );
    logins += login.requests.total - login.non2xx;
    non2xx += login.non2xx;
    p99s.push(login.latency.p99);
    verifies += raw;
    loginLaneRates.push(loginLaneRate);
    rawLaneRates.push(rawLaneRate);
    perRound.push({
      round,
      'log-ins/s': Math.round(loginLaneRate * 10) / 10,
      'raw verifies/s': Math.round(rawLaneRate * 10) / 10,
      ratio: rawLaneRate === 0 ? '—' : (loginLaneRate / rawLaneRate).toFixed(3),
      'by the deadline': raw === 0 ? '—' : (login.requests.total / raw).toFixed(3),
      // Whether the server still warms up (JIT compiling on V8's workers) shows round by round.
      'server main, V8 workers (ms/log-in)': [
        (serverThreadsAfter.get('main') ?? 0) - (serverThreadsBefore.get('main') ?? 0),
        (serverThreadsAfter.get('V8Worker') ?? 0) - (serverThreadsBefore.get('V8Worker') ?? 0),
      ]
        .map((cpu) => msPer(cpu, login.requests.total - login.non2xx))
        .join(', '),
    });
  }
  const seconds = rounds * roundSeconds;
  // Rounds are of equal length: the run's rate is the mean of the rounds' rates.
  const mean = (values: number[]): number =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  const loginRate = mean(loginLaneRates);
  const rawRate = mean(rawLaneRates);

  console.log(
    `\nbench:login — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(
    `${connections} concurrent, ${rounds} alternating rounds of ${roundSeconds} s per target after a warm-up; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(
        ' / ',
      )}; database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}; captcha off\n`,
  );
  console.table(perRound);
  console.table([
    {
      target: 'POST /v3/login/ (server, end to end)',
      'per second': Math.round(loginRate * 10) / 10,
      'p99 ms': Math.max(...p99s),
      non2xx,
    },
    {
      target: 'raw verifyPassword (Better Auth scrypt, same process settings)',
      'per second': Math.round(rawRate * 10) / 10,
      'p99 ms': '—',
      non2xx: 0,
    },
  ]);
  // Requests still in flight when a round ends are not counted but have used CPU: a slight
  // overestimate of the CPU per log-in. The server's background work (its main thread's CPU in
  // the raw rounds, when no log-in arrives) is taken out of both figures.
  const background = serverCpuIdle;
  console.log(
    `CPU per log-in (server process, every thread): ${msPer(serverCpuAll === null || background === null ? null : serverCpuAll - background, logins)} ms, of it the main thread: ${msPer(serverCpuMain === null || background === null ? null : serverCpuMain - background, logins)} ms (background work taken out: ${background === null ? '—' : `${Math.round((background / seconds) * 1000)} ms/s`}); CPU per raw verify (bench process): ${msPer(rawCpu, verifies + lateVerifies)} ms`,
  );
  // Where the CPU goes, per thread group, in ms per log-in (server in log-in rounds, its
  // background in raw rounds, the bench's client in log-in rounds) and per raw verify.
  const groupNames = [
    ...new Set([
      ...serverLoginThreads.keys(),
      ...serverIdleThreads.keys(),
      ...benchLoginThreads.keys(),
      ...benchRawThreads.keys(),
    ]),
  ].sort();
  const anyCpu = (name: string): boolean =>
    [serverLoginThreads, serverDrainThreads, serverIdleThreads, benchLoginThreads, benchRawThreads]
      .map((groups) => groups.get(name) ?? 0)
      .some((seconds) => seconds > 0);
  console.table(
    groupNames.filter(anyCpu).map((name) => ({
      thread: name,
      'server, per log-in (ms)': msPer(serverLoginThreads.get(name) ?? 0, logins),
      'server, after a log-in round (ms)': msPer(serverDrainThreads.get(name) ?? 0, rounds),
      'server, raw rounds (ms/s)': Math.round(
        ((serverIdleThreads.get(name) ?? 0) / seconds) * 1000,
      ),
      'bench client, per log-in (ms)': msPer(benchLoginThreads.get(name) ?? 0, logins),
      'bench, per raw verify (ms)': msPer(benchRawThreads.get(name) ?? 0, verifies + lateVerifies),
    })),
  );
  console.log(
    `ratio login/raw verify: ${(loginRate / rawRate).toFixed(3)} (each connection's completions over the time to its last one, ADR 217; ${logins} log-ins, ${verifies} raw verifies, ${seconds} s each)`,
  );
  console.log(
    `counted by the deadline (ADR 199): ${(logins / verifies).toFixed(3)}; counting the ${lateVerifies} raw verifies that finished after their round's deadline too (the count before ADR 199): ${(logins / (verifies + lateVerifies)).toFixed(3)}`,
  );
} finally {
  await server.stop();
}

// bench:login — log-in requests per second through the real server (POST /v3/login/ as a demo
// user: Fastify, CSRF, lockout bookkeeping, Better Auth password verify, session insert) beside,
// in the same run, the raw password-verify rate of the same hash settings (Better Auth's
// scrypt, called directly with the same concurrency). Prints figures; never fails on timing.
//
// The two are measured in alternating rounds (log-in, raw, log-in, raw, …) and summed, so that a
// machine whose load changes during the run (a shared CI or dev machine) weighs on both alike.
//
// Env: BENCH_DURATION (s per target in total, default 30: rounds far longer than a log-in, whose requests still in flight at a round's end are not counted), BENCH_ROUNDS (default 3),
// BENCH_CONNECTIONS (default 4), BENCH_DATA_DIR (reuse a seeded data dir; default a fresh temp
// dir, seeded on first start), DATABASE_URL (a PostgreSQL database with the demo accounts),
// BENCH_CPU_PROF (a directory: the server runs with `--cpu-prof` and writes its profile there on
// exit, to see what a log-in costs the main thread besides the hash; ADR 199).
// The server runs with CAPTCHA_PROVIDER=off: a proof-of-work per request would measure the
// client's hashing, not log-in; the captcha has its own tests.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { spawnServer } from '@corkboard/testing-support/server';

const duration = Number(process.env.BENCH_DURATION ?? 30);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
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
function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
const msPer = (seconds: number | null, count: number): number | string =>
  seconds === null || count === 0 ? '—' : Math.round((seconds / count) * 1000 * 10) / 10;

/**
 * Raw verifies completed within `seconds`, counted as autocannon counts log-ins: a verify still
 * running at the deadline finishes (the next round must not start beside it) but is not counted,
 * as a log-in still in flight when autocannon stops is not (ADR 199; until then the raw count
 * included them, which favoured the raw side by about one in-flight verify per connection and
 * round). `late` says how many were left out.
 */
async function rawVerifyCount(
  hash: string,
  seconds: number,
): Promise<{ completed: number; late: number }> {
  let completed = 0;
  let late = 0;
  const deadline = performance.now() + seconds * 1000;
  // As many verifications in flight as the server has connections.
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        if (!(await verifyPassword({ hash, password: DEMO_PASSWORD })))
          throw new Error('verify failed');
        if (performance.now() <= deadline) completed += 1;
        else late += 1;
      }
    }),
  );
  return { completed, late };
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
  await rawVerifyCount(hash, 1);
  let logins = 0;
  let verifies = 0;
  let non2xx = 0;
  let serverCpuAll: number | null = 0;
  let serverCpuMain: number | null = 0;
  let rawCpu = 0;
  let lateVerifies = 0;
  let serverCpuIdle: number | null = 0;
  const add = (sum: number | null, value: number | null): number | null =>
    sum === null || value === null ? null : sum + value;
  const p99s: number[] = [];
  const perRound: {
    round: number;
    'log-ins/s': number;
    'raw verifies/s': number;
    ratio: string;
  }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const cpuBefore = serverCpu(server.pid);
    const login = await autocannon({ ...request, connections, duration: roundSeconds });
    const cpuAfter = serverCpu(server.pid);
    serverCpuAll = add(
      serverCpuAll,
      cpuAfter.all === null || cpuBefore.all === null ? null : cpuAfter.all - cpuBefore.all,
    );
    serverCpuMain = add(
      serverCpuMain,
      cpuAfter.main === null || cpuBefore.main === null ? null : cpuAfter.main - cpuBefore.main,
    );
    const ownBefore = ownCpuSeconds();
    const { completed: raw, late } = await rawVerifyCount(hash, roundSeconds);
    rawCpu += ownCpuSeconds() - ownBefore;
    lateVerifies += late;
    // The server's own background work (job polling, timers) while no log-in arrives: the same
    // in both targets' rounds, so subtracted from the CPU per log-in below.
    const idleAfter = serverCpu(server.pid);
    serverCpuIdle = add(
      serverCpuIdle,
      idleAfter.main === null || cpuAfter.main === null ? null : idleAfter.main - cpuAfter.main,
    );
    logins += login.requests.total - login.non2xx;
    non2xx += login.non2xx;
    p99s.push(login.latency.p99);
    verifies += raw;
    perRound.push({
      round,
      'log-ins/s': Math.round((login.requests.total / roundSeconds) * 10) / 10,
      'raw verifies/s': Math.round((raw / roundSeconds) * 10) / 10,
      ratio: raw === 0 ? '—' : (login.requests.total / raw).toFixed(3),
    });
  }
  const seconds = rounds * roundSeconds;
  const loginRate = logins / seconds;
  const rawRate = verifies / seconds;

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
  console.log(
    `ratio login/raw verify: ${(loginRate / rawRate).toFixed(3)} (${logins} log-ins, ${verifies} raw verifies, ${seconds} s each)`,
  );
  console.log(
    `counting the ${lateVerifies} raw verifies that finished after their round's deadline too (the count before ADR 199): ${(logins / (verifies + lateVerifies)).toFixed(3)}`,
  );
} finally {
  await server.stop();
}

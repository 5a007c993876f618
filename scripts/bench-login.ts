// bench:login — log-in requests per second through the real server (POST /v3/login/ as a demo
// user: Fastify, CSRF, lockout bookkeeping, Better Auth password verify, session insert) beside,
// in the same run, the raw password-verify rate of the same hash settings (Better Auth's
// scrypt, called directly with the same concurrency). Prints figures; never fails on timing.
//
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 4), BENCH_DATA_DIR (reuse a
// seeded data dir; default a fresh temp dir, seeded on first start).
// The server runs with CAPTCHA_PROVIDER=off: a proof-of-work per request would measure the
// client's hashing, not log-in; the captcha has its own tests.
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { spawnServer } from '@corkboard/testing-support/server';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-bench-'));
const DEMO_USER = 'mara_cooks';
const DEMO_PASSWORD = 'corkboard-demo';
// A well-formed double-submit token (43 base64url characters), as the browser would hold.
const CSRF = 'YmVuY2gtbG9naW4tY3NyZi10b2tlbi0wMTIzNDU2Nzg';

async function rawVerifyRate(): Promise<{ perSecond: number; total: number }> {
  const hash = await hashPassword(DEMO_PASSWORD);
  let total = 0;
  const deadline = performance.now() + duration * 1000;
  // As many verifications in flight as the server has connections.
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        if (!(await verifyPassword({ hash, password: DEMO_PASSWORD })))
          throw new Error('verify failed');
        total += 1;
      }
    }),
  );
  return { perSecond: total / duration, total };
}

const server = await spawnServer({
  dataDir,
  stdout: 'ignore',
  env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_MAX: '100000000' },
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

  await autocannon({ ...request, connections, duration: 2 });
  const login = await autocannon({ ...request, connections, duration });
  const raw = await rawVerifyRate();

  console.log(
    `\nbench:login — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(
    `${connections} concurrent, ${duration} s each after a 2 s warm-up; database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}\n`,
  );
  console.table([
    {
      target: 'POST /v3/login/ (server, end to end)',
      'per second': Math.round(login.requests.average * 10) / 10,
      'p99 ms': login.latency.p99,
      non2xx: login.non2xx,
    },
    {
      target: 'raw verifyPassword (Better Auth scrypt, same process settings)',
      'per second': Math.round(raw.perSecond * 10) / 10,
      'p99 ms': '—',
      non2xx: 0,
    },
  ]);
  console.log(`ratio login/raw verify: ${(login.requests.average / raw.perSecond).toFixed(3)}`);
} finally {
  await server.stop();
}

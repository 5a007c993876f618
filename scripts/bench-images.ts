// bench:images — memory and time of many concurrent image uploads (issue 13: 40 concurrent
// 4-megapixel uploads grew the server from 0.5 GB to 3.3 GB and kept 2.3 GB). Runs the real
// server twice on the same data in the same run:
//   baseline: IMAGE_WORK_CONCURRENCY = the number of uploads (no bound, the old behaviour);
//   bounded:  the shipped defaults (lib/image-work-pool.ts, decision 092).
// Each fires UPLOADS uploads of a 4-megapixel JPEG at once as one signed-in person; a client
// answered 503 IMAGE_WORK_BUSY waits Retry-After and tries again, as the web app does. The
// server's RSS is sampled from /proc every 100 ms. Prints peak RSS, RSS after the burst, wall
// time and how many 503s were answered. Never fails on figures; they go in docs/performance.md.
//
// Env: UPLOADS (default 24), MEGAPIXELS (default 4).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { spawnServer } from '@corkboard/testing-support/server';
import { setCredentialPassword } from '@corkboard/api/modules/auth/auth.repository';

const uploads = Number(process.env.UPLOADS ?? 24);
const megapixels = Number(process.env.MEGAPIXELS ?? 4);
const USERNAME = 'images_bench';
const PASSWORD = 'images-bench-password';
const CSRF = 'YmVuY2gtaW1hZ2VzLWNzcmYtdG9rZW4tMDEyMzQ1Njc';

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kib ?? 0) * 1024;
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** A noisy photo-like JPEG (noise defeats compression like a real photo does). */
async function testImage(seed: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt(megapixels * 1_000_000));
  const raw = Buffer.alloc(side * side * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < raw.length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    raw[i] = (state >>> 16) & 0xff;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

interface Figures {
  label: string;
  peakRss: number;
  rssBefore: number;
  rssAfter: number;
  seconds: number;
  busyAnswers: number;
  failures: number;
}

async function run(label: string, dataDir: string, env: Record<string, string>, images: Buffer[]) {
  const server = await spawnServer({
    dataDir,
    stdout: 'ignore',
    env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_MAX: '100000000', ...env },
  });
  try {
    const login = await fetch(`${server.url}/v3/login/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrftoken=${CSRF}`,
        'x-csrftoken': CSRF,
      },
      body: JSON.stringify({ username_or_email: USERNAME, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`log-in failed: ${login.status} ${await login.text()}`);
    // The log-in answer sets the session and may rotate the CSRF cookie: send back what it set.
    const cookies = new Map<string, string>([['csrftoken', CSRF]]);
    for (const cookie of login.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const headers = {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrftoken': cookies.get('csrftoken') ?? CSRF,
    };

    const rssBefore = rssBytes(server.pid);
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssBytes(server.pid));
    }, 100);
    let busyAnswers = 0;
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      images.map(async (image) => {
        for (;;) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'a.jpg');
          const response = await fetch(`${server.url}/v3/media/uploads/`, {
            method: 'POST',
            headers,
            body: form,
          });
          const text = await response.text();
          if (!response.ok && response.status !== 503 && failures === 0) console.error(text);
          if (response.status === 503) {
            busyAnswers += 1;
            const wait = Number(response.headers.get('retry-after') ?? 1);
            await new Promise((resolve) => setTimeout(resolve, wait * 1000));
            continue;
          }
          if (!response.ok) {
            failures += 1;
            if (failures === 1) console.error(`upload failed: ${response.status}`);
          }
          return;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssBytes(server.pid));
    const rssAfter = rssBytes(server.pid);
    return { label, peakRss, rssBefore, rssAfter, seconds, busyAnswers, failures };
  } finally {
    await server.stop();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-bench-images-'));
try {
  {
    const handle = await createDb({ dataDir });
    await migrateToLatest(handle.db as Kysely<unknown>);
    const user = await handle.db
      .insertInto('users')
      .values({
        username: USERNAME,
        first_name: 'Images',
        last_name: 'Bench',
        email: 'images@bench.corkboard.example',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setCredentialPassword(handle.db, user.id, await hashPassword(PASSWORD), new Date());
    await handle.close();
  }
  // Distinct images per run, so neither run is served by the other's content-addressed copies.
  const baselineImages = await Promise.all(
    Array.from({ length: uploads }, (_, i) => testImage(i + 1)),
  );
  const boundedImages = await Promise.all(
    Array.from({ length: uploads }, (_, i) => testImage(i + 1 + uploads)),
  );
  const results: Figures[] = [];
  results.push(
    await run(
      `baseline: no bound (IMAGE_WORK_CONCURRENCY=${uploads})`,
      dataDir,
      { IMAGE_WORK_CONCURRENCY: String(uploads), IMAGE_WORK_QUEUE_MAX: '0' },
      baselineImages,
    ),
  );
  results.push(await run('bounded: shipped defaults', dataDir, {}, boundedImages));

  console.log(
    `\nbench:images — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(
    `${uploads} concurrent uploads of a ${megapixels}-megapixel JPEG (${mib(baselineImages[0]?.length ?? 0)} MiB); 503 answers retried after Retry-After\n`,
  );
  console.table(
    results.map((r) => ({
      target: r.label,
      'RSS before MiB': mib(r.rssBefore),
      'peak RSS MiB': mib(r.peakRss),
      'RSS after MiB': mib(r.rssAfter),
      'wall s': r.seconds.toFixed(1),
      '503 answers': r.busyAnswers,
      failures: r.failures,
    })),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

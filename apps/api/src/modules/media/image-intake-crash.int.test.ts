// Issue 13 / decision 139: an image-from-URL registration accepted by a server process that is
// killed with -9 while its worker is downloading completes after the restart on the same data.
// The real server runs on a PGlite data directory (the embedded default); the download is held
// open until the first process is dead, so the job is provably mid-run when the crash happens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageIntakeJobData } from '@corkboard/shared/saving/api';
import { spawnServer, type SpawnedServer } from '@corkboard/testing-support/server';
import { jpegBytes } from '../../test/api-client.ts';
import { logInCrashUser, prepareCrashData } from '../../test/crash-server.ts';
import { startLoopbackServer, type LoopbackServer } from '../../test/loopback-server.ts';

let dataDir: string;
let site: LoopbackServer;
/** Downloads of /held.jpg wait while this is true (the first process dies meanwhile). */
let holding = true;
let downloadStarted: () => void = () => undefined;
const firstDownload = new Promise<void>((resolve) => {
  downloadStarted = resolve;
});

function start(): Promise<SpawnedServer> {
  return spawnServer({
    dataDir,
    stdout: 'ignore',
    env: {
      // The embedded database in dataDir, even when the suite runs on PostgreSQL.
      DATABASE_URL: '',
      CAPTCHA_PROVIDER: 'off',
      RATE_LIMIT_MAX: '100000',
      FETCH_ALLOW_HOSTS: '127.0.0.1:*',
    },
  });
}

// The servers here always run on PGlite in their own data directory, so CI's PostgreSQL pass
// (DATABASE_URL set) would only repeat this run (45–60 s, most of it waiting for the dead run's
// heartbeat to lapse): it runs once, in the PGlite pass, like save-crash and media-crash.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'kill -9 while an image-from-URL job runs',
  () => {
    beforeAll(async () => {
      const photo = await jpegBytes(77);
      site = await startLoopbackServer({
        '/held.jpg': (_req, res) => {
          downloadStarted();
          // Held: never answered while holding (the connection dies with the killed process).
          if (!holding) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
        },
      });
      dataDir = mkdtempSync(join(tmpdir(), 'corkboard-intake-crash-'));
      await prepareCrashData(dataDir);
    });

    afterAll(async () => {
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('completes the accepted job after the restart', { timeout: 300_000 }, async () => {
      const first = await start();
      let jobId: string;
      try {
        const headers = await logInCrashUser(first.url);
        const put = await fetch(`${first.url}/v3/pins/image/`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ image_url: site.url('/held.jpg') }),
        });
        expect(put.status).toBe(202);
        const body = (await put.json()) as { resource_response: { data: ImageIntakeJobData } };
        jobId = body.resource_response.data.id;
        // The worker has the job and is downloading: now the process dies.
        await firstDownload;
        process.kill(first.pid, 'SIGKILL');
      } finally {
        await first.stop();
      }

      holding = false;
      const second = await start();
      try {
        const headers = await logInCrashUser(second.url);
        const status = async (): Promise<ImageIntakeJobData> => {
          const answer = await fetch(`${second.url}/v3/pins/image/${jobId}/`, { headers });
          const json = (await answer.json()) as { resource_response: { data: ImageIntakeJobData } };
          return json.resource_response.data;
        };
        // The dead run's heartbeat lapses, the supervisor fails it, and a worker retries it.
        await expect
          .poll(async () => (await status()).status, { timeout: 120_000, interval: 500 })
          .toBe('succeeded');
        expect((await status()).media_upload_id).toMatch(/^[0-9]+$/);
      } finally {
        await second.stop();
      }
    });
  },
);

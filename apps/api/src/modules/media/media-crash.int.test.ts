// The crash test of issue 13: concurrent saves into a real server process, kill -9 while they
// run, then the same data opened again. Every upload the server acknowledged is present (row
// and files), and after the media GC nothing on disk is unreferenced: no image folder without
// an `images` row, no `.tmp` file.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@corkboard/db/create-db';
import { LOCAL_MEDIA_FOLDER, LocalMediaStorage } from '@corkboard/media/local-storage';
import { spawnServer } from '@corkboard/testing-support/server';
import { jpegBytes } from '../../test/api-client.ts';
import { allFiles, logInCrashUser, prepareCrashData } from '../../test/crash-server.ts';
import { collectMediaGarbage, MEDIA_GC_GRACE_MS } from './media-gc.service.ts';

const UPLOADS = 12;
/** Kill once this many uploads were acknowledged, with the rest still in flight. */
const KILL_AFTER = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-crash-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

// The server here always runs on PGlite in its own data directory, so CI's PostgreSQL pass
// (DATABASE_URL set) would only repeat this run: it runs once, in the PGlite pass.
describe.skipIf(Boolean(process.env.DATABASE_URL))('kill -9 during concurrent uploads', () => {
  // A server process starts, takes the uploads and is killed: minutes on a loaded 2-core box.
  it(
    'keeps every acknowledged upload and leaves no orphan after the GC',
    { timeout: 300_000 },
    async () => {
      await prepareCrashData(dataDir);
      const images = await Promise.all(
        Array.from({ length: UPLOADS }, (_, i) => jpegBytes(1000 + i, 600)),
      );
      const server = await spawnServer({
        dataDir,
        stdout: 'ignore',
        env: {
          // The server uses the PGlite data directory above even when the suite runs on a
          // PostgreSQL server (CI's second pass sets DATABASE_URL); empty means unset.
          DATABASE_URL: '',
          CAPTCHA_PROVIDER: 'off',
          RATE_LIMIT_MAX: '100000',
          IMAGE_WORK_QUEUE_MAX: String(UPLOADS),
        },
      });
      const acknowledged: string[] = [];
      try {
        const headers = await logInCrashUser(server.url);
        let killed = false;
        await Promise.all(
          images.map(async (image) => {
            const form = new FormData();
            form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'a.jpg');
            try {
              const response = await fetch(`${server.url}/v3/media/uploads/`, {
                method: 'POST',
                headers,
                body: form,
              });
              const body = (await response.json()) as {
                resource_response: { data: { media_upload_id: string } | null };
              };
              if (response.status !== 200) return;
              acknowledged.push(body.resource_response.data?.media_upload_id ?? '');
              if (acknowledged.length === KILL_AFTER && !killed) {
                killed = true;
                process.kill(server.pid, 'SIGKILL');
              }
            } catch {
              // The connection died with the server: not acknowledged.
            }
          }),
        );
      } finally {
        await server.stop();
      }
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

      // The same data, opened again after the crash.
      const handle = await createDb({ dataDir });
      try {
        const root = join(dataDir, LOCAL_MEDIA_FOLDER);
        const storage = new LocalMediaStorage(root);
        const rows = await handle.db
          .selectFrom('media_uploads')
          .innerJoin('images', 'images.id', 'media_uploads.image_id')
          .select(['media_uploads.id', 'images.sha256', 'images.variants'])
          .where('media_uploads.id', 'in', acknowledged)
          .execute();
        expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());

        const result = await collectMediaGarbage({
          db: handle.db,
          storage,
          now: () => new Date(Date.now() + 2 * MEDIA_GC_GRACE_MS),
        });

        // Nothing acknowledged was lost: every variant of every acknowledged image is on disk.
        for (const row of rows) {
          for (const variant of Object.values(row.variants)) {
            expect(await storage.exists(variant.key)).toBe(true);
            expect(await storage.exists(variant.webp_key)).toBe(true);
          }
        }
        // No orphans: every image folder has a row, and no interrupted write is left.
        const known = new Set(
          (await handle.db.selectFrom('images').select('sha256').execute()).map((r) => r.sha256),
        );
        const files = allFiles(root);
        expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
        for (const folder of readdirSync(join(root, 'pins'), { recursive: true })) {
          const name = String(folder).split('/').pop() ?? '';
          if (/^[0-9a-f]{64}/.test(name)) expect(known.has(name)).toBe(true);
        }
        expect(result.restoredImageFolders).toBe(0);
      } finally {
        await handle.close();
      }
    },
  );
});

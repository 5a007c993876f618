// Every journey file gets a server of its own, started from a copy of one seeded data dir (made
// once by global-setup.ts). So a file never sees another file's users, boards, saves, sessions or
// spent rate-limit budget, and the files pass in any order.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type SpawnServerOptions } from '@corkboard/testing-support/server';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * The environment of every journey server: the built app on PGlite (never a DATABASE_URL the
 * shell may have), mail over SMTP to the sink, loopback image fetches allowed (the create-page
 * and bookmarklet journeys save images served by our own /media/ and a test page).
 */
export function journeyServerEnv(smtpUrl: string): Record<string, string> {
  return {
    DATABASE_URL: '',
    SMTP_URL: smtpUrl,
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    // Journeys make many requests from one address; the limiter itself has API tests.
    RATE_LIMIT_MAX: '100000',
  };
}

export interface JourneyServer {
  /** http://127.0.0.1:<port>; read it inside hooks and tests (it is set by beforeAll). */
  readonly url: string;
}

/** Starts a server on a fresh copy of the seeded data dir; stops it and removes the copy. */
async function startFromSeed(options: Pick<SpawnServerOptions, 'env'> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-e2e-'));
  cpSync(inject('seedDataDir'), dataDir, { recursive: true });
  try {
    const server = await spawnServer({
      dataDir,
      env: { ...journeyServerEnv(inject('smtpUrl')), ...options.env },
    });
    return {
      url: server.url,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Registers beforeAll/afterAll hooks that give the calling test file its own seeded server.
 * Call it at the top of the file, before the file's own beforeAll (hooks run in order).
 */
export function useJourneyServer(options: Pick<SpawnServerOptions, 'env'> = {}): JourneyServer {
  let server: Awaited<ReturnType<typeof startFromSeed>> | undefined;
  beforeAll(async () => {
    server = await startFromSeed(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get url() {
      if (!server) throw new Error('journey server not started yet (use it in a hook or test)');
      return server.url;
    },
  };
}

// The journeys' seeded data dir: what every journey server's environment is, and the one
// seeding start that migrates and seeds a data dir (copied per file by journey-server.ts). Used
// by global-setup.ts and, ahead of the journeys, by prepare-journeys.ts (scripts/validate.sh).
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '@corkboard/testing-support/server';

/**
 * The one seeding start (300 pins with generated images, sharp on every core). Idle it takes
 * about a minute; with other builds on the 2-core machine it took over 5 (the default limit).
 */
const SEEDING_READY_TIMEOUT_MS = 900_000;

/** Written into a seed dir once its seeding start stopped cleanly: the dir is ready to copy. */
const SEEDED_MARKER = '.e2e-seeded';

/**
 * The environment of every journey server: the built app on PGlite (never a DATABASE_URL the
 * shell may have), mail over SMTP to the sink, loopback image fetches allowed (the create-page
 * and bookmarklet journeys save images served by our own /media/ and a test page).
 */
export function journeyServerEnv(smtpUrl: string): Record<string, string> {
  return {
    DATABASE_URL: '',
    SMTP_URL: smtpUrl,
    FETCH_ALLOW_HOSTS: '127.0.0.1:*',
    // Journeys make many requests from one address; the limiter itself has API tests.
    RATE_LIMIT_MAX: '100000',
    // Node keeps the compiled (and type-stripped) modules of the first start, the seeding one,
    // and every later start reads them instead of compiling the API again: about a second of
    // CPU less per file (keyed by file contents and Node's version, so never stale).
    NODE_COMPILE_CACHE:
      process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'corkboard-e2e-compile-cache'),
  };
}

/** Whether `dataDir` holds a finished seed (its seeding start stopped cleanly). */
export function isSeeded(dataDir: string): boolean {
  return existsSync(join(dataDir, SEEDED_MARKER));
}

/**
 * Migrates and seeds `dataDir` with one server start, then stops it (SIGTERM closes PGlite, so
 * copies start from a consistent data dir) and marks the dir as seeded. A seeded dir is left
 * as it is. The seeding server mails to `smtpUrl` (nothing in the seed sends mail today).
 */
export async function seedDataDir(dataDir: string, smtpUrl: string): Promise<void> {
  if (isSeeded(dataDir)) return;
  const seeding = await spawnServer({
    dataDir,
    env: journeyServerEnv(smtpUrl),
    readyTimeoutMs: SEEDING_READY_TIMEOUT_MS,
  });
  await seeding.stop();
  writeFileSync(join(dataDir, SEEDED_MARKER), '');
}

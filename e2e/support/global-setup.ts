import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, spawnServer } from '@corkboard/testing-support/server';
import type { TestProject } from 'vitest/node';
import { journeyServerEnv } from './journey-server.ts';
import { startMailSink, type MailSink } from './mailbox.ts';

/**
 * The one seeding start (300 pins with generated images, sharp on every core). Idle it takes
 * about a minute; with other builds on the 2-core machine it took over 5 (the default limit).
 */
const SEEDING_READY_TIMEOUT_MS = 900_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data dir the server has migrated and seeded, then shut down cleanly: copied per file. */
    seedDataDir: string;
    /** smtp://127.0.0.1:<port> of the sink every journey server mails to. */
    smtpUrl: string;
    /** Folder where the SMTP sink writes each received mail as JSON (support/mailbox.ts). */
    mailDir: string;
  }
}

/** Written into a kept seed dir (E2E_SEED_DIR) once its seeding start stopped cleanly. */
const SEEDED_MARKER = '.e2e-seeded';

let seedDataDir: string | undefined;
/** E2E_SEED_DIR: the seed is kept there and reused by later runs (teardown leaves it). */
let keptSeed = false;
let mail: MailSink | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Always test what we ship: build the SPA from the current sources (skip with E2E_SKIP_BUILD=1
  // when iterating on tests only).
  if (process.env.E2E_SKIP_BUILD !== '1') buildWeb();
  // The app mails over real SMTP to a sink on loopback (password reset, invitations).
  mail = await startMailSink();
  // Seed once (300 pins with generated images is the slow part of a first start), then stop:
  // each journey file starts its own server on a copy (support/journey-server.ts).
  // A clean stop (SIGTERM) closes PGlite, so the copies start from a consistent data dir.
  // E2E_SEED_DIR (iterating on journeys only; CI never sets it): seed into that folder once and
  // reuse it on later runs, which skips the minute or more of seeding per run. The server still
  // migrates each copy on start, but a seed made from older seed code is not remade: empty the
  // folder after changing packages/db's seed.
  const kept = process.env.E2E_SEED_DIR;
  keptSeed = kept !== undefined && kept !== '';
  if (keptSeed && kept) mkdirSync(kept, { recursive: true });
  seedDataDir = keptSeed && kept ? kept : mkdtempSync(join(tmpdir(), 'corkboard-e2e-seed-'));
  if (!existsSync(join(seedDataDir, SEEDED_MARKER))) {
    const seeding = await spawnServer({
      dataDir: seedDataDir,
      env: journeyServerEnv(mail.url),
      readyTimeoutMs: SEEDING_READY_TIMEOUT_MS,
    });
    await seeding.stop();
    if (keptSeed) writeFileSync(join(seedDataDir, SEEDED_MARKER), '');
  }
  project.provide('seedDataDir', seedDataDir);
  project.provide('smtpUrl', mail.url);
  project.provide('mailDir', mail.dir);
}

export async function teardown(): Promise<void> {
  if (seedDataDir && !keptSeed) rmSync(seedDataDir, { recursive: true, force: true });
  await mail?.stop();
}

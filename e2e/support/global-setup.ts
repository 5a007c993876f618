import { mkdtempSync, rmSync } from 'node:fs';
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

let seedDataDir: string | undefined;
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
  seedDataDir = mkdtempSync(join(tmpdir(), 'corkboard-e2e-seed-'));
  const seeding = await spawnServer({
    dataDir: seedDataDir,
    env: journeyServerEnv(mail.url),
    readyTimeoutMs: SEEDING_READY_TIMEOUT_MS,
  });
  await seeding.stop();
  project.provide('seedDataDir', seedDataDir);
  project.provide('smtpUrl', mail.url);
  project.provide('mailDir', mail.dir);
}

export async function teardown(): Promise<void> {
  if (seedDataDir) rmSync(seedDataDir, { recursive: true, force: true });
  await mail?.stop();
}

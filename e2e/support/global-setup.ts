import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from '@corkboard/testing-support/server';
import type { TestProject } from 'vitest/node';
import { startMailSink, type MailSink } from './mailbox.ts';
import { seedDataDir as seed } from './seed.ts';

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
  // E2E_SEED_DIR: seed into that folder unless it already holds a finished seed, and leave it
  // there. Iterating on journeys, that skips the minute or more of seeding on later runs (the
  // server still migrates each copy on start, but a seed made from older seed code is not
  // remade: empty the folder after changing packages/db's seed). scripts/validate.sh sets it
  // with E2E_SKIP_BUILD=1 after building and seeding beside the lint phase
  // (prepare-journeys.ts, docs/decisions/214), and removes the folder itself.
  const kept = process.env.E2E_SEED_DIR;
  keptSeed = kept !== undefined && kept !== '';
  if (keptSeed && kept) mkdirSync(kept, { recursive: true });
  seedDataDir = keptSeed && kept ? kept : mkdtempSync(join(tmpdir(), 'corkboard-e2e-seed-'));
  await seed(seedDataDir, mail.url);
  project.provide('seedDataDir', seedDataDir);
  project.provide('smtpUrl', mail.url);
  project.provide('mailDir', mail.dir);
}

export async function teardown(): Promise<void> {
  if (seedDataDir && !keptSeed) rmSync(seedDataDir, { recursive: true, force: true });
  await mail?.stop();
}

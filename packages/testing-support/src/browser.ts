// Debian's Chromium through playwright-core (no browser downloads work on this machine), for the
// e2e journeys and bench:bundle.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium tries to reach Google on this closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches Debian's Chromium headless, or another build of it at `executablePath` (the journeys
 * use Debian's chromium-headless-shell when it is installed: e2e/support/browser.ts).
 */
export async function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install it: apt-get install -y --no-install-recommends chromium`,
    );
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

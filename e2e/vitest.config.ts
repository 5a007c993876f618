import { defineConfig } from 'vitest/config';

const FILE_WORKERS = Math.max(1, Number(process.env.E2E_FILE_WORKERS ?? 1) || 1);

// End-to-end journeys: the built server on a random port, driven by Debian's Chromium through
// playwright-core. Global setup builds the SPA and seeds one data dir; every file then runs its
// own server on a copy of it (support/journey-server.ts), so files do not depend on each other.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // attempt-errors: a failed attempt's error, printed even when CI's retry then passes.
    // E2E_STEP_TIMINGS=1 prints the slow playwright calls with their journey lines (a profile).
    setupFiles: [
      './support/attempt-errors.ts',
      ...(process.env.E2E_STEP_TIMINGS === '1' ? ['./support/step-timings.ts'] : []),
    ],
    // Files at once: E2E_FILE_WORKERS (default 1). A file is a server plus a Chromium, and the
    // files do not share a server, so two run side by side where there are cores for them:
    // .ci/run sets 2 on its otherwise idle machine. Under other load (helpers, builds) keep 1:
    // a second pair on a busy 2-core machine makes every wait in the journeys race the other.
    fileParallelism: FILE_WORKERS > 1,
    maxWorkers: FILE_WORKERS,
    // One retry in CI only. A clean-clone CI run failed one journey (2026-11-28, two files at
    // once) that then passed in a full repeat on the same code; the next run could not name it
    // (the log's tail was the PostgreSQL pass, fixed in scripts/validate.sh). A journey that is
    // really broken fails both attempts; a retried pass is printed in the report, not hidden.
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // expect.poll waits on a real server and browser: 1 s (the default) is too short when the
    // machine is busy. A poll that never succeeds still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});

import { defineConfig } from 'vitest/config';

// End-to-end journeys: the built server on a random port, driven by Debian's Chromium through
// playwright-core. Global setup builds the SPA and seeds one data dir; every file then runs its
// own server on a copy of it (support/journey-server.ts), so files do not depend on each other.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One file at a time: a file is a server plus a Chromium, and a second pair on a 2-core
    // machine makes every wait in the journeys race the other file. The files do not share a
    // server, so `--fileParallelism --maxWorkers=2` works where there are cores to spare (on this
    // 2-core machine under other load it passed once, 317 s against 432 s, but that is not
    // enough to make it the default).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // expect.poll waits on a real server and browser: 1 s (the default) is too short when the
    // machine is busy. A poll that never succeeds still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});

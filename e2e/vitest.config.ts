import { defineConfig } from 'vitest/config';

// End-to-end journeys: the built server on a random port with a fresh data dir, driven by
// Debian's Chromium through playwright-core. One server for the whole run (global setup).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Journeys share one server and one machine with 2 cores: run files one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});

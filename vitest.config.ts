import { defineConfig } from 'vitest/config';

// Unit and API integration tests. E2E journeys have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['./scripts/vitest-fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

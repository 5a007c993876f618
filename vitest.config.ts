import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// `npm test`: three projects (docs/decisions/016). E2E journeys have their own config
// (e2e/vitest.config.ts).
//  - unit: pure tests, `*.test.ts` under packages/, apps/api and scripts/.
//  - integration: tests that need a database or build the API, named `*.int.test.ts`; one
//    migrated template per run (packages/db/src/testing-global-setup.ts), each file restores it.
//  - web: apps/web/vitest.config.ts (jsdom).
// Run one with `npx vitest run --project <name>`.
const NODE_TEST_ROOTS = ['packages/*/src', 'apps/api/src', 'scripts', 'apps/extension/src'];
const INTEGRATION = '**/*.int.test.ts';

const nodeProject: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  setupFiles: ['./scripts/vitest-fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll waits on something real (Redis pub/sub, a job, a second process): Vitest's 1 s
  // default failed shared-state.int.test.ts once on PostgreSQL while the journeys ran beside it
  // (load ~10 on 2 cores). A poll that never succeeds still fails, only later.
  expect: { poll: { timeout: 10_000 } },
  // A worker runs file after file in one module graph: the app's modules, PGlite's WASM and the
  // migrated template are loaded once per worker instead of once per file. Safe here because no
  // node test mocks modules (vi.mock) and every DB test file opens its own database; each file
  // still gets its own setup files and hooks.
  isolate: false,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine that is one
    // worker, and the suite ran serially. The workers are busy on CPU; the main process mostly
    // waits, so one worker per core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          ...nodeProject,
          name: 'unit',
          include: NODE_TEST_ROOTS.map((root) => `${root}/**/*.test.ts`),
          exclude: [...configDefaults.exclude, INTEGRATION],
        },
      },
      {
        test: {
          ...nodeProject,
          name: 'integration',
          include: NODE_TEST_ROOTS.map((root) => `${root}/**/*.int.test.ts`),
          globalSetup: ['./packages/db/src/testing-global-setup.ts'],
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

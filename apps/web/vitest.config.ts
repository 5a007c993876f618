import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import {
  PREACT_COMPAT_ALIASES,
  REACT_DEPENDENTS_FOR_TESTS,
  TESTING_LIBRARY_ESM,
} from './build/preactCompat.ts';
import viteConfig from './vite.config.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Same plugins and resolution as the app build, so tests run the renderer the app ships.
export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: {
      // mergeConfig concatenates alias arrays: Testing Library's ESM entry first, then the
      // build's React → Preact aliases (again, so the order is explicit).
      alias:
        process.env.WEB_RENDERER === 'react'
          ? []
          : [...TESTING_LIBRARY_ESM, ...PREACT_COMPAT_ALIASES],
    },
    test: {
      name: 'web',
      root: here('.'),
      environment: 'jsdom',
      // Building a jsdom per file cost about half the project's time (41 files). VM threads keep
      // each file's modules and globals apart (no isolate: false) and reuse the worker.
      pool: 'vmThreads',
      // One worker per core, as the root config's node projects (projects that run side by side
      // must agree on it; Vitest's own default leaves a core idle).
      maxWorkers: availableParallelism(),
      // Room for the 5 s async-utility timeout (src/test/setup.ts) on a loaded machine.
      testTimeout: 15_000,
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: [
        here('../../scripts/vitest-fail-on-console-error.ts'),
        here('./src/test/setup.ts'),
      ],
      // Every package that imports React must go through Vite's resolver, which answers React
      // imports with Preact as the build does (decision 186).
      server: { deps: { inline: [...REACT_DEPENDENTS_FOR_TESTS] } },
    },
  }),
);

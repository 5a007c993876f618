import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Same plugins and resolution as the app build, so tests run the Masonry the app ships.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: here('.'),
      environment: 'jsdom',
      // Room for the 5 s async-utility timeout (src/test/setup.ts) on a loaded machine.
      testTimeout: 15_000,
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: [
        here('../../scripts/vitest-fail-on-console-error.ts'),
        here('./src/test/setup.ts'),
      ],
      // Gestalt's TSX source must go through Vite's transforms, not Node's loader.
      server: { deps: { inline: [/[\\/]node_modules[\\/]gestalt[\\/]/] } },
    },
  }),
);

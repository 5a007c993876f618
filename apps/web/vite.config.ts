import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { errorCodesWithoutMessages } from './build/errorCodes.ts';
import { precompress } from './build/precompress.ts';
import { PREACT_COMPAT_ALIASES } from './build/preactCompat.ts';
import { routePreloadsPlugin } from './build/routePreloads.ts';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * `WEB_RENDERER=react` builds (and tests) on React itself instead of Preact: the before/after of
 * decision 186, and a way back if a React-only API is ever needed.
 */
const onPreact = process.env.WEB_RENDERER !== 'react';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    errorCodesWithoutMessages(),
    // JSX compiled for React's automatic runtime; `react/jsx-runtime` resolves to Preact's
    // (below). React Fast Refresh cannot patch Preact components, so edits reload the page.
    react(onPreact ? { refreshExclude: /./ } : {}),
    routePreloadsPlugin(),
    precompress(outDir),
  ],
  resolve: {
    // Preact runs the app (decision 186): every React import, ours and our dependencies', is
    // answered by preact/compat.
    alias: onPreact ? [...PREACT_COMPAT_ALIASES] : [],
  },
  server: {
    // The production server serves SPA and API on one origin; in development Vite proxies the
    // API paths so cookies, CSRF and same-origin fetches behave the same way.
    proxy: {
      '/v3': apiTarget,
      '/resource': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
      '/vx': apiTarget,
      '/ads/v4': apiTarget,
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});

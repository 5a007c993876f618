// docs/decisions/186-preact-compat-for-the-first-visit.md. The app is written against React's
// API and types; the bundle runs it on Preact through `preact/compat` (≈ 60 KiB gzip less on
// every first visit than react-dom). The same aliases apply to the web unit tests (vitest.config
// merges this config), so the tests run what ships.
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Import specifiers of React packages, mapped to their Preact equivalents. Exact matches only
 * (`^…$`): `react-dom/client` must not be caught by the `react-dom` entry, and a package whose
 * name merely starts with `react` (react-router, react-i18next) must stay itself.
 */
export const PREACT_COMPAT_ALIASES: readonly Alias[] = [
  ['react/jsx-runtime', 'preact/jsx-runtime'],
  ['react/jsx-dev-runtime', 'preact/jsx-dev-runtime'],
  ['react-dom/client', 'preact/compat/client'],
  ['react-dom/test-utils', 'preact/test-utils'],
  ['react-dom', here('./preact/react-dom.ts')],
  ['react', here('./preact/react.ts')],
].map(([from, to]) => ({
  find: new RegExp(`^${(from as string).replace(/[/-]/g, '\\$&')}$`),
  replacement: to as string,
}));

/**
 * Packages in node_modules that import React and must therefore go through Vite's resolver in
 * the unit tests (Vitest otherwise loads node_modules with Node's own resolution, which would
 * give them the real React next to the app's Preact: two renderers, broken hooks).
 */
export const REACT_DEPENDENTS_FOR_TESTS: readonly RegExp[] = [
  /[\\/]node_modules[\\/]@testing-library[\\/]react[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
  /[\\/]node_modules[\\/]react-router[\\/]/,
  /[\\/]node_modules[\\/]react-i18next[\\/]/,
];

/**
 * Test-only: Testing Library's package entry is CommonJS, whose `require('react-dom')` Vite's
 * aliases cannot reach; its ES module build imports the same names and goes through them.
 */
export const TESTING_LIBRARY_ESM: readonly Alias[] = [
  {
    find: /^@testing-library\/react$/,
    replacement: fileURLToPath(
      import.meta.resolve('@testing-library/react/dist/@testing-library/react.esm.js'),
    ),
  },
];

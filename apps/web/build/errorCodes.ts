// docs/decisions/146-first-visit-javascript-budget.md. The error-code registry
// (@corkboard/shared/error-codes) carries an English default message for every code: ~21 kB of
// text, ~6 kB gzip of the first bundle. The web app only compares codes (`ERROR_CODES.X.code`,
// names → numbers) and shows copy from its own catalogues, so the build ships the registry with
// the messages taken out. Tests and the server keep the full registry (build only).
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const REGISTRY = /[\\/]packages[\\/]shared[\\/]src[\\/]error-codes\.ts$/;

interface Definition {
  code: number;
  httpStatus: number;
}

/** The registry as a module of `{ NAME: { code, httpStatus } }`, without the messages. */
export function registryWithoutMessages(registry: Record<string, Definition>): string {
  const slim = Object.fromEntries(
    Object.entries(registry).map(([name, { code, httpStatus }]) => [name, { code, httpStatus }]),
  );
  return `export const ERROR_CODES = ${JSON.stringify(slim)};\n`;
}

export function errorCodesWithoutMessages(): Plugin {
  return {
    name: 'corkboard:error-codes-without-messages',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!REGISTRY.test(id)) return null;
      // The registry is plain data with no imports; Node runs the TypeScript file directly.
      const module = (await import(pathToFileURL(id).href)) as {
        ERROR_CODES: Record<string, Definition>;
      };
      return registryWithoutMessages(module.ERROR_CODES);
    },
  };
}

// docs/decisions/004-web-bundle.md. Gestalt's published bundle (dist/gestalt.es.js, one 1.3 MB
// module) cannot be tree-shaken without telling the bundler that property writes are side-effect
// free, which also deletes React's scheduler wiring and leaves a blank page. So the app takes the
// one Gestalt component it uses, Masonry, from the TypeScript source Gestalt ships in its package
// (`gestalt/src/Masonry.tsx`, self-contained: React and one CSS module), while TypeScript keeps
// typing `import { Masonry } from 'gestalt'` from the published declarations.
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

const GESTALT_ENTRY = '\0corkboard:gestalt';
const GESTALT_SOURCE = /[\\/]node_modules[\\/]gestalt[\\/]src[\\/]/;
// Virtual ids for the generated modules must not end in .css, or Vite's CSS pipeline takes them.
const CSS_MODULE_PREFIX = '\0corkboard:gestalt-css:';
const CSS_MODULE_SUFFIX = '.classes.js';

/** Stable global class name for a class of a Gestalt source CSS module (see ui/styles.css). */
export function gestaltClassName(file: string, className: string): string {
  return `gestalt-${basename(file, '.css')}-${className}`;
}

/** Class names a CSS module defines (comments and quoted strings such as `composes … from "./x.css"` skipped). */
export function cssModuleClasses(css: string): string[] {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(["'])[^"']*\1/g, '');
  return [
    ...new Set(Array.from(selectors.matchAll(/\.([A-Za-z_][\w-]*)/g), (match) => match[1] ?? '')),
  ];
}

/** `export default { Masonry: 'gestalt-Masonry-Masonry', … }` for a Gestalt CSS module. */
export function cssModuleShim(file: string, css: string): string {
  const map = Object.fromEntries(
    cssModuleClasses(css).map((name) => [name, gestaltClassName(file, name)]),
  );
  return `export default ${JSON.stringify(map)};`;
}

export function gestaltMasonry(): Plugin {
  return {
    name: 'corkboard:gestalt-masonry',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'gestalt') return GESTALT_ENTRY;
      if (importer && GESTALT_SOURCE.test(importer) && source.endsWith('.css')) {
        return CSS_MODULE_PREFIX + resolve(dirname(importer), source) + CSS_MODULE_SUFFIX;
      }
      return null;
    },
    load(id) {
      if (id === GESTALT_ENTRY) {
        // Importing any other Gestalt component fails the build here: measure its cost first.
        return "export { default as Masonry } from 'gestalt/src/Masonry.tsx';";
      }
      if (id.startsWith(CSS_MODULE_PREFIX)) {
        // Gestalt's CSS modules become maps of stable class names; their few rules live in our
        // stylesheet, because `composes` across Gestalt's files needs Gestalt's own CSS build.
        const file = id.slice(CSS_MODULE_PREFIX.length, -CSS_MODULE_SUFFIX.length);
        return cssModuleShim(file, readFileSync(file, 'utf8'));
      }
      return null;
    },
  };
}

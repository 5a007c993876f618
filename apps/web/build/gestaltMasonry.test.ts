import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cssModuleClasses, cssModuleShim, gestaltClassName } from './gestaltMasonry.ts';

describe('Gestalt CSS module shim', () => {
  test('maps every class of a Gestalt CSS module to a stable global name', () => {
    expect(
      cssModuleClasses('.A { composes: b from "./Layout.css"; } /* .Not */ .C:hover {}'),
    ).toEqual(['A', 'C']);
    const shim = cssModuleShim(
      '/x/gestalt/src/Masonry.css',
      '.Masonry { a: b } .Masonry__Item { c: d }',
    );
    expect(shim).toBe(
      'export default {"Masonry":"gestalt-Masonry-Masonry","Masonry__Item":"gestalt-Masonry-Masonry__Item"};',
    );
  });

  test('ui/styles.css styles every class of the Masonry that Gestalt ships', () => {
    // A Gestalt upgrade that adds or renames a Masonry class fails here, not in the browser.
    const require = createRequire(join(import.meta.dirname, 'package.json'));
    const masonryCss = require.resolve('gestalt/src/Masonry.css');
    const ours = readFileSync(join(import.meta.dirname, '../src/ui/styles.css'), 'utf8');
    const classes = cssModuleClasses(readFileSync(masonryCss, 'utf8'));
    expect(classes.length).toBeGreaterThan(0);
    for (const name of classes) {
      expect(ours).toContain(`.${gestaltClassName(masonryCss, name)}`);
    }
  });
});

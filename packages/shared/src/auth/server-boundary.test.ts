// The common-password list is ~380 kB and uses node:module: it must stay out of the browser
// bundle. Files named *.server.ts are server-only; this guards that nothing bundled for the
// web (packages/shared outside *.server.ts, and apps/web) imports one, or imports node:*.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(dir, file));
}

function importsOf(file: string): string[] {
  const specifiers: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier) specifiers.push(specifier);
  }
  return specifiers;
}

const browserBound = [
  ...sourceFiles(join(root, 'packages/shared/src')).filter(
    (file) => !/\.(server|test)\.ts$/.test(file),
  ),
  ...sourceFiles(join(root, 'apps/web/src')),
];

describe('server-only modules', () => {
  it('finds the files it guards', () => {
    expect(browserBound.some((file) => file.endsWith('auth/password.ts'))).toBe(true);
  });

  it('are never imported by code the web bundles', () => {
    const offenders = browserBound.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => /\.server(\.ts)?$/.test(specifier))
        .map((specifier) => `${relative(root, file)} → ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('are the only shared files that use Node built-ins', () => {
    const shared = browserBound.filter((file) => file.includes('packages/shared/src'));
    const offenders = shared.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('node:'))
        .map((specifier) => `${relative(root, file)} → ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});

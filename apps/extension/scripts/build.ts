// `npm run build:extension`: bundles the extension's scripts (rolldown, one IIFE each, no
// imports at run time), writes the Chromium and Firefox manifests and packs each as a zip:
//   apps/extension/dist/chromium/   apps/extension/dist/corkboard-extension-chromium.zip
//   apps/extension/dist/firefox/    apps/extension/dist/corkboard-extension-firefox.zip
// CORKBOARD_URL sets the server the extension uses until its options page says otherwise.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { buildManifest, type ExtensionTarget } from '../src/manifest.ts';
import { normalizeServer } from '../src/settings.ts';
import { zip } from '../src/zip.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
export const EXTENSION_VERSION = '1.0.0';
const ENTRIES = ['background', 'content', 'popup', 'options'] as const;
const TARGETS: readonly ExtensionTarget[] = ['chromium', 'firefox'];

export async function buildExtension(server: string): Promise<Record<ExtensionTarget, string>> {
  const origin = normalizeServer(server);
  if (origin === null) throw new Error(`CORKBOARD_URL is not an http(s) address: ${server}`);
  await rm(DIST, { recursive: true, force: true });
  const out = {} as Record<ExtensionTarget, string>;
  for (const target of TARGETS) {
    const dir = join(DIST, target);
    await mkdir(dir, { recursive: true });
    for (const entry of ENTRIES) {
      await build({
        input: join(ROOT, 'src', `${entry}.ts`),
        platform: 'browser',
        transform: {
          define: {
            __DEFAULT_SERVER__: JSON.stringify(origin),
            __BROWSER__: JSON.stringify(target),
          },
        },
        output: { file: join(dir, `${entry}.js`), format: 'iife', minify: false },
        logLevel: 'warn',
      });
    }
    for (const file of await readdir(join(ROOT, 'static'))) {
      await writeFile(join(dir, file), await readFile(join(ROOT, 'static', file)));
    }
    const manifest = buildManifest(target, EXTENSION_VERSION);
    await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const files = (await readdir(dir)).sort();
    const entries = await Promise.all(
      files.map(async (name) => ({ name, data: await readFile(join(dir, name)) })),
    );
    await writeFile(join(DIST, `corkboard-extension-${target}.zip`), zip(entries));
    out[target] = dir;
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dirs = await buildExtension(process.env['CORKBOARD_URL'] ?? 'http://localhost:3000');
  console.log(`extension built: ${Object.values(dirs).join(', ')} (and their zips in ${DIST})`);
}

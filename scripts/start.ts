// `npm start`: build the web app if its build is missing, then run the production server
// (migrations and the first-start seed happen inside apps/api/src/main.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.env.NODE_ENV ??= 'production';

const webIndex = `${root}apps/web/dist/index.html`;
if (!existsSync(webIndex)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@corkboard/web'], {
    cwd: root,
    stdio: 'inherit',
    // The build runs on this same (new enough) node: it is already first on PATH.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    console.log('The web build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}

await import('@corkboard/api/main');

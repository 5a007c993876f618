// `npm run dev`: the API with --watch on API_PORT (default 3001) and Vite with HMR on PORT
// (default 5173), which proxies API paths to the API. Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '5173';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      PUBLIC_URL: `http://localhost:${webPort}`,
    },
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], {
    cwd: `${root}apps/web`,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stopAll(code: number): void {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

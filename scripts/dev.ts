// `npm run dev`: the API with --watch on API_PORT (default 3001) and Vite with HMR on PORT
// (default 5173), which proxies API paths to the API, plus the local stand-ins for third parties
// (@corkboard/dev-peers) unless DEV_PEERS=off or a provider is configured for real
// (docs/decisions/020). Ctrl-C stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPeersForProduct } from '@corkboard/dev-peers/product-env';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '5173';
const publicUrl = `http://localhost:${webPort}`;

const peers = await startPeersForProduct({
  appOrigins: [publicUrl, `http://127.0.0.1:${webPort}`, `http://localhost:${apiPort}`],
  env: { ...process.env, NODE_ENV: 'development' },
});
if (peers) {
  console.log(
    `Development stand-ins for Google, Facebook, LINE, SSO, SMS, payments, URL reputation and DNS ` +
      `are running (SMS outbox: ${peers.peers.urls.smsOutbox}). DEV_PEERS=off turns them off.`,
  );
}

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...peers?.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      PUBLIC_URL: publicUrl,
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
  void peers?.peers.stop();
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

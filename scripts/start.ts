// `npm start`: the product on its embedded defaults, on this machine. Builds the web app if its
// build is missing, starts the local stand-ins for third parties (Google, Facebook, LINE, SSO,
// SMS, payments, URL reputation, DNS: @corkboard/dev-peers) unless DEV_PEERS=off or the provider
// is configured for real, then runs the production server (migrations and the first-start seed
// happen inside apps/api/src/main.ts). A deployment runs apps/api/src/main.ts with its own
// PUBLIC_URL and providers; the peers refuse to start anywhere but loopback (docs/decisions/020).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLoopbackUrl } from '@corkboard/dev-peers/guard';
import { startPeersForProduct } from '@corkboard/dev-peers/product-env';

const root = fileURLToPath(new URL('..', import.meta.url));
process.env.NODE_ENV ??= 'production';

// `npm run start:worker` (PROCESS_ROLE=worker) serves no pages and signs nobody in.
const worker = process.env.PROCESS_ROLE?.trim() === 'worker';

const webIndex = `${root}apps/web/dist/index.html`;
if (!worker && !existsSync(webIndex)) {
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

const port = process.env.PORT ?? '3000';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
if (!worker && isLoopbackUrl(publicUrl) && process.env.DEV_PEERS?.trim().toLowerCase() !== 'off') {
  // The local demo's explicit opt-in (packages/dev-peers/src/guard.ts).
  process.env.DEV_PEERS = 'on';
  const started = await startPeersForProduct({
    appOrigins: [publicUrl, `http://127.0.0.1:${port}`, `http://localhost:${port}`],
  });
  // The peers live in this process: they stop when the server does.
  if (started) {
    Object.assign(process.env, started.env);
    console.log(
      'Development identity providers and payment/SMS/DNS stand-ins are running on loopback ' +
        `(not the real services; DEV_PEERS=off turns them off). SMS outbox: ${started.peers.urls.smsOutbox}`,
    );
  }
}

await import('@corkboard/api/main');

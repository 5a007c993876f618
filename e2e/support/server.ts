// Starts the production server (node apps/api/src/main.ts) as a child process on a free port
// with a fresh data dir, and waits until /healthz answers (migrations and seed are done by then).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function buildWeb(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@corkboard/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build: test
    // and measure the production bundle we ship.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('web build failed');
}

async function waitForHealthy(
  baseURL: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${baseURL} not healthy after ${timeoutMs} ms`);
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Journeys make many requests from one address; the limiter itself has API tests.
      RATE_LIMIT_MAX: '100000',
      DATABASE_URL: '',
      ...extraEnv,
    },
  });
  // First start seeds 300 pins with generated images: allow it time on a 2-core machine.
  await waitForHealthy(baseURL, child, 180_000);
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

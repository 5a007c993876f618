// One way to run a server as a child process for the e2e journeys and the benches: spawn a Node
// entry point (by default the production API, apps/api/src/main.ts) on a free loopback port with a
// data dir, wait until it answers, and stop it again. The entry is started by path, not imported:
// the journeys and benches measure the process we ship.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The production server's entry point, relative to REPO_ROOT. */
export const API_ENTRY = 'apps/api/src/main.ts';

/**
 * How long a server may take to answer. The first start on an empty data dir seeds 300 pins with
 * generated images; allow for that on a busy 2-core machine.
 */
export const DEFAULT_READY_TIMEOUT_MS = 300_000;
const READY_POLL_MS = 250;
/** After SIGTERM the API drains for up to 10 s (apps/api/src/main.ts); then SIGKILL. */
const STOP_GRACE_MS = 15_000;

export interface SpawnServerOptions {
  /** Environment on top of process.env and the defaults below (a value here wins). */
  env?: Record<string, string>;
  /**
   * DATA_DIR of the server. Given: the caller owns it and stop() leaves it. Omitted: a fresh
   * temp dir, removed by stop().
   */
  dataDir?: string;
  /** Loopback port; a free one when omitted. */
  port?: number;
  /** Node entry point, relative to REPO_ROOT (default: the API). */
  entry?: string;
  /** Arguments after the entry. */
  args?: string[];
  /** Path answered 2xx once the server is ready (default /healthz). */
  readyPath?: string;
  /**
   * Instead of a path: ready once the child prints a line containing this (a process without an
   * HTTP server, e.g. PROCESS_ROLE=worker). Its stdout is then read, not shown.
   */
  readyLine?: string;
  readyTimeoutMs?: number;
  /** The child's stdout (stderr is always shown). Journeys show it; benches keep it quiet. */
  stdout?: 'inherit' | 'ignore';
}

export interface SpawnedServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  port: number;
  dataDir: string;
  /** The child's process id (benches sample its memory from /proc). */
  pid: number;
  /** SIGTERM, wait for the exit (SIGKILL after a grace period), remove an owned data dir. */
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

/** Builds the SPA the API serves (apps/web/dist). */
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

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

function waitForLine(child: ChildProcess, line: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${line}" after ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(line)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (${code ?? signal})`));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts made when the port was chosen here (freePort) and another process took it before the
 * child bound it. freePort's port comes from the kernel's ephemeral range, where every outgoing
 * connection on the machine (browsers, database clients, other servers' probes) also gets its
 * local port, so between the probe's close and the child's listen it can be taken: a journey
 * server in CI once failed at start-up with `listen EADDRINUSE` (session 13).
 */
export const SPAWN_PORT_ATTEMPTS = 3;

/** The child exited while starting, and its stderr said its port was taken. */
export class PortTakenError extends Error {}

/** The last this many characters of the child's stderr are kept to tell why it exited. */
const STDERR_TAIL_CHARS = 8192;

export async function spawnServer(options: SpawnServerOptions = {}): Promise<SpawnedServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await spawnServerOnce(options);
    } catch (error) {
      // A port the caller chose is the caller's to fix; only our own pick is tried again.
      const retry =
        error instanceof PortTakenError &&
        options.port === undefined &&
        attempt < SPAWN_PORT_ATTEMPTS;
      if (!retry) throw error;
      console.warn(`[spawnServer] ${error.message}; starting again on another free port`);
    }
  }
}

async function spawnServerOnce(options: SpawnServerOptions): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'corkboard-server-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [options.entry ?? API_ENTRY, ...(options.args ?? [])], {
    cwd: REPO_ROOT,
    stdio: [
      'ignore',
      options.readyLine === undefined ? (options.stdout ?? 'inherit') : 'pipe',
      // Shown as before, and its tail kept: an early exit says whether the port was taken.
      'pipe',
    ],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  const exitedEarly = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    await stopChild(child);
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const timeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
    if (options.readyLine === undefined) {
      await waitUntilReady(`${url}${options.readyPath ?? '/healthz'}`, child, timeoutMs);
    } else {
      await waitForLine(child, options.readyLine, timeoutMs);
    }
  } catch (error) {
    const exited = child.exitCode !== null || child.signalCode !== null;
    await stop();
    if (exited) {
      // The exit can come before the last of its stderr has been read: wait for the stream.
      await exitedEarly;
      await new Promise<void>((resolve) => {
        if (!child.stderr || child.stderr.readableEnded) resolve();
        else child.stderr.once('close', () => resolve());
      });
      if (stderrTail.includes('EADDRINUSE')) {
        throw new PortTakenError(`port ${port} was taken before the server bound it`);
      }
    }
    throw error;
  }
  return { url, port, dataDir, pid: child.pid ?? -1, stop };
}

// Every journey file gets a server of its own, started from a copy of one seeded data dir (made
// once by global-setup.ts). So a file never sees another file's users, boards, saves, sessions or
// spent rate-limit budget, and the files pass in any order.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevPeers } from '@corkboard/dev-peers/launcher';
import { startPeersForProduct } from '@corkboard/dev-peers/product-env';
import { freePort, spawnServer, type SpawnServerOptions } from '@corkboard/testing-support/server';
import { afterAll, beforeAll, inject } from 'vitest';
import { journeyServerEnv } from './seed.ts';

export interface JourneyServer {
  /** http://127.0.0.1:<port>; read it inside hooks and tests (it is set by beforeAll). */
  readonly url: string;
  /**
   * This file's own stand-ins for the third parties (Google, LINE, SSO, Facebook, SMS, Stripe,
   * Safe Browsing, Instagram, DNS), which the server is configured against: journeys drive their
   * pages and read their state (the SMS outbox, DNS records).
   */
  readonly peers: DevPeers;
}

export interface JourneyServerOptions extends Pick<SpawnServerOptions, 'env'> {
  /** More environment that depends on the server's port (e.g. origins naming it). */
  envForPort?: (port: number) => Record<string, string>;
  /**
   * Writes what this file needs beyond the seed into its copy of the data dir, before the server
   * opens it (PGlite has one process at a time): state a journey cannot reach through the app
   * today, such as a month that has already ended.
   */
  prepare?: (dataDir: string) => Promise<void>;
}

/** E2E_STEP_TIMINGS=1 (support/step-timings.ts): how long each part of a file's start took. */
function timed(label: string, since: number): number {
  const now = performance.now();
  if (process.env.E2E_STEP_TIMINGS === '1') {
    console.log(`[step] ${((now - since) / 1000).toFixed(1)}s ${label}`);
  }
  return now;
}

/** The server process's own CPU seconds so far (E2E_STEP_TIMINGS), from /proc. */
function serverCpuSeconds(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return `${((Number(fields[11]) + Number(fields[12])) / 100).toFixed(1)}s`;
  } catch {
    return '?';
  }
}

/** Starts a server on a fresh copy of the seeded data dir; stops it and removes the copy. */
async function startFromSeed(options: JourneyServerOptions = {}) {
  let mark = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-e2e-'));
  cpSync(inject('seedDataDir'), dataDir, { recursive: true });
  mark = timed('copy of the seeded data dir', mark);
  try {
    await options.prepare?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const started = await startPeersForProduct({
    appOrigins: [`http://127.0.0.1:${port}`],
    // The journeys always run against the stand-ins, whatever the shell says.
    env: { ...process.env, DEV_PEERS: 'on' },
  });
  if (!started) throw new Error('the dev peers did not start');
  mark = timed('dev peers', mark);
  try {
    const server = await spawnServer({
      dataDir,
      port,
      env: {
        ...journeyServerEnv(inject('smtpUrl')),
        ...started.env,
        ...options.env,
        ...options.envForPort?.(port),
      },
    });
    timed('server start', mark);
    return {
      url: server.url,
      peers: started.peers,
      async stop() {
        const stopping = performance.now();
        if (process.env.E2E_STEP_TIMINGS === '1')
          console.log(`[cpu] server ${serverCpuSeconds(server.pid)}`);
        await server.stop();
        let mark = timed('server stop', stopping);
        await started.peers.stop();
        mark = timed('peers stop', mark);
        rmSync(dataDir, { recursive: true, force: true });
        timed('data dir removed', mark);
      },
    };
  } catch (error) {
    await started.peers.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Registers beforeAll/afterAll hooks that give the calling test file its own seeded server.
 * Call it at the top of the file, before the file's own beforeAll (hooks run in order).
 */
export function useJourneyServer(options: JourneyServerOptions = {}): JourneyServer {
  let server: Awaited<ReturnType<typeof startFromSeed>> | undefined;
  beforeAll(async () => {
    server = await startFromSeed(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('journey server not started yet (use it in a hook or test)');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get peers() {
      return started().peers;
    },
  };
}

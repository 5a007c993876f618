// spawnServer starts again on another port when the free port it picked was taken before the
// child bound it (SPAWN_PORT_ATTEMPTS). The child here is a small stand-in entry that says
// EADDRINUSE, as the API does, for as many starts as it is told, then serves /healthz.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PortTakenError, SPAWN_PORT_ATTEMPTS, freePort, spawnServer } from './server.ts';

const ENTRY = `
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
appendFileSync(process.env.STARTS_FILE, process.env.PORT + '\\n');
const starts = readFileSync(process.env.STARTS_FILE, 'utf8').trim().split('\\n').length;
if (starts <= Number(process.env.TAKEN_STARTS)) {
  console.error('Corkboard failed to start: Error: listen EADDRINUSE: address already in use 127.0.0.1:' + process.env.PORT);
  process.exit(1);
}
if (process.env.OTHER_FAILURE === '1') {
  console.error('Corkboard failed to start: Error: something else');
  process.exit(1);
}
createServer((request, response) => response.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');
`;

let dir: string;
let entry: string;
let startsFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spawn-server-test-'));
  entry = join(dir, 'entry.mjs');
  startsFile = join(dir, 'starts.txt');
  writeFileSync(entry, ENTRY);
  writeFileSync(startsFile, '');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ports = () => readFileSync(startsFile, 'utf8').trim().split('\n').filter(Boolean);
const start = (env: Record<string, string>, port?: number) =>
  spawnServer({
    entry,
    port,
    stdout: 'ignore',
    readyTimeoutMs: 10_000,
    env: { STARTS_FILE: startsFile, ...env },
  });

describe('spawnServer when its port is taken', () => {
  test('starts again on another free port and answers there', async () => {
    const server = await start({ TAKEN_STARTS: '1' });
    try {
      expect(ports()).toHaveLength(2);
      expect(server.port).toBe(Number(ports()[1]));
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test(`gives up with PortTakenError after ${SPAWN_PORT_ATTEMPTS} starts`, async () => {
    await expect(start({ TAKEN_STARTS: '99' })).rejects.toBeInstanceOf(PortTakenError);
    expect(ports()).toHaveLength(SPAWN_PORT_ATTEMPTS);
  });

  test('does not retry a port the caller chose, nor another start-up failure', async () => {
    const port = await freePort();
    await expect(start({ TAKEN_STARTS: '1' }, port)).rejects.toBeInstanceOf(PortTakenError);
    expect(ports()).toEqual([String(port)]);

    writeFileSync(startsFile, '');
    await expect(start({ TAKEN_STARTS: '0', OTHER_FAILURE: '1' })).rejects.toThrow(
      'server exited early (1)',
    );
    expect(ports()).toHaveLength(1);
  });
});

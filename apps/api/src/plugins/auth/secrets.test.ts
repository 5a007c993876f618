import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSecret } from './secrets.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-secrets-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('resolveSecret', () => {
  it('prefers the configured value', () => {
    expect(
      resolveSecret({ configured: 'x'.repeat(40), dataDir, name: 'a', ephemeral: false }),
    ).toEqual({
      value: 'x'.repeat(40),
      origin: 'config',
    });
  });

  it('generates a private file once and reuses it', () => {
    const first = resolveSecret({
      configured: undefined,
      dataDir,
      name: 'auth-secret',
      ephemeral: false,
    });
    expect(first.origin).toBe('generated');
    expect(first.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const path = join(dataDir, 'secrets', 'auth-secret');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim()).toBe(first.value);
    expect(
      resolveSecret({ configured: undefined, dataDir, name: 'auth-secret', ephemeral: false }),
    ).toEqual({
      value: first.value,
      origin: 'file',
    });
  });

  it('gives tests a fresh in-memory value', () => {
    const a = resolveSecret({ configured: undefined, dataDir, name: 'other', ephemeral: true });
    const b = resolveSecret({ configured: undefined, dataDir, name: 'other', ephemeral: true });
    expect(a.value).not.toBe(b.value);
  });
});

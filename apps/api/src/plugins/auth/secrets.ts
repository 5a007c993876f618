// Server secrets (session signing, captcha HMAC). Configured values win; otherwise a random one
// is generated once into DATA_DIR/secrets/ so a single server keeps its sessions across
// restarts with zero setup. Several servers sharing one database must be given the same values
// through the environment instead (the generated file is per machine).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** 32 random bytes, base64url: 256 bits, more than HMAC-SHA-256 can use. */
const SECRET_BYTES = 32;

export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

export interface SecretSource {
  /** The environment's value, if any. */
  configured: string | undefined;
  dataDir: string;
  /** File name under DATA_DIR/secrets/. */
  name: string;
  /** Tests get a fresh in-memory secret instead of files in a shared temp folder. */
  ephemeral: boolean;
}

export function resolveSecret(source: SecretSource): {
  value: string;
  origin: 'config' | 'file' | 'generated' | 'ephemeral';
} {
  if (source.configured) return { value: source.configured, origin: 'config' };
  if (source.ephemeral) return { value: newSecret(), origin: 'ephemeral' };
  const folder = join(source.dataDir, 'secrets');
  const path = join(folder, source.name);
  try {
    return { value: readFileSync(path, 'utf8').trim(), origin: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const value = newSecret();
  try {
    // 'wx': if another process created it meanwhile, its value wins (read below).
    writeFileSync(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return { value, origin: 'generated' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { value: readFileSync(path, 'utf8').trim(), origin: 'file' };
  }
}

// Media on local disk under DATA_DIR/media, served by the API's `/media/*` route.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { contentTypeForKey, isValidMediaKey } from './media-keys.ts';
import type { MediaStorage, StoredObject } from './storage.ts';

/** The folder under DATA_DIR that holds media. */
export const LOCAL_MEDIA_FOLDER = 'media';
/** URL prefix the API serves local media from. */
export const LOCAL_MEDIA_URL_PREFIX = '/media';

export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const path = this.pathFor(key);
    if (path === null) throw new Error(`invalid media key: ${key}`);
    await mkdir(dirname(path), { recursive: true });
    // Write beside the target, then rename: readers see the old file or the whole new one,
    // never a torn write, and a crash leaves only a stray temp file.
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, body);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Null for missing files and for keys that could not name a file of ours (e.g. `../x`). */
  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathFor(key);
    if (path === null) return null;
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      // fstat on the open handle, so size and body describe the same file even if a put races.
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: contentTypeForKey(key),
        size: info.size,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathFor(key);
    if (path === null) return false;
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathFor(key);
    if (path === null) throw new Error(`invalid media key: ${key}`);
    await rm(path, { force: true });
  }

  publicUrl(key: string): string {
    if (!isValidMediaKey(key)) throw new Error(`invalid media key: ${key}`);
    return `${LOCAL_MEDIA_URL_PREFIX}/${key}`;
  }

  /** The file for a key, or null when the key is not one of ours or would leave the root. */
  private pathFor(key: string): string | null {
    if (!isValidMediaKey(key)) return null;
    const path = resolve(this.root, key);
    // Belt and braces: the key check already forbids `..`, but the path must stay under root.
    return path.startsWith(this.root + sep) ? path : null;
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'ENOENT' || error.code === 'ENOTDIR';
}

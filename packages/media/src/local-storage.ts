// Media on local disk under DATA_DIR/media, served by the API's `/media/*` route.
import { randomBytes } from 'node:crypto';
import {
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
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

  /**
   * Every image folder (`pins/<xx>/<sha256>/`) by content address, and folders a media GC run
   * set aside and did not finish with (`<sha256>.gc-trash`, see removeImageFolderIfIdle).
   */
  async *imageFolders(): AsyncIterable<{ sha256: string; trashed: boolean }> {
    for (const fanOut of await listDirectory(join(this.root, 'pins'))) {
      for (const name of await listDirectory(join(this.root, 'pins', fanOut))) {
        const match = IMAGE_FOLDER_NAME.exec(name);
        if (match?.[1]) yield { sha256: match[1], trashed: match[2] !== undefined };
      }
    }
  }

  /**
   * Removes one image's folder unless anything in it was written at or after `cutoff`. Safe
   * against a save of the same image running now: the folder is first renamed aside (atomic), so
   * a save's later writes recreate the folder; then every file set aside is checked, and if a
   * save wrote any of them after `cutoff` they all go back. Returns whether it removed the folder.
   */
  async removeImageFolderIfIdle(sha256: string, cutoff: Date): Promise<boolean> {
    const folder = join(this.root, 'pins', sha256.slice(0, 2), sha256);
    const trash = `${folder}${TRASH_SUFFIX}`;
    // Left by an interrupted run: merge it back first, then judge the whole folder.
    if ((await listDirectory(trash)).length > 0) await this.restoreImageFolder(sha256);
    try {
      await rename(folder, trash);
    } catch (error) {
      // Already gone (or never there): a folder set aside by an interrupted run is handled below.
      if (!isMissing(error)) throw error;
    }
    if (!(await isIdleSince(trash, cutoff))) {
      await this.restoreImageFolder(sha256);
      return false;
    }
    await rm(trash, { recursive: true, force: true });
    return true;
  }

  /** Puts a folder set aside by removeImageFolderIfIdle back (its image is in use after all). */
  async restoreImageFolder(sha256: string): Promise<void> {
    const folder = join(this.root, 'pins', sha256.slice(0, 2), sha256);
    const trash = `${folder}${TRASH_SUFFIX}`;
    const files = await listDirectory(trash);
    if (files.length === 0) {
      await rm(trash, { recursive: true, force: true });
      return;
    }
    await mkdir(folder, { recursive: true });
    for (const name of files) {
      // A save that ran meanwhile wrote the same bytes (content addressed): either copy is right.
      await rename(join(trash, name), join(folder, name));
    }
    await rm(trash, { recursive: true, force: true });
  }

  /** Removes temporary files of interrupted writes (`*.tmp`) last written before `cutoff`. */
  async sweepTemporaryFiles(cutoff: Date): Promise<number> {
    let removed = 0;
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
      const path = join(entry.parentPath, entry.name);
      try {
        if ((await stat(path)).mtime >= cutoff) continue;
        await rm(path, { force: true });
        removed += 1;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  /** The file for a key, or null when the key is not one of ours or would leave the root. */
  private pathFor(key: string): string | null {
    if (!isValidMediaKey(key)) return null;
    const path = resolve(this.root, key);
    // Belt and braces: the key check already forbids `..`, but the path must stay under root.
    return path.startsWith(this.root + sep) ? path : null;
  }
}

/** A folder set aside by the media GC before it is removed (or put back). */
const TRASH_SUFFIX = '.gc-trash';
const IMAGE_FOLDER_NAME = /^([0-9a-f]{64})(\.gc-trash)?$/;

async function listDirectory(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** Whether nothing in `folder` was written at or after `cutoff` (a missing folder is idle). */
async function isIdleSince(folder: string, cutoff: Date): Promise<boolean> {
  for (const name of await listDirectory(folder)) {
    try {
      if ((await stat(join(folder, name))).mtime >= cutoff) return false;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return true;
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'ENOENT' || error.code === 'ENOTDIR';
}

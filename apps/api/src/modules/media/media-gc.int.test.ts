// The media GC (issue 13, decision 094): image folders no `images` row names and `*.tmp` files
// of interrupted writes are removed once older than the grace period; referenced images, fresh
// files (a save in flight) and folders a save is writing into right now are kept.
import { mkdir, mkdtemp, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { insertImage } from '@corkboard/db/images-repository';
import { createTestDb } from '@corkboard/db/testing';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import { processImage } from '@corkboard/media/pipeline';
import { jpegBytes } from '../../test/api-client.ts';
import { TestClock } from '../../test/test-clock.ts';
import { DEMO_ENCODING, storeImageVariants } from './image-files.ts';
import { collectMediaGarbage, MEDIA_GC_GRACE_MS } from './media-gc.service.ts';
import { IMAGE_VARIANT_SIZES } from '@corkboard/shared/layout';

let handle: DbHandle;
let root: string;
let storage: LocalMediaStorage;
let clock: TestClock;
let imageCounter = 0;

beforeAll(async () => {
  handle = await createTestDb();
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'corkboard-gc-'));
  storage = new LocalMediaStorage(root);
  // Everything written by the test is older than the grace period, unless a test says otherwise.
  clock = new TestClock(new Date(Date.now() + 2 * MEDIA_GC_GRACE_MS));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await handle.close();
});

const gc = () => collectMediaGarbage({ db: handle.db, storage, now: clock.now });

/** An image's files in storage, with an `images` row only when `recorded`. */
async function storedImage(recorded: boolean): Promise<string> {
  imageCounter += 1;
  const processed = await processImage(await jpegBytes(imageCounter, 120), DEMO_ENCODING);
  const stored = await storeImageVariants(storage, processed);
  if (recorded) await insertImage(handle.db, stored);
  return stored.sha256;
}

/** JPEG and WebP of each stored size (170x, 236x, 474x, 736x, orig; decision 143). */
const FILES_PER_IMAGE = IMAGE_VARIANT_SIZES.length * 2;

const folderOf = (sha256: string) => join(root, 'pins', sha256.slice(0, 2), sha256);

async function filesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).sort();
  } catch {
    return [];
  }
}

describe('collectMediaGarbage', () => {
  it('removes unreferenced image folders and stray .tmp files, keeps referenced images', async () => {
    const kept = await storedImage(true);
    const orphan = await storedImage(false);
    const stray = join(folderOf(kept), '236x.jpg.abcdef123456.tmp');
    await writeFile(stray, 'half a file');

    const result = await gc();

    expect(result).toEqual({
      removedImageFolders: 1,
      restoredImageFolders: 0,
      removedTemporaryFiles: 1,
    });
    expect(await filesIn(folderOf(orphan))).toEqual([]);
    expect(await filesIn(folderOf(kept))).toHaveLength(FILES_PER_IMAGE);
    expect(await storage.exists(`pins/${kept.slice(0, 2)}/${kept}/236x.jpg`)).toBe(true);
  });

  it('keeps an unreferenced folder that a save wrote into within the grace period', async () => {
    const inFlight = await storedImage(false);
    // One file written "now" by a save that has not committed its row yet.
    const fresh = clock.now();
    await utimes(join(folderOf(inFlight), '236x.jpg'), fresh, fresh);

    const result = await gc();

    expect(result.removedImageFolders).toBe(0);
    expect(await filesIn(folderOf(inFlight))).toHaveLength(FILES_PER_IMAGE);
    expect(await filesIn(`${folderOf(inFlight)}.gc-trash`)).toEqual([]);
  });

  it('keeps fresh .tmp files (a write in progress)', async () => {
    const folder = join(root, 'pins', 'ab');
    await mkdir(folder, { recursive: true });
    const writing = join(folder, 'x.jpg.0123456789ab.tmp');
    await writeFile(writing, 'being written');
    const fresh = clock.now();
    await utimes(writing, fresh, fresh);

    expect((await gc()).removedTemporaryFiles).toBe(0);
    expect(await filesIn(folder)).toEqual(['x.jpg.0123456789ab.tmp']);
  });

  it('puts back a folder an interrupted run set aside when its image is referenced', async () => {
    const referenced = await storedImage(true);
    await rename(folderOf(referenced), `${folderOf(referenced)}.gc-trash`);

    const result = await gc();

    expect(result.restoredImageFolders).toBe(1);
    expect(await filesIn(folderOf(referenced))).toHaveLength(FILES_PER_IMAGE);
    expect(await filesIn(`${folderOf(referenced)}.gc-trash`)).toEqual([]);
  });

  it('does nothing on an empty media folder', async () => {
    expect(await gc()).toEqual({
      removedImageFolders: 0,
      restoredImageFolders: 0,
      removedTemporaryFiles: 0,
    });
  });
});

// The media GC as a durable job (decisions 094, 139): a process that works jobs sweeps once at
// start and logs the counts; the `media-gc` job, scheduled or sent, removes orphans made on
// purpose and never a referenced image or the files of an upload within the grace period.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { insertImage } from '@corkboard/db/images-repository';
import { createTestDb } from '@corkboard/db/testing';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import { processImage } from '@corkboard/media/pipeline';
import { jpegBytes } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import { DEMO_ENCODING, storeImageVariants } from './image-files.ts';
import { MEDIA_GC_JOB } from './media-gc.jobs.ts';
import { MEDIA_GC_GRACE_MS } from './media-gc.service.ts';
import { IMAGE_VARIANT_SIZES } from '@corkboard/shared/layout';

let handle: DbHandle;
let root: string;
let storage: LocalMediaStorage;
let test: TestApp;
let imageCounter = 0;
const logLines: Record<string, unknown>[] = [];
// Everything written by the test is older than the grace period, unless a test says otherwise.
const clock = new TestClock(new Date(Date.now() + 2 * MEDIA_GC_GRACE_MS));

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

const gcLines = () => logLines.filter((line) => line.msg === 'media garbage collected');

let referenced: string;
let orphanAtStart: string;
let strayTmp: string;

beforeAll(async () => {
  handle = await createTestDb();
  root = await mkdtemp(join(tmpdir(), 'corkboard-gc-job-'));
  storage = new LocalMediaStorage(root);
  // The debris of a crash, there before the process starts.
  referenced = await storedImage(true);
  orphanAtStart = await storedImage(false);
  strayTmp = join(root, 'pins', 'ab', 'x.jpg.0123456789ab.tmp');
  await mkdir(join(root, 'pins', 'ab'), { recursive: true });
  await writeFile(strayTmp, 'half a file');
  test = await buildTestApp(handle.db, {
    storage,
    clock,
    config: { processRole: 'all', logLevel: 'info' },
    jobPollingIntervalSeconds: 0.5,
    logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await test.app.ready();
});

afterAll(async () => {
  await test.close();
  await rm(root, { recursive: true, force: true });
  await handle.close();
});

describe('the media-gc job', () => {
  it('sweeps at start: orphans and .tmp files go, referenced media stay, counts are logged', async () => {
    await expect.poll(() => gcLines().length, { timeout: 15_000, interval: 100 }).toBe(1);
    expect(gcLines()[0]).toMatchObject({
      removedImageFolders: 1,
      restoredImageFolders: 0,
      removedTemporaryFiles: 1,
    });
    expect(await filesIn(folderOf(orphanAtStart))).toEqual([]);
    expect(await filesIn(join(root, 'pins', 'ab'))).toEqual([]);
    expect(await filesIn(folderOf(referenced))).toHaveLength(FILES_PER_IMAGE);
  });

  it('runs as a durable job: removes a new orphan, keeps an upload within the grace period', async () => {
    const orphan = await storedImage(false);
    const inFlight = await storedImage(false);
    const fresh = clock.now();
    await utimes(join(folderOf(inFlight), '236x.jpg'), fresh, fresh);
    const linesBefore = gcLines().length;

    await test.app.jobs.send(MEDIA_GC_JOB, {});

    await expect
      .poll(() => gcLines().length, { timeout: 15_000, interval: 100 })
      .toBe(linesBefore + 1);
    expect(gcLines().at(-1)).toMatchObject({ removedImageFolders: 1 });
    expect(await filesIn(folderOf(orphan))).toEqual([]);
    expect(await filesIn(folderOf(inFlight))).toHaveLength(FILES_PER_IMAGE);
    expect(await filesIn(folderOf(referenced))).toHaveLength(FILES_PER_IMAGE);
    await expect.poll(() => test.app.jobs.pending(MEDIA_GC_JOB), { timeout: 10_000 }).toBe(0);
  });
});

// The 170x backfill (decision 143): an image stored before the board-card size existed has no
// 170x file; board answers fall back to its 236x (a file that exists) until the durable job,
// queued at start by a process that works jobs, makes the 170x, stores it, records it on the row
// and adds its bytes to the uploader's storage. Runs are repeatable and move past a bad image.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { insertImage } from '@corkboard/db/images-repository';
import { createTestDb } from '@corkboard/db/testing';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import { processImage } from '@corkboard/media/pipeline';
import type { BoardDetail, Board } from '@corkboard/shared/api-types';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import { jpegBytes } from '../../test/api-client.ts';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { DEMO_ENCODING, storeImageVariants } from './image-files.ts';
import { IMAGE_VARIANT_BACKFILL_JOB, backfillBatch } from './image-variant-backfill.jobs.ts';
import { sumStoredBytes } from './media.repository.ts';

let handle: DbHandle;
let test: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let root: string;
let storage: LocalMediaStorage;
let owner: UserFixture;
let board: { id: string; slug: string };
let legacy: { id: string; sha256: string };
let legacyBytes: number;
const logLines: Record<string, unknown>[] = [];

const folderOf = (sha256: string) => join(root, 'pins', sha256.slice(0, 2), sha256);

/** What a batch needs, as the app's own deps provide it. */
const batchDeps = () => ({
  db: handle.db,
  storage,
  imageWork: test.app.imageWork,
  log: test.app.log,
});

/** An image as stored before decision 143: its files and its row have no 170x. */
async function legacyImage(
  n: number,
  uploader: UserFixture,
): Promise<{ id: string; sha256: string }> {
  const processed = await processImage(await jpegBytes(100 + n, 300), DEMO_ENCODING);
  const stored = await storeImageVariants(storage, processed);
  const folder = folderOf(stored.sha256);
  await rm(join(folder, '170x.jpg'));
  await rm(join(folder, '170x.webp'));
  const { '170x': _board, ...pinSizes } = stored.variants;
  const row = await insertImage(
    handle.db,
    { ...stored, variants: pinSizes, bytes: await sizeOfFiles(folder) },
    uploader.id,
  );
  return { id: row.id, sha256: stored.sha256 };
}

async function sizeOfFiles(folder: string, only?: string[]): Promise<number> {
  const files = only ?? (await readdir(folder));
  const sizes = await Promise.all(files.map(async (file) => (await stat(join(folder, file))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function fileExists(url: string): Promise<boolean> {
  const response = await test.app.inject({ method: 'GET', url });
  return response.statusCode === 200;
}

async function boardPage(): Promise<BoardDetail> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/v3/boards/${owner.username}/${board.slug}/`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ resource_response: { data: BoardDetail } }>().resource_response.data;
}

async function profileBoards(): Promise<Board[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/v3/users/${owner.username}/boards/`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ resource_response: { data: Board[] } }>().resource_response.data;
}

async function pickerBoards(): Promise<PickerBoardItem[]> {
  const options = encodeURIComponent(JSON.stringify({}));
  const response = await test.app.inject({
    method: 'GET',
    url: `/resource/BoardPickerBoardsResource/get/?options=${options}`,
    headers: as(owner),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ resource_response: { data: { all_boards: PickerBoardItem[] } } }>()
    .resource_response.data.all_boards;
}

async function variantsOf(imageId: string) {
  const row = await handle.db
    .selectFrom('images')
    .select('variants')
    .where('id', '=', imageId)
    .executeTakeFirstOrThrow();
  return row.variants;
}

beforeAll(async () => {
  handle = await createTestDb();
  fixtures = createFixtures(handle.db);
  root = await mkdtemp(join(tmpdir(), 'corkboard-backfill-'));
  storage = new LocalMediaStorage(root);
  // Built without workers first: the legacy image is in place before a working process starts.
  test = await buildTestApp(handle.db, { storage });
  owner = await fixtures.user();
  const created = await fixtures.board(owner);
  board = { id: created.id, slug: created.slug };
  legacy = await legacyImage(21, owner);
  legacyBytes = Number(
    (
      await handle.db
        .selectFrom('images')
        .select('bytes')
        .where('id', '=', legacy.id)
        .executeTakeFirstOrThrow()
    ).bytes,
  );
  const pin = await fixtures.pin({ board: created });
  await handle.db
    .updateTable('pins')
    .set({ image_id: legacy.id })
    .where('id', '=', pin.id)
    .execute();
});

afterAll(async () => {
  await test.close();
  await rm(root, { recursive: true, force: true });
  await handle.close();
});

describe('board answers before the backfill', () => {
  it('carry images_170x pointing at the 236x, a file that exists', async () => {
    const page = await boardPage();
    expect(page.images_170x).toHaveLength(1);
    const [image] = page.images_170x;
    expect(image?.url).toMatch(/\/236x\.jpg$/);
    expect(image?.width).toBe(236);
    expect(await fileExists(image?.url ?? '')).toBe(true);
    expect(await fileExists(image?.webp_url ?? '')).toBe(true);
    expect((await profileBoards())[0]?.images_170x[0]?.url).toBe(image?.url);
    expect((await pickerBoards())[0]?.images_170x[0]?.url).toBe(image?.url);
  });
});

describe('the image-variant-backfill job', () => {
  it('is queued at start by a working process and gives the old image its 170x', async () => {
    await test.close();
    test = await buildTestApp(handle.db, {
      storage,
      config: { processRole: 'all', logLevel: 'info' },
      jobPollingIntervalSeconds: 0.5,
      logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await test.app.ready();

    await expect
      .poll(async () => (await variantsOf(legacy.id))['170x'] !== undefined, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true);
    await expect
      .poll(() => test.app.jobs.pending(IMAGE_VARIANT_BACKFILL_JOB), { timeout: 10_000 })
      .toBe(0);
    expect(logLines.some((line) => line.msg === '170x backfill queued')).toBe(true);

    const variants = await variantsOf(legacy.id);
    expect(variants['170x']?.width).toBe(170);
    const folder = folderOf(legacy.sha256);
    expect((await readdir(folder)).sort()).toContain('170x.jpg');
    expect(await readdir(folder)).toContain('170x.webp');
    // The row's bytes (the uploader's quota) grew by exactly the two new files.
    const added = await sizeOfFiles(folder, ['170x.jpg', '170x.webp']);
    expect(await sumStoredBytes(handle.db, owner.id)).toBe(legacyBytes + added);
    expect(await sizeOfFiles(folder)).toBe(legacyBytes + added);
  });

  it('board answers now carry the real 170x file', async () => {
    const page = await boardPage();
    const [image] = page.images_170x;
    expect(image?.url).toMatch(/\/170x\.jpg$/);
    expect(image?.width).toBe(170);
    expect(image?.webp_url).toMatch(/\/170x\.webp$/);
    expect(await fileExists(image?.url ?? '')).toBe(true);
    expect(await fileExists(image?.webp_url ?? '')).toBe(true);
    expect((await profileBoards())[0]?.images_170x[0]?.url).toBe(image?.url);
    expect((await pickerBoards())[0]?.images_170x[0]?.url).toBe(image?.url);
    // Pin answers keep their four sizes.
    expect(page.cover_images[0]?.url).toMatch(/\/236x\.jpg$/);
  });

  it('is repeatable: a second run changes nothing and is not queued when nothing is missing', async () => {
    const before = await variantsOf(legacy.id);
    const result = await backfillBatch(batchDeps(), null);
    expect(result).toMatchObject({ created: 0, skipped: 0, more: false });
    expect(await variantsOf(legacy.id)).toEqual(before);
    expect(await sumStoredBytes(handle.db, owner.id)).toBe(
      legacyBytes + (await sizeOfFiles(folderOf(legacy.sha256), ['170x.jpg', '170x.webp'])),
    );
  });

  it('works in batches by id and moves past an image whose original is missing', async () => {
    const a = await legacyImage(22, owner);
    const broken = await legacyImage(23, owner);
    const c = await legacyImage(24, owner);
    const ids = [a, broken, c].map((image) => image.id).sort((x, y) => Number(x) - Number(y));
    const brokenFolder = folderOf(broken.sha256);
    await rm(join(brokenFolder, 'orig.jpg'));

    const first = await backfillBatch(batchDeps(), null, 2);
    expect(first).toMatchObject({ more: true, lastId: ids[1] });
    const second = await backfillBatch(batchDeps(), first.lastId, 2);
    expect(second).toMatchObject({ more: false, lastId: ids[2] });
    expect(first.created + second.created).toBe(2);
    expect(first.skipped + second.skipped).toBe(1);

    expect((await variantsOf(a.id))['170x']).toBeDefined();
    expect((await variantsOf(c.id))['170x']).toBeDefined();
    expect((await variantsOf(broken.id))['170x']).toBeUndefined();
    // The skipped image still answers its 236x, which exists.
    const missing = await handle.db
      .selectFrom('images')
      .select('id')
      .where(sql<boolean>`variants -> '170x' IS NULL`)
      .execute();
    expect(missing.map((row) => row.id)).toEqual([broken.id]);
  });
});

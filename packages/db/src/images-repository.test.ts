import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import { variantUrls } from '@corkboard/media/media-keys';
import { processImage, type ProcessedImage } from '@corkboard/media/pipeline';
import type { DbHandle } from './create-db.ts';
import {
  findImageBySha256,
  insertImage,
  saveProcessedImage,
  storeImageVariants,
} from './images-repository.ts';
import { createTestDb } from './testing.ts';

/** Local storage that counts puts, to see whether a save wrote files. */
class CountingStorage extends LocalMediaStorage {
  puts = 0;
  override async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.puts++;
    await super.put(key, body, contentType);
  }
}

let handle: DbHandle;
let dir: string;
let storage: CountingStorage;
let blue: ProcessedImage;
let orange: ProcessedImage;

async function solid(color: string): Promise<ProcessedImage> {
  const input = await sharp({ create: { width: 500, height: 750, channels: 3, background: color } })
    .png()
    .toBuffer();
  return processImage(input);
}

beforeAll(async () => {
  handle = await createTestDb();
  dir = await mkdtemp(join(tmpdir(), 'corkboard-images-'));
  storage = new CountingStorage(dir);
  [blue, orange] = await Promise.all([solid('#1d4ed8'), solid('#f97316')]);
});

afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

async function imageCount(): Promise<number> {
  const row = await handle.db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('saveProcessedImage', () => {
  it('stores all eight files and one row for a new image', async () => {
    const row = await saveProcessedImage(handle.db, storage, blue);
    expect(storage.puts).toBe(8);
    expect(row).toMatchObject({
      sha256: blue.sha256,
      width: 500,
      height: 750,
      dominant_color: blue.dominantColor,
    });
    expect(row.variants['236x']).toMatchObject({ width: 236, height: 354 });
    expect(row.variants.orig).toMatchObject({ width: 500, height: 750 });
    for (const variant of Object.values(row.variants)) {
      expect(await storage.exists(variant.key)).toBe(true);
      expect(await storage.exists(variant.webp_key)).toBe(true);
    }
    const urls = variantUrls(storage, row.variants);
    expect(urls['474x'].url).toBe(`/media/pins/${blue.sha256.slice(0, 2)}/${blue.sha256}/474x.jpg`);
    expect(urls['474x'].webp_url).toBe(
      `/media/pins/${blue.sha256.slice(0, 2)}/${blue.sha256}/474x.webp`,
    );
  });

  it('deduplicates by sha256: the same bytes again answer the same row and write nothing', async () => {
    const before = await imageCount();
    const first = await findImageBySha256(handle.db, blue.sha256);
    const putsBefore = storage.puts;

    const again = await saveProcessedImage(handle.db, storage, blue);
    expect(again.id).toBe(first?.id);
    expect(storage.puts).toBe(putsBefore);
    expect(await imageCount()).toBe(before);
  });

  it('gives different bytes their own row', async () => {
    const blueRow = await findImageBySha256(handle.db, blue.sha256);
    const orangeRow = await saveProcessedImage(handle.db, storage, orange);
    expect(orangeRow.id).not.toBe(blueRow?.id);
    expect(orangeRow.sha256).toBe(orange.sha256);
  });

  it('answers the existing row when an insert loses the race for a sha256', async () => {
    const existing = await findImageBySha256(handle.db, orange.sha256);
    const stored = await storeImageVariants(storage, orange);
    const row = await insertImage(handle.db, stored);
    expect(row.id).toBe(existing?.id);
  });

  it('works inside a transaction', async () => {
    const green = await solid('#16a34a');
    const row = await handle.db
      .transaction()
      .execute((trx) => saveProcessedImage(trx, storage, green));
    expect((await findImageBySha256(handle.db, green.sha256))?.id).toBe(row.id);
  });
});

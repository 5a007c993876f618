// Image files in storage: every variant of a new image under its content-addressed key, nothing
// written again for bytes already taken in, and the seed's image store on the same path.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { findImageBySha256 } from '@corkboard/db/images-repository';
import { createTestDb } from '@corkboard/db/testing';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import { variantUrls } from '@corkboard/media/media-keys';
import { demoImageStore, storeImageVariants } from './image-files.ts';
import { persistIncomingImage, takeInBytes } from './image-intake.service.ts';
import { processImage } from '@corkboard/media/pipeline';
import { ImageWorkPool } from '../../lib/image-work-pool.ts';
import { DEFAULT_STORAGE_QUOTA_BYTES } from '../../config/config.ts';

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
let uploaderId: string;

async function solid(color: string): Promise<Buffer> {
  return sharp({ create: { width: 500, height: 750, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function save(bytes: Buffer) {
  const imageWork = new ImageWorkPool({ concurrency: 1, maxQueued: 1 });
  const incoming = await takeInBytes(
    {
      db: handle.db,
      storage,
      imageWork,
      config: { storageQuotaBytes: DEFAULT_STORAGE_QUOTA_BYTES },
    },
    bytes,
    uploaderId,
  );
  return handle.db.transaction().execute((trx) => persistIncomingImage(trx, incoming));
}

beforeAll(async () => {
  handle = await createTestDb();
  dir = await mkdtemp(join(tmpdir(), 'corkboard-images-'));
  storage = new CountingStorage(dir);
  const uploader = await handle.db
    .insertInto('users')
    .values({ username: 'image_files_uploader', first_name: 'Uma', last_name: 'Loader' })
    .returning('id')
    .executeTakeFirstOrThrow();
  uploaderId = uploader.id;
});

afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

describe('taking an image in', () => {
  it('stores all ten files (170x to orig, JPEG and WebP) and one row for a new image', async () => {
    const row = await save(await solid('#1d4ed8'));
    expect(storage.puts).toBe(10);
    expect(row).toMatchObject({ width: 500, height: 750, uploaded_by_id: uploaderId });
    // The row records the bytes its files take, for the uploader's storage quota (decision 099).
    let fileBytes = 0;
    for (const variant of Object.values(row.variants)) {
      for (const key of [variant.key, variant.webp_key]) {
        const stored = await storage.get(key);
        stored?.body.destroy();
        fileBytes += stored?.size ?? Number.NaN;
      }
    }
    expect(Number(row.bytes)).toBe(fileBytes);
    expect(row.variants['170x']).toMatchObject({ width: 170, height: 255 });
    expect(row.variants['236x']).toMatchObject({ width: 236, height: 354 });
    expect(row.variants.orig).toMatchObject({ width: 500, height: 750 });
    for (const variant of Object.values(row.variants)) {
      expect(await storage.exists(variant.key)).toBe(true);
      expect(await storage.exists(variant.webp_key)).toBe(true);
    }
    const urls = variantUrls(storage, row.variants);
    expect(urls['474x'].url).toBe(`/media/pins/${row.sha256.slice(0, 2)}/${row.sha256}/474x.jpg`);
    expect(urls['474x'].webp_url).toBe(
      `/media/pins/${row.sha256.slice(0, 2)}/${row.sha256}/474x.webp`,
    );
  });

  it('deduplicates by sha256: the same bytes again answer the same row and write nothing', async () => {
    const bytes = await solid('#f97316');
    const first = await save(bytes);
    const putsBefore = storage.puts;
    const again = await save(bytes);
    expect(again.id).toBe(first.id);
    expect(storage.puts).toBe(putsBefore);
  });

  it('rewrites the same files for the same image (content-addressed, safe to repeat)', async () => {
    const processed = await processImage(await solid('#16a34a'));
    const once = await storeImageVariants(storage, processed);
    const twice = await storeImageVariants(storage, processed);
    expect(twice).toEqual(once);
  });
});

describe('demoImageStore', () => {
  it('puts a demo picture through the pipeline into storage', async () => {
    const stored = await demoImageStore(storage).store(
      await sharp(await solid('#9333ea'))
        .jpeg()
        .toBuffer(),
    );
    expect(stored.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    for (const variant of Object.values(stored.variants)) {
      expect(await storage.exists(variant.key)).toBe(true);
    }
    expect(await findImageBySha256(handle.db, stored.sha256)).toBeUndefined();
  });
});

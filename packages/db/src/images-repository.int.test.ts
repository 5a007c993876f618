// The `images` rows: one per sha256, whoever inserts first; a lost insert race answers the
// winner's row. (Writing the files is the API media module's, tested there.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './create-db.ts';
import { findImageBySha256, insertImage, type StoredImage } from './images-repository.ts';
import type { StoredVariants } from './schema.ts';
import { createTestDb } from './testing.ts';

let handle: DbHandle;

function storedImage(sha256: string): StoredImage {
  const variant = (size: string, width: number, height: number) => ({
    key: `pins/${sha256.slice(0, 2)}/${sha256}/${size}.jpg`,
    webp_key: `pins/${sha256.slice(0, 2)}/${sha256}/${size}.webp`,
    width,
    height,
  });
  const variants: StoredVariants = {
    '236x': variant('236x', 236, 354),
    '474x': variant('474x', 474, 711),
    '736x': variant('736x', 500, 750),
    orig: variant('orig', 500, 750),
  };
  return { sha256, width: 500, height: 750, dominantColor: '#1d4ed8', variants };
}

const BLUE = 'b'.repeat(64);
const ORANGE = 'a'.repeat(64);

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

async function imageCount(): Promise<number> {
  const row = await handle.db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('insertImage', () => {
  it('records the facts of a new image', async () => {
    const row = await insertImage(handle.db, storedImage(BLUE));
    expect(row).toMatchObject({ sha256: BLUE, width: 500, height: 750, dominant_color: '#1d4ed8' });
    expect(row.variants['236x']).toMatchObject({ width: 236, height: 354 });
    expect((await findImageBySha256(handle.db, BLUE))?.id).toBe(row.id);
  });

  it('answers the existing row for a sha256 already known, adding none', async () => {
    const before = await imageCount();
    const first = await findImageBySha256(handle.db, BLUE);
    const again = await insertImage(handle.db, storedImage(BLUE));
    expect(again.id).toBe(first?.id);
    expect(await imageCount()).toBe(before);
  });

  it('gives a different sha256 its own row', async () => {
    const blue = await findImageBySha256(handle.db, BLUE);
    const orange = await insertImage(handle.db, storedImage(ORANGE));
    expect(orange.id).not.toBe(blue?.id);
  });

  it('works inside a transaction', async () => {
    const green = 'c'.repeat(64);
    const row = await handle.db
      .transaction()
      .execute((trx) => insertImage(trx, storedImage(green)));
    expect((await findImageBySha256(handle.db, green))?.id).toBe(row.id);
  });
});

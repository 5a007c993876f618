// Issue 13: a per-person storage quota (decision 099). A person's usage is the bytes of the images
// they stored first; past the quota uploads and image saves answer 403 STORAGE_QUOTA_EXCEEDED
// before any decoding, store nothing, and say how much is used; the same bytes someone else
// already stored, and repins, cost nothing.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { IMAGE_VARIANT_SIZES } from '@corkboard/shared/layout';
import { jpegBytes } from '../../test/api-client.ts';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sumStoredBytes } from './media.repository.ts';

let handle: DbHandle;
let test: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let first: Buffer;
let second: Buffer;
const QUOTA_HEADROOM = 1_000;

function usedBytes(userId: string): Promise<number> {
  return sumStoredBytes(handle.db, userId);
}

async function filesOnDisk(): Promise<number> {
  const entries = await readdir(join(test.mediaRoot), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

async function personWithBoard(): Promise<{ person: UserFixture; boardId: string }> {
  const person = await fixtures.user();
  return { person, boardId: (await fixtures.board(person)).id };
}

beforeAll(async () => {
  handle = await createTestDb();
  fixtures = createFixtures(handle.db);
  first = await jpegBytes(11);
  second = await jpegBytes(12);
  // Room for the first image, not for the second as well.
  test = await buildTestApp(handle.db, {
    config: { storageQuotaBytes: first.length + QUOTA_HEADROOM },
  });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('the storage quota', () => {
  it('refuses uploads and image saves past it, storing nothing, and says how much is used', async () => {
    const { person, boardId } = await personWithBoard();
    const saved = await test.client.resourceCreate(
      'PinResource',
      { board_id: boardId, image_base64: first.toString('base64') },
      person,
    );
    expect(saved.status).toBe(200);
    const used = await usedBytes(person.id);
    expect(used).toBeGreaterThan(0);

    const imagesBefore = await handle.db.selectFrom('images').select('id').execute();
    const filesBefore = await filesOnDisk();
    const upload = await test.client.upload(second, person);
    expect(upload.status).toBe(403);
    expect(upload.code).toBe(ERROR_CODES.STORAGE_QUOTA_EXCEEDED.code);
    expect(upload.errorData).toEqual({
      quota_bytes: first.length + QUOTA_HEADROOM,
      used_bytes: used,
    });
    const save = await test.client.resourceCreate(
      'PinResource',
      { board_id: boardId, image_base64: second.toString('base64') },
      person,
    );
    expect(save.status).toBe(403);
    expect(save.code).toBe(ERROR_CODES.STORAGE_QUOTA_EXCEEDED.code);
    expect(await handle.db.selectFrom('images').select('id').execute()).toHaveLength(
      imagesBefore.length,
    );
    expect(await filesOnDisk()).toBe(filesBefore);
  });

  it('counts the bytes of every stored file of an image, the 170x board variant included', async () => {
    const { person, boardId } = await personWithBoard();
    const saved = await test.client.resourceCreate(
      'PinResource',
      { board_id: boardId, image_base64: (await jpegBytes(13)).toString('base64') },
      person,
    );
    expect(saved.status).toBe(200);
    const row = await handle.db
      .selectFrom('images')
      .select(['sha256', 'variants'])
      .where('uploaded_by_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row.variants).sort()).toEqual([...IMAGE_VARIANT_SIZES].sort());
    const folder = join(test.mediaRoot, 'pins', row.sha256.slice(0, 2), row.sha256);
    const files = await readdir(folder);
    expect(files).toHaveLength(IMAGE_VARIANT_SIZES.length * 2);
    expect(files).toEqual(expect.arrayContaining(['170x.jpg', '170x.webp']));
    const sizes = await Promise.all(
      files.map(async (file) => (await stat(join(folder, file))).size),
    );
    expect(await usedBytes(person.id)).toBe(sizes.reduce((sum, size) => sum + size, 0));
  });

  it("counts an image against whoever stored it first, and another person's quota is their own", async () => {
    const { person: owner, boardId: ownersBoard } = await personWithBoard();
    const { person: other, boardId: othersBoard } = await personWithBoard();
    const ownerSave = await test.client.resourceCreate(
      'PinResource',
      { board_id: ownersBoard, image_base64: second.toString('base64') },
      owner,
    );
    expect(ownerSave.status).toBe(200);
    // The same bytes again, by someone else: stored once, counted once, against the first.
    const otherSave = await test.client.resourceCreate(
      'PinResource',
      { board_id: othersBoard, image_base64: second.toString('base64') },
      other,
    );
    expect(otherSave.status).toBe(200);
    expect(await usedBytes(owner.id)).toBeGreaterThan(0);
    expect(await usedBytes(other.id)).toBe(0);
  });
});

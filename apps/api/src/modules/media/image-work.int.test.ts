// Issue 13: no bound on image work (40 concurrent uploads grew the server to 3.3 GB). Every image
// the server decodes runs in one bounded pool (decision 092); when it and its queue are full,
// uploads and image saves answer 503 IMAGE_WORK_BUSY in the envelope with Retry-After, and work
// again once a worker is free. (Memory staying flat is measured by `npm run bench:images`.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { IMAGE_WORK_RETRY_AFTER_SECONDS } from '../../lib/image-work-pool.ts';
import { jpegBytes } from '../../test/api-client.ts';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let person: UserFixture;
let boardId: string;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  person = await f.user();
  boardId = (await f.board(person)).id;
  test = await buildTestApp(handle.db, {
    config: { imageWorkConcurrency: 1, imageWorkQueueMax: 0 },
  });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

/** Occupies the only worker until the returned function is called. */
function occupyWorker(): () => Promise<void> {
  let release: () => void = () => undefined;
  const held = test.app.imageWork.run(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  );
  return async () => {
    release();
    await held;
  };
}

describe('image work bound', () => {
  it('answers uploads and image saves 503 IMAGE_WORK_BUSY with Retry-After while saturated', async () => {
    const release = occupyWorker();
    try {
      const upload = await test.client.upload(await jpegBytes(1), person);
      expect(upload.status).toBe(503);
      expect(upload.code).toBe(ERROR_CODES.IMAGE_WORK_BUSY.code);
      expect(upload.response.headers['retry-after']).toBe(String(IMAGE_WORK_RETRY_AFTER_SECONDS));
      expect(upload.errorData).toEqual({ retry_after_seconds: IMAGE_WORK_RETRY_AFTER_SECONDS });

      const save = await test.client.resourceCreate(
        'PinResource',
        { board_id: boardId, image_base64: (await jpegBytes(2)).toString('base64') },
        person,
      );
      expect(save.status).toBe(503);
      expect(save.code).toBe(ERROR_CODES.IMAGE_WORK_BUSY.code);
      expect(save.response.headers['retry-after']).toBe(String(IMAGE_WORK_RETRY_AFTER_SECONDS));
    } finally {
      await release();
    }
  });

  it('takes the same upload once a worker is free', async () => {
    const upload = await test.client.upload(await jpegBytes(1), person);
    expect(upload.status).toBe(200);
    expect(test.app.imageWork.active).toBe(0);
  });
});

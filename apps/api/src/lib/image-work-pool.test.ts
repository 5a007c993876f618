// The image work bound (decision 092): at most `concurrency` run, at most `maxQueued` wait,
// beyond that IMAGE_WORK_BUSY at once; background work may always wait.
import { describe, expect, it } from 'vitest';
import { AppError } from '@corkboard/shared/app-error';
import { ImageWorkPool, IMAGE_WORK_RETRY_AFTER_SECONDS } from './image-work-pool.ts';

function deferred(): { promise: Promise<string>; resolve: (value: string) => void } {
  let resolve: (value: string) => void = () => undefined;
  const promise = new Promise<string>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets p-limit start queued work (it starts it on a microtask). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ImageWorkPool', () => {
  it('runs up to the concurrency, queues up to the limit, then refuses with IMAGE_WORK_BUSY', async () => {
    const pool = new ImageWorkPool({ concurrency: 1, maxQueued: 1 });
    const first = deferred();
    const second = deferred();
    let started = 0;
    const running = pool.run(() => {
      started += 1;
      return first.promise;
    });
    const waiting = pool.run(() => {
      started += 1;
      return second.promise;
    });
    await settle();
    expect(started).toBe(1);
    expect(pool.active).toBe(1);
    expect(pool.queued).toBe(1);
    expect(pool.saturated).toBe(true);

    const refused = await pool.run(() => Promise.resolve('never')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).codeName).toBe('IMAGE_WORK_BUSY');
    expect((refused as AppError).httpStatus).toBe(503);
    expect((refused as AppError).data).toEqual({
      retry_after_seconds: IMAGE_WORK_RETRY_AFTER_SECONDS,
    });
    expect(() => pool.assertAvailable()).toThrow(AppError);

    first.resolve('a');
    expect(await running).toBe('a');
    await settle();
    expect(started).toBe(2);
    expect(pool.saturated).toBe(false);
    second.resolve('b');
    expect(await waiting).toBe('b');
    expect(await pool.run(() => Promise.resolve('c'))).toBe('c');
  });

  it('lets background work wait even when the queue is full', async () => {
    const pool = new ImageWorkPool({ concurrency: 1, maxQueued: 0 });
    const first = deferred();
    const running = pool.run(() => first.promise);
    await settle();
    expect(pool.saturated).toBe(true);
    const background = pool.run(() => Promise.resolve('queued'), 'wait');
    first.resolve('done');
    expect(await running).toBe('done');
    expect(await background).toBe('queued');
  });
});

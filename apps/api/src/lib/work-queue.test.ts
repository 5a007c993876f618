// The bounded intake queue: concurrency, the waiting limit, idle(), and closing (running tasks
// see their signal abort, waiting ones are told they were dropped).
import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const noDrop = () => Promise.resolve();

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks and refuses beyond `maxQueued` waiting', async () => {
    const errors: unknown[] = [];
    const queue = new WorkQueue({
      concurrency: 2,
      maxQueued: 1,
      onError: (error) => errors.push(error),
    });
    const gates = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const task = (gate: { promise: Promise<void> }) => async () => {
      running += 1;
      most = Math.max(most, running);
      await gate.promise;
      running -= 1;
    };
    expect(queue.enqueue(task(gates[0] ?? deferred()), noDrop)).toBe(true);
    expect(queue.enqueue(task(gates[1] ?? deferred()), noDrop)).toBe(true);
    expect(queue.enqueue(task(gates[2] ?? deferred()), noDrop)).toBe(true);
    expect(queue.enqueue(task(deferred()), noDrop)).toBe(false);
    expect(queue.size).toBe(3);
    for (const gate of gates) gate.resolve();
    await queue.idle();
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
    expect(errors).toEqual([]);
  });

  it('hands a failing task to onError and keeps going', async () => {
    const errors: unknown[] = [];
    const queue = new WorkQueue({
      concurrency: 1,
      maxQueued: 5,
      onError: (error) => errors.push(error),
    });
    let ran = false;
    queue.enqueue(() => Promise.reject(new Error('boom')), noDrop);
    queue.enqueue(() => {
      ran = true;
      return Promise.resolve();
    }, noDrop);
    await queue.idle();
    expect(ran).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it('on close aborts running tasks, drops waiting ones, and refuses new ones', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxQueued: 5, onError: () => {} });
    let aborted = false;
    let dropped = false;
    queue.enqueue(
      (signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        }),
      noDrop,
    );
    queue.enqueue(
      () => Promise.resolve(),
      () => {
        dropped = true;
        return Promise.resolve();
      },
    );
    await queue.close();
    expect(aborted).toBe(true);
    expect(dropped).toBe(true);
    expect(queue.enqueue(() => Promise.resolve(), noDrop)).toBe(false);
  });
});

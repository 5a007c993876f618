import { afterEach, describe, expect, test, vi } from 'vitest';
import { runInTasks, yieldToMain } from './boot.ts';

describe('runInTasks', () => {
  test('runs the steps in order with the main thread given back between each two', async () => {
    const log: string[] = [];
    const yieldBetween = vi.fn(() => {
      log.push('yield');
      return Promise.resolve();
    });
    await runInTasks(
      [() => void log.push('a'), () => void log.push('b'), () => void log.push('c')],
      yieldBetween,
    );
    expect(log).toEqual(['a', 'yield', 'b', 'yield', 'c']);
  });

  test('a step does not start before the task break after the previous one', async () => {
    const log: string[] = [];
    let release: () => void = () => undefined;
    const done = runInTasks(
      [() => void log.push('first'), () => void log.push('second')],
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['first']);
    release();
    await done;
    expect(log).toEqual(['first', 'second']);
  });

  test('awaits a step that returns a promise before the next one', async () => {
    const log: string[] = [];
    let finish: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const done = runInTasks(
      [() => slow.then(() => void log.push('chunk')), () => void log.push('render')],
      () => Promise.resolve(),
    );
    await Promise.resolve();
    expect(log).toEqual([]);
    finish();
    await done;
    expect(log).toEqual(['chunk', 'render']);
  });

  test('stops at a step that throws', async () => {
    const after = vi.fn();
    await expect(
      runInTasks(
        [
          () => {
            throw new Error('broken');
          },
          after,
        ],
        () => Promise.resolve(),
      ),
    ).rejects.toThrow('broken');
    expect(after).not.toHaveBeenCalled();
  });
});

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("uses the browser's scheduler.yield when there is one", async () => {
    const nativeYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: nativeYield });
    await yieldToMain();
    expect(nativeYield).toHaveBeenCalledTimes(1);
  });

  test('otherwise resolves in a later task, after the microtasks queued before it', async () => {
    vi.stubGlobal('scheduler', undefined);
    const log: string[] = [];
    const yielded = yieldToMain().then(() => void log.push('task'));
    void Promise.resolve().then(() => void log.push('microtask'));
    await yielded;
    expect(log).toEqual(['microtask', 'task']);
  });
});
